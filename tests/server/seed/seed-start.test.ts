import { afterEach, describe, expect, it } from 'vitest';
import { readEnv, type TEnv } from '../../../server/env';
import { COLLEAGUE_PHONE } from '../../../server/seed/demo-projects';
import { DEMO_PHONE } from '../../../server/seed/seed';
import { knownDemoAccounts, oneSeedAtATime, seedOnStart } from '../../../server/seed/seed-start';
import { hashPassword } from '../../../server/services/access/users.service';
import { startBanner, startWarnings } from '../../../server/start-banner';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 42 item 2: no known password in production. The demo accounts (13800138000 / 13800138001, demo1234) are
 * made by development and test starts only, or where DEMO_ACCOUNTS=1 says so; a production start never makes them,
 * and one that finds them with their published password warns, naming DEMO_ACCOUNTS.
 */
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const start = async (env: Record<string, string>) => {
  t ??= await createTestApp({ jobs: 'manual' });
  const parsed: TEnv = readEnv(env);
  return seedOnStart(t.app, t.database, parsed);
};
const accounts = () =>
  t!.database.query<{ phone: string }>('SELECT phone FROM users WHERE phone = ANY($1::text[]) ORDER BY phone', [[DEMO_PHONE, COLLEAGUE_PHONE]]);
const templates = async () => (await t!.database.query<{ n: number }>('SELECT count(*)::int AS n FROM projects WHERE is_template'))[0]!.n;
const demoData = async () =>
  (
    await t!.database.query<{ projects: number; votes: number; orders: number; bookings: number }>(
      `SELECT (SELECT count(*)::int FROM projects WHERE NOT is_template) AS projects, (SELECT count(*)::int FROM vote_activities WHERE NOT is_template) AS votes,
              (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM appointment_bookings) AS bookings`,
    )
  )[0];
const login = async (phone: string) => (await t!.call('activity/user/userNameLogin', { userName: phone, password: 'demo1234' }, {})).resultCode;

describe(`demo accounts at start on ${engineName()}`, () => {
  it('a production start makes none (the catalogues it does), and its banner names no password', async () => {
    expect(await start({ NODE_ENV: 'production' })).toBe('none');
    expect(await accounts()).toEqual([]);
    expect(await login(DEMO_PHONE)).not.toBe('200');
    expect(await templates()).toBeGreaterThan(0);
    // Nor any of the demo's sample projects and activities (issue 44: one of each kind, in development only).
    expect(await demoData()).toEqual({ projects: 0, votes: 0, orders: 0, bookings: 0 });
    expect(startBanner(readEnv({ NODE_ENV: 'production' }), 'PostgreSQL', 'none').join('\n')).not.toContain('demo1234');
    // Started again: still none.
    expect(await start({ NODE_ENV: 'production' })).toBe('none');
    expect(await accounts()).toEqual([]);
    expect(await demoData()).toEqual({ projects: 0, votes: 0, orders: 0, bookings: 0 });
  });

  it('a development start makes both with their sample projects; DEMO_ACCOUNTS=0 makes none', async () => {
    expect(await start({ NODE_ENV: 'development', DEMO_ACCOUNTS: '0' })).toBe('none');
    expect(await accounts()).toEqual([]);
    expect(await start({ NODE_ENV: 'development' })).toBe('seeded');
    expect(await accounts()).toEqual([{ phone: DEMO_PHONE }, { phone: COLLEAGUE_PHONE }]);
    expect(await login(DEMO_PHONE)).toBe('200');
    expect(await login(COLLEAGUE_PHONE)).toBe('200');
  });

  it('a production start that finds them with the published password warns, naming DEMO_ACCOUNTS; changed passwords end the warning', async () => {
    // Left by an earlier start (a development start on the same database, or DEMO_ACCOUNTS=1).
    expect(await start({ NODE_ENV: 'production', DEMO_ACCOUNTS: '1' })).toBe('seeded');
    expect(startWarnings(readEnv({ NODE_ENV: 'production', DEMO_ACCOUNTS: '1' }), 'seeded')).toContainEqual({
      setting: 'DEMO_ACCOUNTS',
      message: expect.stringContaining('演示账号已开启（DEMO_ACCOUNTS=1）'),
    });
    expect(await start({ NODE_ENV: 'production' })).toBe('found');
    expect(await knownDemoAccounts(t!.database)).toEqual([DEMO_PHONE, COLLEAGUE_PHONE]);
    const warned = startBanner(readEnv({ NODE_ENV: 'production' }), 'PGlite', 'found').join('\n');
    expect(warned).toContain('⚠ 数据库中有演示账号（13800138000 / 13800138001），密码仍是公开的 demo1234');

    await t!.database.query(`UPDATE users SET password_hash = NULL WHERE phone = $1`, [DEMO_PHONE]);
    expect(await knownDemoAccounts(t!.database)).toEqual([COLLEAGUE_PHONE]);
    await t!.database.query(`UPDATE users SET password_hash = $2 WHERE phone = $1`, [COLLEAGUE_PHONE, await hashPassword('a-password-of-their-own')]);
    expect(await start({ NODE_ENV: 'production' })).toBe('none');
  });
});

describe(`starts seeding one database at once on ${engineName()}`, () => {
  it('seed one after the other: a start waits while another seeds, then finds its work done (the demo kinds need the samples the other start makes)', async () => {
    t = await createTestApp({ jobs: 'manual' });
    const development = readEnv({ NODE_ENV: 'development' });
    // Another start is seeding (held open here): this start makes nothing meanwhile, not even the demo account.
    let release!: () => void;
    const held = oneSeedAtATime(t.database, () => new Promise<void>((resolve) => (release = resolve)));
    const waiting = seedOnStart(t.app, t.database, development);
    const deadline = Date.now() + 2_000;
    while (Date.now() < deadline && !(await accounts()).length) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await accounts()).toEqual([]);
    release();
    await held;
    expect(await waiting).toBe('seeded');
    expect(await accounts()).toEqual([{ phone: DEMO_PHONE }, { phone: COLLEAGUE_PHONE }]);
    // Two starts together: both succeed, and the demo is there once.
    const once = await demoData();
    const sibling = await siblingApp(t, {});
    try {
      expect(await Promise.all([seedOnStart(t.app, t.database, development), seedOnStart(sibling.app, t.database, development)])).toEqual(['seeded', 'seeded']);
    } finally {
      await sibling.close();
    }
    expect(await demoData()).toEqual(once);
  }, 120_000);
});
