import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLOCK_SHIFT_DAYS, DATE_SENSITIVE_SUITES } from '../../scripts/date-sensitive-suites';

/**
 * Issue 41: CI runs the date-sensitive suites once more with the process clock a year ahead. Shown here on a
 * small chain test written with a fixed deadline six months from today (as the test that turned CI red held
 * 2026-11-30): it passes on today's clock and fails in the lane, while the same test with its deadline taken from
 * now plus a margin passes in both. PGlite's now() moves with the clock, so database-side checks are shifted too.
 */
// Inside the checkout (git ignores .scratch-*), so the written test resolves vitest and PGlite from node_modules.
const dir = mkdtempSync(path.resolve('.scratch-clock-lane-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function chainTest(deadline: string): string {
  return `import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';

const canJoin = (deadline: string, now = new Date()) => now < new Date(deadline);

it('joins a chain before its deadline', async () => {
  const deadline = ${deadline};
  const db = new PGlite();
  const { rows } = await db.query<{ open: boolean }>('SELECT now() < $1::timestamptz AS open', [deadline]);
  await db.close();
  expect(rows[0]!.open, 'the database says the chain is open').toBe(true);
  expect(canJoin(deadline), 'the server says the chain is open').toBe(true);
});
`;
}

function runLane(file: string, shiftDays: number): { status: number | null; output: string } {
  const run = spawnSync(
    process.execPath,
    [path.resolve('node_modules/vitest/vitest.mjs'), 'run', '--config', path.resolve('tests/fixtures/clock-lane/vitest.config.ts'), '--root', dir, file],
    {
      encoding: 'utf8',
      env: { ...process.env, CLOCK_LANE_DIR: dir, WJ_CLOCK_SHIFT_DAYS: String(shiftDays), DATABASE_URL: '' },
      timeout: 120_000,
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("npm test's year-ahead lane", () => {
  it('names suites that exist', () => {
    expect(DATE_SENSITIVE_SUITES.filter((suite) => !existsSync(suite))).toEqual([]);
    expect(CLOCK_SHIFT_DAYS).toBeGreaterThanOrEqual(365);
  });

  it('fails a test holding a fixed deadline six months ahead, which passes on today’s clock', () => {
    const fixed = new Date(Date.now() + 182 * 86_400_000).toISOString();
    writeFileSync(path.join(dir, 'fixed-deadline.test.ts'), chainTest(`'${fixed}'`));
    const today = runLane('fixed-deadline', 0);
    expect(today.status, today.output).toBe(0);
    const ahead = runLane('fixed-deadline', CLOCK_SHIFT_DAYS);
    expect(ahead.status, ahead.output).toBe(1);
    expect(ahead.output).toContain('joins a chain before its deadline');
    // The database's clock moved too: its check is the first to fail.
    expect(ahead.output).toContain('the database says the chain is open');
  }, 240_000);

  it('passes the same test with its deadline from now plus a margin, the database clock included', () => {
    writeFileSync(path.join(dir, 'relative-deadline.test.ts'), chainTest('new Date(Date.now() + 7 * 86_400_000).toISOString()'));
    const ahead = runLane('relative-deadline', CLOCK_SHIFT_DAYS);
    expect(ahead.status, ahead.output).toBe(0);
  }, 240_000);
});
