import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childCpuSeconds, childTicks } from '../../scripts/child-cpu';

describe('the CPU of finished child processes (scripts/child-cpu.ts)', () => {
  it('reads cutime + cstime after the command name, even one with spaces and brackets', () => {
    const line = '4242 (node (x) y) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 30 1200 345 20 0 11 0 999 1000 100';
    expect(childTicks(line)).toBe(1200 + 345);
    expect(() => childTicks('4242 (node) S 1')).toThrow(/not a \/proc stat line/);
  });

  it("grows by a finished child's work", () => {
    const before = childCpuSeconds();
    if (before === undefined) throw new Error('this suite runs on Linux (CI does)');
    // A child that spins until its own CPU clock (process.cpuUsage) has counted 0.3 s.
    const child = spawnSync('node', ['-e', 'while (process.cpuUsage().user < 300_000);']);
    expect(child.status).toBe(0);
    expect(childCpuSeconds()! - before).toBeGreaterThanOrEqual(0.25);
  });
});
