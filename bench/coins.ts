/**
 * Coins bench (issue 51): the coin calls through the app's routes (token, Zod, the transaction with its one conditional
 * statement and the ledger row), N at once. Prints per scenario calls per second, each call's p50/p95 and whether the
 * money came out exact:
 *  - sign-ins: N users sign in once each (activity/task/receiveSignTask);
 *  - reward claims: N users receive their done 新手任务 1-1 once each, then 20 claims of one user's task spread over the
 *    three brands (paid once in all);
 *  - coin draws: N users draw once each (activity/coinDraw/getUserDraw);
 *  - gift exchanges with contention: N users exchange one gift with STOCK left (activity/gift/getGiftExchange);
 *  - the task list (activity/task/getWxAppletTaskList) for a user with 0, P/10 and P projects: its latency should not
 *    grow with the projects (its progress is a few counting queries, none per project).
 * PGlite by default; PostgreSQL with DATABASE_URL. BENCH_USERS (default 200), BENCH_PROJECTS (default 1000),
 * BENCH_STOCK (default 20).
 * Run: node --import tsx bench/coins.ts
 */
import { performance } from 'node:perf_hooks';
import type { TTask } from '../schemas/api/coins';
import { exactCoinMover } from '../server/services/coin-ledger/coin-ledger.service';
import { loginNewUser } from '../tests/helpers/fixtures';
import { createTestApp, type TestApp } from '../tests/helpers/test-app';
import { engineName } from '../tests/helpers/test-db';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 1000);
const STOCK = Number(process.env.BENCH_STOCK ?? 20);
const HOSTS = ['localhost', 'toupiao.localhost', 'jielong.localhost'];
const address = { receiverName: '张三', receiverPhone: '13800138000', region: '浙江省 杭州市 西湖区', address: '文三路 100 号' };

type User = Awaited<ReturnType<typeof loginNewUser>> & { userId: number };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function users(t: TestApp, n: number, coins = 0): Promise<User[]> {
  const list: User[] = [];
  for (let i = 0; i < n; i++) {
    const u = await loginNewUser(t);
    const [row] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [u.phone]);
    if (coins > 0)
      await t.database.transaction((q) =>
        exactCoinMover.change(q, { userId: row!.id, brand: 'wenjuan', delta: coins, reason: 'buy', title: '压测充值', at: new Date() }),
      );
    list.push({ ...u, userId: row!.id });
  }
  return list;
}

/** Every call at once; codes counted, each call's time and the wall time. */
async function race(calls: (() => Promise<{ resultCode: string }>)[]) {
  const times: number[] = [];
  const codes: Record<string, number> = {};
  const t0 = performance.now();
  await Promise.all(
    calls.map(async (call) => {
      const start = performance.now();
      const answer = await call();
      times.push(performance.now() - start);
      codes[answer.resultCode] = (codes[answer.resultCode] ?? 0) + 1;
    }),
  );
  const wall = performance.now() - t0;
  times.sort((a, b) => a - b);
  return { wall, codes, p50: pct(times, 50), p95: pct(times, 95), perSecond: (calls.length / wall) * 1000 };
}

function line(label: string, r: Awaited<ReturnType<typeof race>>, exact: string) {
  const codes = Object.entries(r.codes)
    .map(([c, n]) => `${c}×${n}`)
    .join(' ');
  console.log(`${label.padEnd(44)} ${r.perSecond.toFixed(0).padStart(6)}/s  p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  [${codes}]  ${exact}`);
}

const one = async <T>(t: TestApp, sql: string, params: unknown[]) => (await t.database.query<T>(sql, params))[0]!;

async function signIns(t: TestApp) {
  const us = await users(t, USERS);
  const r = await race(us.map((u) => () => t.call('activity/task/receiveSignTask', {}, u.headers)));
  const { n } = await one<{ n: number }>(t, `SELECT count(*)::int AS n FROM coin_ledger WHERE reason = 'sign' AND user_id = ANY($1)`, [
    us.map((u) => u.userId),
  ]);
  line(`sign-ins (${USERS} users)`, r, n === USERS ? 'exact: one ledger row each' : `NOT EXACT: ${n} rows`);
}

async function claims(t: TestApp) {
  const us = await users(t, USERS);
  const ids: string[] = [];
  for (const u of us) {
    const list = await t.call<{ tasks: TTask[] }>('activity/task/getWxAppletTaskList', {}, u.headers);
    ids.push(list.data.tasks.find((x) => x.code === '1-1')!.taskId);
  }
  const r = await race(us.map((u, i) => () => t.call('activity/task/receiveTaskReward', { taskId: ids[i] }, u.headers)));
  const { n } = await one<{ n: number }>(t, `SELECT count(*)::int AS n FROM coin_ledger WHERE reason = 'task' AND user_id = ANY($1)`, [
    us.map((u) => u.userId),
  ]);
  line(`reward claims (${USERS} users, 1-1)`, r, n === USERS ? 'exact: one payment each' : `NOT EXACT: ${n} payments`);

  const [u] = await users(t, 1);
  const list = await t.call<{ tasks: TTask[] }>('activity/task/getWxAppletTaskList', {}, u!.headers);
  const taskId = list.data.tasks.find((x) => x.code === '1-1')!.taskId;
  const c = await race(
    Array.from({ length: 20 }, (_, i) => () => t.call('activity/task/receiveTaskReward', { taskId }, { ...u!.headers, host: HOSTS[i % 3]! })),
  );
  const paid = await one<{ n: number }>(t, `SELECT count(*)::int AS n FROM coin_ledger WHERE reason = 'task' AND user_id = $1`, [u!.userId]);
  line('20 claims of one task over 3 brands', c, paid.n === 1 ? 'exact: paid once in all' : `NOT EXACT: paid ${paid.n} times`);
}

async function draws(t: TestApp) {
  const us = await users(t, USERS, 100);
  const r = await race(us.map((u) => () => t.call('activity/coinDraw/getUserDraw', {}, u.headers)));
  const { n } = await one<{ n: number }>(t, `SELECT count(*)::int AS n FROM coin_draws WHERE user_id = ANY($1)`, [us.map((u) => u.userId)]);
  const { spent } = await one<{ spent: number }>(t, `SELECT coalesce(-sum(delta), 0)::int AS spent FROM coin_ledger WHERE delta < 0 AND user_id = ANY($1)`, [
    us.map((u) => u.userId),
  ]);
  line(`coin draws (${USERS} users)`, r, n === USERS && spent === USERS * 20 ? 'exact: one draw, 20 spent each' : `draws ${n}, spent ${spent}`);
}

async function exchanges(t: TestApp) {
  const giftId = `g_bench_${process.pid}_${Date.now()}`;
  const gift = await one<{ id: number }>(
    t,
    `INSERT INTO gifts (public_id, name, description, coin_price, stock, sort) VALUES ($1, '压测礼品', '压测', 100, $2, 99) RETURNING id`,
    [giftId, STOCK],
  );
  const us = await users(t, USERS, 100);
  const r = await race(us.map((u) => () => t.call('activity/gift/getGiftExchange', { giftId, address }, u.headers)));
  const { made } = await one<{ made: number }>(t, 'SELECT count(*)::int AS made FROM gift_exchanges WHERE gift_id = $1', [gift.id]);
  const { stock } = await one<{ stock: number }>(t, 'SELECT stock FROM gifts WHERE id = $1', [gift.id]);
  line(`gift exchanges (${USERS} users, stock ${STOCK})`, r, made === STOCK && stock === 0 ? `exact: ${made} made, stock 0` : `made ${made}, stock ${stock}`);
}

/** A user's task list at 0, P/10 and P projects (half published, each with one sheet): median of 20 calls. */
async function taskList(t: TestApp) {
  const [u] = await users(t, 1);
  const sizes = [0, Math.round(PROJECTS / 10), PROJECTS];
  let made = 0;
  for (const size of sizes) {
    for (; made < size; made++) {
      const created = await t.call<{ questionId: string }>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: `压测 ${made}` }, u!.headers);
      if (created.resultCode !== '200') throw new Error(created.resultMsg);
    }
    await t.database.query(`UPDATE projects SET published_at = now() WHERE owner_id = $1 AND published_at IS NULL AND id % 2 = 0`, [u!.userId]);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      const answer = await t.call('activity/task/getWxAppletTaskList', {}, u!.headers);
      times.push(performance.now() - start);
      if (answer.resultCode !== '200') throw new Error(answer.resultMsg);
    }
    times.sort((a, b) => a - b);
    console.log(`${`task list, ${size} projects`.padEnd(44)} p50 ${ms(pct(times, 50))}  p95 ${ms(pct(times, 95))}`);
  }
}

async function main() {
  const t = await createTestApp();
  console.log(`coins bench on ${engineName()}: ${USERS} users per scenario, gift stock ${STOCK}, up to ${PROJECTS} projects`);
  try {
    await signIns(t);
    await claims(t);
    await draws(t);
    await exchanges(t);
    await taskList(t);
  } finally {
    await t.close();
  }
}

await main();
