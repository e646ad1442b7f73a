/**
 * Red-envelope approvals bench (issue 49 item 1): N approveRedPacket calls fired at once (one sheet each, through the
 * app's route: token, Zod, the approval's transaction with the budget's one conditional statement, the sandbox
 * transfer), against a budget for fewer envelopes than sheets and against one for every sheet. Prints approvals per
 * second, each call's p50/p95, and whether the budget came out exact (paid envelopes, sandbox transfers and the
 * payout ledger all equal to the budget, nothing over). The naive read-then-write take (tests/helpers) races the
 * same first case through the service, for scale and to show what exactness costs.
 * PGlite by default; PostgreSQL with DATABASE_URL. BENCH_SHEETS (default 50,200) sets N; BENCH_ROUNDS (default 2).
 * Run: node --import tsx bench/red-envelope.ts
 */
import { performance } from 'node:perf_hooks';
import type { TRedRule } from '../schemas/red-envelope/rules';
import { exactBudget, type BudgetStrategy } from '../server/services/red-envelope/red-budget';
import { approveSheets } from '../server/services/red-envelope/red-review.service';
import { loginNewUser, makeSubject } from '../tests/helpers/fixtures';
import { naiveBudget } from '../tests/helpers/naive-red-envelope';
import { publishProject, submissionId } from '../tests/helpers/publish';
import { createTestApp, type TestApp } from '../tests/helpers/test-app';
import { engineName } from '../tests/helpers/test-db';

const SIZES = (process.env.BENCH_SHEETS ?? '50,200').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const RP = 'activity/question/redPacket/';
const ADVICE = makeSubject(7, 1, '建议');

const rule = (count: number, mode: 'fixed' | 'random'): TRedRule => ({
  amountMode: mode,
  minFen: mode === 'fixed' ? 100 : 30,
  maxFen: mode === 'fixed' ? 100 : 500,
  totalCount: count,
  budgetFen: 100 * count,
  qualify: 'valid',
  minScore: null,
  firstN: null,
});

async function ok<T>(t: TestApp, path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
  const answer = await t.call<T>(path, body, headers);
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data;
}

/** A published survey with a paid-in envelope of `envelopes` and `sheets` valid sheets waiting for review. */
async function setUp(t: TestApp, sheets: number, envelopes: number, mode: 'fixed' | 'random') {
  const owner = await loginNewUser(t);
  const [user] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [owner.phone]);
  const order = await ok<{ orderNo: string }>(t, 'recharge/saveRechargeOrder', { amountFen: 100 * envelopes }, owner.headers);
  await ok(t, 'active/pay/sandbox/decide', { outTradeNo: order.orderNo, outcome: 'pay' });
  const questionId = await publishProject(t, owner.headers, { subjects: [ADVICE] });
  await ok(t, `${RP}saveRedPacket`, { questionId, rule: rule(envelopes, mode) }, owner.headers);
  await ok(t, `${RP}payRedPacket`, { questionId }, owner.headers);
  for (let i = 0; i < sheets; i++)
    await ok(t, 'active/write/submit', {
      questionId,
      submissionId: submissionId(),
      answers: { [ADVICE.uuid]: `意见 ${i}` },
      deviceId: `bench${i}-${Math.random().toString(36).slice(2, 10)}`,
      durationSeconds: 60,
      source: 'link',
    });
  const [project] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
  const rows = await t.database.query<{ public_id: string }>('SELECT public_id FROM answer_sheets WHERE project_id = $1 ORDER BY id', [project!.id]);
  return { owner, ownerId: user!.id, questionId, projectId: project!.id, sheetIds: rows.map((r) => r.public_id), budget: 100 * envelopes, envelopes };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

/** What the money says afterwards: envelopes paid, the sandbox's transfers, the ledger's payouts. */
async function moneyOf(t: TestApp, s: Setup) {
  const [row] = await t.database.query<{ paid: number; allocated: number; payout: number; transfers: number; sent: number }>(
    `SELECT e.paid_count AS paid, e.allocated_fen AS allocated,
       coalesce((SELECT sum(amount_fen) FROM red_envelope_ledger WHERE project_id = e.project_id AND kind = 'payout'), 0)::int AS payout,
       (SELECT count(*) FROM sandbox_transfers WHERE out_batch_no LIKE $2)::int AS transfers,
       coalesce((SELECT sum(amount_fen) FROM sandbox_transfers WHERE out_batch_no LIKE $2), 0)::int AS sent
     FROM red_envelopes e WHERE e.project_id = $1`,
    [s.projectId, `RP${s.projectId}S%`],
  );
  return row!;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Every sheet approved at once, one call each; the calls' own times and the wall time. */
async function race(approveOne: (sheetId: string) => Promise<boolean>, sheetIds: string[]) {
  const times: number[] = [];
  const t0 = performance.now();
  const outcomes = await Promise.all(
    sheetIds.map(async (id) => {
      const start = performance.now();
      const paid = await approveOne(id);
      times.push(performance.now() - start);
      return paid;
    }),
  );
  const wall = performance.now() - t0;
  times.sort((a, b) => a - b);
  return { wall, paid: outcomes.filter(Boolean).length, p50: pct(times, 50), p95: pct(times, 95) };
}

const viaRoute = (t: TestApp, s: Setup) => async (sheetId: string) => {
  const answer = await t.call<{ done: number }>(`${RP}approveRedPacket`, { questionId: s.questionId, sheetIds: [sheetId] }, s.owner.headers);
  if (answer.resultCode !== '200') throw new Error(`approveRedPacket: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data.done === 1;
};
const viaService = (t: TestApp, s: Setup, strategy: BudgetStrategy) => async (sheetId: string) =>
  (await approveSheets(t.database, t.app.deps.pay, { kind: 'project', id: s.projectId }, [sheetId], s.ownerId, new Date(), strategy)).done === 1;

async function scenario(
  t: TestApp,
  label: string,
  sheets: number,
  envelopes: number,
  mode: 'fixed' | 'random',
  how: 'route' | 'exact' | 'naive',
  print = true,
) {
  const s = await setUp(t, sheets, envelopes, mode);
  const approve = how === 'route' ? viaRoute(t, s) : viaService(t, s, how === 'exact' ? exactBudget : naiveBudget);
  const r = await race(approve, s.sheetIds);
  const m = await moneyOf(t, s);
  if (!print) return;
  const exact =
    r.paid === envelopes && m.paid === envelopes && m.allocated === s.budget && m.payout === s.budget && m.sent === s.budget && m.transfers === envelopes;
  console.log(
    `| ${label} | ${sheets} | ${envelopes} | ${(r.wall / 1000).toFixed(2)} s | ${Math.round(sheets / (r.wall / 1000))} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ` +
      `${r.paid} paid, ${m.transfers} transfers, ${m.sent} of ${s.budget} fen | ${exact ? 'exact' : m.sent > s.budget ? `**over by ${m.sent - s.budget} fen**` : 'NOT exact'} |`,
  );
}

async function main() {
  const t = await createTestApp({ jobs: 'manual' });
  console.log(`engine: ${engineName()}; ${ROUNDS} round(s)`);
  // Warm-up (JIT, statement plans, the sandbox's first transfer), not printed.
  await scenario(t, 'warm-up', 10, 5, 'fixed', 'route', false);
  await scenario(t, 'warm-up', 10, 5, 'fixed', 'exact', false);
  console.log('| case | sheets approved at once | envelopes | wall | approvals/s | p50 | p95 | money | budget |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (let round = 0; round < ROUNDS; round++) {
    for (const n of SIZES) {
      await scenario(t, 'approveRedPacket route, fixed 1 元, budget for 1 in 5', n, Math.max(1, Math.floor(n / 5)), 'fixed', 'route');
      await scenario(t, 'approveRedPacket route, random 0.30–5 元, budget for 1 in 5', n, Math.max(1, Math.floor(n / 5)), 'random', 'route');
      await scenario(t, 'approveRedPacket route, fixed 1 元, budget for all', n, n, 'fixed', 'route');
      await scenario(t, 'service, exact take, budget for 1 in 5', n, Math.max(1, Math.floor(n / 5)), 'fixed', 'exact');
      await scenario(t, 'service, naive read-then-write take, budget for 1 in 5', n, Math.max(1, Math.floor(n / 5)), 'fixed', 'naive');
    }
  }
  await t.close();
}

await main();
