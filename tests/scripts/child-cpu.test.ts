import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childTicks, CPU_WRAPPER, ticksPerSecond } from '../../scripts/child-cpu';

describe('the CPU of a lane (scripts/child-cpu.ts)', () => {
  it('reads cutime + cstime after the command name, even one with spaces and brackets', () => {
    const line = '4242 (node (x) y) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 30 1200 345 20 0 11 0 999 1000 100';
    expect(childTicks(line)).toBe(1200 + 345);
    expect(() => childTicks('4242 (node) S 1')).toThrow(/not a \/proc stat line/);
  });

  it("the wrapper's stat line holds the command's work and the command's exit code is kept", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wj-cpu-'));
    try {
      const file = path.join(dir, 'lane.cpu');
      // A command that spins until its own CPU clock (process.cpuUsage) has counted 0.3 s, then exits with 3.
      const spin = 'while (process.cpuUsage().user < 300_000); process.exit(3)';
      const child = spawnSync('sh', ['-c', CPU_WRAPPER, file, process.execPath, '-e', spin]);
      expect(child.status).toBe(3);
      expect(childTicks(readFileSync(file, 'utf8')) / ticksPerSecond()).toBeGreaterThanOrEqual(0.25);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
