import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TManageBooking } from '../../../schemas/api/appointment';
import type { TChainManageView } from '../../../schemas/api/chain';
import type { TCheckInManageView } from '../../../schemas/api/checkin';
import type { TGroupBuyManageView } from '../../../schemas/api/groupbuy';
import type { TOrderListResult } from '../../../schemas/api/pay';
import type { TProjectInfo } from '../../../schemas/api/question';
import type { TTrend, TVoteList } from '../../../schemas/api/vote';
import type { TComment } from '../../../schemas/api/vote-extras';
import { shanghaiDay } from '../../../schemas/checkin/days';
import { QUESTION_TYPE, SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import { readEnv } from '../../../server/env';
import { COLLEAGUE_PHONE, DEMO_PASSWORD, DEMO_PHONE } from '../../../server/seed/seed';
import { seedOnStart } from '../../../server/seed/seed-start';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// Issue 44: a newcomer logging in as the demo account saw a survey, an exam and a form, and nothing of what 投票通
// and 接龙通 are for. The seed now adds one of each newer kind, in a state worth looking at, through the app's calls.
// The database is seeded as a development start seeds it (server/start.ts → seedOnStart), and started again below.
const DEVELOPMENT = readEnv({ NODE_ENV: 'development' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-demo-kinds-'));
let t: TestApp;
let demo: { token: string };
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  expect(await seedOnStart(t.app, t.database, DEVELOPMENT)).toBe('seeded');
  demo = await login(DEMO_PHONE);
}, 240_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function login(phone: string) {
  return { token: (await t.call<{ token: string }>('activity/user/userNameLogin', { userName: phone, password: DEMO_PASSWORD })).data.token };
}
async function ok<T>(path: string, body: object, headers: Record<string, string> = demo) {
  const answer = await t.call<T>(path, body, headers);
  expect(answer.resultCode, `${path}: ${answer.resultMsg}`).toBe('200');
  return answer.data;
}
const projects = async (questionType: number, headers = demo) =>
  (await ok<{ list: TProjectInfo[] }>('activity/question/getWxQuestionList', { questionType, page: 1, pageSize: 20 }, headers)).list;
const one = async (questionType: number, solitaireType?: number) => {
  const found = (await projects(questionType)).filter((p) => solitaireType === undefined || p.solitaireType === solitaireType);
  expect(found).toHaveLength(1);
  return found[0]!;
};
const voteOf = async () => (await ok<TVoteList>('activity/vote/getVoteList', { page: 1, pageSize: 10 }, { ...demo, host: 'toupiao.localhost' })).list[0]!;

/** The kinds each brand is for, as its workbench lists them (by project type, 投票通's votes from their own list). */
const BRAND_KINDS = {
  wenjuan: { 问卷: [QUESTION_TYPE.survey], 考试: [QUESTION_TYPE.exam], 表单: [QUESTION_TYPE.form] },
  jielong: {
    报名接龙: [QUESTION_TYPE.solitaire, SOLITAIRE_TYPE.signUp],
    打卡: [QUESTION_TYPE.solitaire, SOLITAIRE_TYPE.checkIn],
    团购: [QUESTION_TYPE.solitaire, SOLITAIRE_TYPE.groupBuy],
    收款: [QUESTION_TYPE.online],
    预约: [QUESTION_TYPE.appoint],
  },
} as const;

/** Every kind of every brand, asked with the brand's host (`<brand>.localhost`): each row's title and count (its records, a vote's votes). */
async function workbenches(): Promise<Record<string, { title: string; count: number }[]>> {
  const seen: Record<string, { title: string; count: number }[]> = {};
  for (const [brand, kinds] of Object.entries(BRAND_KINDS)) {
    for (const [name, [questionType, solitaireType]] of Object.entries(kinds) as [string, readonly number[]][]) {
      const { list } = await ok<{ list: TProjectInfo[] }>(
        'activity/question/getWxQuestionList',
        { questionType, page: 1, pageSize: 20 },
        { ...demo, host: `${brand}.localhost` },
      );
      seen[`${brand} ${name}`] = list
        .filter((p) => solitaireType === undefined || p.solitaireType === solitaireType)
        .map((p) => ({ title: p.title, count: p.recordCount }));
    }
  }
  const votes = await ok<TVoteList>('activity/vote/getVoteList', { page: 1, pageSize: 10 }, { ...demo, host: 'toupiao.localhost' });
  seen['toupiao 投票'] = votes.list.map((v) => ({ title: v.title, count: v.voteCount }));
  return seen;
}

describe('demo kinds: one of each newer kind in a believable state', () => {
  it('every brand lists each of its kinds with a count above zero', async () => {
    const seen = await workbenches();
    expect(Object.keys(seen)).toHaveLength(9);
    // A kind may hold another sample beside it (the survey the colleague shares before anyone answers it).
    for (const [kind, rows] of Object.entries(seen))
      expect(Math.max(0, ...rows.map((row) => row.count)), `${kind}: ${JSON.stringify(rows)}`).toBeGreaterThan(0);
  });

  it('投票通: a running vote of 8 players with pictures, votes growing day by day over the week, and comments some of which wait', async () => {
    const vote = await voteOf();
    expect(vote).toMatchObject({ phase: 'running', playerCount: 8 });
    expect(vote.voteCount).toBeGreaterThanOrEqual(150);
    expect(vote.visitCount).toBeGreaterThan(50);
    expect(vote.coverImages[0]).toMatch(/^\/uploads\//);
    const detail = await ok<{ brand: string }>('activity/vote/getVote', { voteId: vote.voteId });
    expect(detail.brand).toBe('toupiao');
    const players = await ok<{ list: { photo: string; votes: number }[] }>('activity/player/getPlayerList', { voteId: vote.voteId, page: 1, pageSize: 20 });
    expect(players.list.every((p) => p.photo.startsWith('/uploads/'))).toBe(true);
    const photo = await t.app.inject({ method: 'GET', url: players.list[0]!.photo });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');

    // The trend has a curve: a bucket a day for the week, more votes on the later days than on the first.
    const trend = await ok<TTrend>('activity/vote/getVotingTrendList', { voteId: vote.voteId, top: 8 });
    expect(trend.unit).toBe('day');
    expect(trend.buckets.length).toBeGreaterThanOrEqual(6);
    const perDay = trend.buckets.map((_, i) => trend.series.reduce((sum, s) => sum + s.counts[i]!, 0));
    expect(perDay[perDay.length - 2]!).toBeGreaterThan(perDay[0]!);
    expect(trend.total).toBe(vote.voteCount);
    // Nothing was cast too fast or in a burst: the limits and the suspicion rules held for every ballot.
    const suspect = await ok<{ total: number }>('activity/vote/getVotingDetailList', { voteId: vote.voteId, suspect: true, page: 1, pageSize: 10 });
    expect(suspect.total).toBe(0);

    const comments = await ok<{ list: TComment[] }>('activity/vote/getCommentList', { voteId: vote.voteId, manage: true, page: 1, pageSize: 20 });
    expect(comments.list.filter((c) => c.status === 'shown').length).toBeGreaterThanOrEqual(4);
    expect(comments.list.filter((c) => c.status === 'pending').length).toBeGreaterThanOrEqual(1);
  });

  it('接龙通: a sign-up chain at its cap of 12 with people on the waitlist, one who withdrew and one who moved up', async () => {
    const chain = await one(5, 4);
    const view = await ok<TChainManageView>('activity/question/solitaire/getChainManage', { questionId: chain.questionId });
    expect(view.settings.cap).toBe(12);
    expect(view.counts).toMatchObject({ joinedPeople: 12, waitingCount: 2 });
    expect(view.entries.map((e) => e.state)).toEqual(expect.arrayContaining(['joined', 'waitlisted', 'withdrawn']));
  });

  it('接龙通: a daily check-in of the colleague, shared with the demo account, with a week of records ending today and streaks of every length', async () => {
    const checkIn = await one(5, 1);
    expect(checkIn.isTeamWork).toBe(1);
    expect(checkIn.powerType).toBe(3);
    const view = await ok<TCheckInManageView>('activity/question/solitaire/getCheckInManage', { questionId: checkIn.questionId });
    expect(view.participants).toBe(8);
    const days = new Set(view.records.map((r) => r.day));
    expect(days.size).toBeGreaterThanOrEqual(6);
    expect([...days].sort().at(-1)! <= shanghaiDay(new Date())).toBe(true);
    expect(view.records.map((r) => r.kind)).toEqual(expect.arrayContaining(['ontime', 'late', 'makeup']));
    const longest = view.ranking.map((r) => r.longest);
    expect(Math.max(...longest)).toBeGreaterThanOrEqual(6);
    expect(new Set(longest).size).toBeGreaterThanOrEqual(3);
    expect(view.rates.length).toBeGreaterThanOrEqual(6);
  });

  it('接龙通: a group-buy with three products and their specs, two pick-up points and orders in several states', async () => {
    const groupBuy = await one(5, 2);
    const view = await ok<TGroupBuyManageView>('activity/question/solitaire/getGroupBuyManage', { questionId: groupBuy.questionId });
    expect(view.products.map((p) => `${p.title}（${p.spec}）`)).toEqual(['赣南脐橙（10斤装）', '四川丑橘（5斤装）', '阳光玫瑰葡萄（2斤装）']);
    expect(view.shape.points.map((p) => p.title)).toEqual(['东门快递驿站', '3号楼大堂']);
    expect(new Set(view.orders.map((o) => o.state))).toEqual(new Set(['paid', 'collected', 'refunded', 'closed', 'created']));
    expect(view.summary.totals.paidFen).toBeGreaterThan(0);
    // Every pick-up point has something to hand out.
    expect(view.summary.rows.reduce((sums, row) => sums.map((n, i) => n + row.byPoint[i]!), [0, 0]).every((n) => n > 0)).toBe(true);
  });

  it('接龙通: a payment page with paid, refunded and unpaid orders through the sandbox, its ledger matching', async () => {
    const page = await one(6);
    const orders = await ok<TOrderListResult>('active/commodity/order/getOrderList', { questionId: page.questionId, page: 1, pageSize: 50 });
    expect(new Set(orders.list.map((o) => o.state))).toEqual(new Set(['paid', 'refunded', 'closed', 'created']));
    expect(orders.list.filter((o) => o.state !== 'created' && o.state !== 'closed').every((o) => o.provider === 'sandbox')).toBe(true);
    expect(orders.summary.paidFen).toBeGreaterThan(orders.summary.refundedFen);
    expect(orders.summary.refundedFen).toBeGreaterThan(0);
    const [ledger] = await t.database.query<{ sum: number }>(
      `SELECT coalesce(sum(l.amount_fen), 0)::int AS sum FROM ledger l JOIN projects p ON p.id = l.project_id WHERE p.public_id = $1`,
      [page.questionId],
    );
    expect(ledger!.sum).toBe(orders.summary.netFen);
  });

  it('接龙通: appointments with bookings in the coming days, a full slot with a waitlist, a cancellation, a check-in and a no-show', async () => {
    const appointment = await one(7);
    const { list } = await ok<{ list: TManageBooking[] }>('activity/question/appointment/getBookings', { questionId: appointment.questionId });
    expect(new Set(list.map((b) => b.state))).toEqual(new Set(['booked', 'waitlisted', 'cancelled', 'checkedIn', 'noShow']));
    const today = shanghaiDay(new Date());
    expect(list.filter((b) => b.state === 'booked').every((b) => b.date > today)).toBe(true);
    expect(list.filter((b) => b.state === 'checkedIn').every((b) => b.date < today)).toBe(true);
    expect(list.some((b) => b.promoted && b.state === 'booked')).toBe(true);
  });

  it('the projects were made before their first join, order or booking, and nothing used up the day’s creation allowance', async () => {
    const rows = await t.database.query<{ title: string; made: Date; first: Date }>(
      `SELECT p.title, p.created_at AS made, least(
         (SELECT min(created_at) FROM answer_sheets WHERE project_id = p.id), (SELECT min(created_at) FROM chain_entries WHERE project_id = p.id),
         (SELECT min(created_at) FROM checkin_records WHERE project_id = p.id)) AS first
       FROM projects p WHERE p.question_type IN (5, 6, 7) AND NOT p.is_template`,
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(new Date(row.made).getTime(), row.title).toBeLessThan(new Date(row.first).getTime());
    for (const phone of [DEMO_PHONE, COLLEAGUE_PHONE]) {
      const count = await ok<{ questionCount: number }>('activity/question/getQuestionCount', {}, await login(phone));
      expect(count.questionCount).toBe(0);
    }
  });

  it('runs once per database: a restart adds nothing, and the brands list the same', async () => {
    const count = async () =>
      (
        await t.database.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM projects) + (SELECT count(*) FROM vote_activities) + (SELECT count(*) FROM vote_ballots)
                + (SELECT count(*) FROM orders) + (SELECT count(*) FROM appointment_bookings) + (SELECT count(*) FROM chain_entries)
                + (SELECT count(*) FROM checkin_records) + (SELECT count(*) FROM uploads) AS n`,
        )
      )[0]!.n;
    const before = Number(await count());
    const listed = await workbenches();
    expect(await seedOnStart(t.app, t.database, DEVELOPMENT)).toBe('seeded');
    expect(Number(await count())).toBe(before);
    expect(await workbenches()).toEqual(listed);
  });
});
