import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExportJob } from '../../../schemas/api/export-jobs';
import type { TRedNotice } from '../../../schemas/api/red-notice';
import type { TDecisions, TPrizeList, TRedPacketView } from '../../../schemas/api/red-envelope';
import type { TExportLink } from '../../../schemas/api/report';
import { RED_MESSAGES, RED_NOTICES } from '../../../schemas/red-envelope/rules';
import { approveSheets } from '../../../server/services/red-envelope/red-review.service';
import { exactBudget, type BudgetStrategy } from '../../../server/services/red-envelope/red-budget';
import { naiveBudget } from '../../helpers/naive-red-envelope';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { deviceId, runningVote } from '../../helpers/vote-fixtures';
import { balanceAndLedger, newPayer, recharge, type Payer } from '../money/money-helpers';
import { fixedRule, RP } from './red-helpers';

/** Red envelopes for votes (issue 49 gaps): a vote's valid ballots qualify, reviewed and paid like sheets. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', exportRunner: { worker: 'red-vote', progressIntervalMs: 0 } });
}, 60_000);
afterAll(() => t.close());

const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};

type Ballot = { redPacket?: TRedNotice };
const cast = async (voteId: string, playerIds: string[]) => {
  const ballotId = `b${Math.random().toString(36).slice(2, 14)}`;
  const sent = await t.call<Ballot>('activity/vote/getVotePraise', { voteId, playerIds, ballotId, deviceId: deviceId() });
  return { ballotId, notice: ok(sent).redPacket };
};

async function voteWithEnvelope(owner: Payer, rule = fixedRule(3)) {
  const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { playersPerBallot: 2 } });
  ok(await t.call<TRedPacketView>(`${RP}saveRedPacket`, { voteId, rule }, owner.headers));
  return { voteId, playerIds };
}

describe('a vote takes a red envelope', () => {
  it('ballots after paying in qualify, are reviewed and paid; the prize list, the Excel download and the bin', async () => {
    const owner = await newPayer(t);
    await recharge(t, owner, 300);
    const { voteId, playerIds } = await voteWithEnvelope(owner);
    const before = await cast(voteId, [playerIds[0]!]);
    expect(before.notice).toBeUndefined();
    const view = ok(await t.call<TRedPacketView>(`${RP}payRedPacket`, { voteId }, owner.headers));
    expect(view).toMatchObject({ voteId, questionId: '', questionType: 0, envelope: { state: 'running', budgetFen: 300 } });

    // One ballot for two players is one envelope; each ballot is told it waits for review.
    const ballots = [await cast(voteId, [playerIds[0]!, playerIds[1]!]), await cast(voteId, [playerIds[1]!]), await cast(voteId, [playerIds[2]!])];
    for (const b of ballots) expect(b.notice).toEqual({ state: 'qualified', message: RED_NOTICES.qualified });
    const pending = ok(await t.call<{ list: { sheetId: string; payee: string }[]; total: number }>(`${RP}getUnapprovedList`, { voteId }, owner.headers));
    expect(pending.total).toBe(3);
    expect(pending.list.map((s) => s.sheetId)).toEqual(ballots.map((b) => b.ballotId));
    expect(pending.list[0]!.payee).toBe('匿名投票');

    const approved = ok(await t.call<TDecisions>(`${RP}approveRedPacket`, { voteId, sheetIds: [ballots[0]!.ballotId, ballots[1]!.ballotId] }, owner.headers));
    expect(approved).toMatchObject({ done: 2, refused: 0 });
    expect(approved.results.map((r) => r.state)).toEqual(['paid', 'paid']);
    const again = ok(await t.call<TDecisions>(`${RP}approveRedPacket`, { voteId, sheetIds: [ballots[0]!.ballotId, before.ballotId] }, owner.headers));
    expect(again.results.map((r) => r.message)).toEqual([RED_MESSAGES.decided, RED_MESSAGES.notQualified]);
    const rejected = ok(await t.call<TDecisions>(`${RP}rejectRedPacket`, { voteId, sheetIds: [ballots[2]!.ballotId] }, owner.headers));
    expect(rejected.done).toBe(1);

    const prizes = ok(await t.call<TPrizeList>(`${RP}getPrizeList`, { voteId }, owner.headers));
    expect(prizes.totals).toMatchObject({ paid: 2, paidFen: 200 });
    const transfers = await t.database.query<{ amount_fen: number }>('SELECT amount_fen FROM sandbox_transfers WHERE out_batch_no LIKE $1', ['RV%']);
    expect(transfers.filter((r) => r.amount_fen === 100).length).toBeGreaterThanOrEqual(2);

    // 下载红包记录: the vote's download path, a real workbook of the two payouts.
    const job = ok(await t.call<TExportJob>('activity/vote/download/getRedParkDownload', { voteId }, owner.headers));
    expect(job.fileName).toContain('红包发放记录.xlsx');
    expect(await t.app.exportRunner.runOnce()).toBe(job.jobId);
    const link = ok(await t.call<TExportLink>('activity/question/getDownloadUrl', { jobId: job.jobId }, owner.headers));
    const file = await t.app.inject({ method: 'GET', url: link.url });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = (workbook.getWorksheet('红包发放记录')!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(rows[0]!.slice(0, 4)).toEqual(['序号', '投票编号', '金额（元）', '状态']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([
      [ballots[0]!.ballotId, 1, '已发放'],
      [ballots[1]!.ballotId, 1, '已发放'],
    ]);

    // Into the bin: the unspent 1 元 goes back to the balance, once.
    ok(await t.call('activity/vote/getDelVote', { voteId }, owner.headers));
    const money = await balanceAndLedger(t, owner.id);
    expect(money).toMatchObject({ balance: 100, ledger: 100 });
  });

  it('the first N only: a later ballot is told the places are gone; 得分 is not offered to votes', async () => {
    const owner = await newPayer(t);
    await recharge(t, owner, 500);
    const { voteId, playerIds } = await voteWithEnvelope(owner, { ...fixedRule(5), qualify: 'first', firstN: 1 });
    const score = await t.call(`${RP}saveRedPacket`, { voteId, rule: { ...fixedRule(5), qualify: 'score', minScore: 1 } }, owner.headers);
    expect(score).toMatchObject({ resultCode: '400', resultMsg: RED_MESSAGES.scoreKind });
    ok(await t.call(`${RP}payRedPacket`, { voteId }, owner.headers));
    expect((await cast(voteId, [playerIds[0]!])).notice?.state).toBe('qualified');
    expect((await cast(voteId, [playerIds[1]!])).notice).toEqual({ state: 'exhausted', message: RED_NOTICES.firstGone(1) });
    const pending = ok(await t.call<{ total: number }>(`${RP}getUnapprovedList`, { voteId }, owner.headers));
    expect(pending.total).toBe(1);
  });

  it('refuses strangers with "404", neither or both references, and a download before paying in', async () => {
    const owner = await newPayer(t);
    const stranger = await newPayer(t);
    const { voteId } = await voteWithEnvelope(owner);
    expect((await t.call(`${RP}getRedPacket`, { voteId }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call(`${RP}approveRedPacket`, { voteId, sheetIds: ['x'] }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call('activity/vote/download/getRedParkDownload', { voteId }, stranger.headers)).resultCode).toBe('404');
    expect(await t.call(`${RP}getRedPacket`, {}, owner.headers)).toMatchObject({ resultCode: '400', resultMsg: RED_MESSAGES.which });
    expect(await t.call(`${RP}getRedPacket`, { voteId, questionId: voteId }, owner.headers)).toMatchObject({
      resultCode: '400',
      resultMsg: RED_MESSAGES.which,
    });
    expect(await t.call('activity/vote/download/getRedParkDownload', { voteId }, owner.headers)).toMatchObject({
      resultCode: '400',
      resultMsg: '这个投票还没有充值红包，没有红包记录可下载',
    });
  });
});

describe(`a vote's envelope under concurrent approvals (${engineName()})`, () => {
  async function race(strategy: BudgetStrategy) {
    const owner = await newPayer(t);
    await recharge(t, owner, 500);
    const { voteId, playerIds } = await voteWithEnvelope(owner, fixedRule(5));
    ok(await t.call(`${RP}payRedPacket`, { voteId }, owner.headers));
    const ballots: string[] = [];
    for (let i = 0; i < 20; i++) ballots.push((await cast(voteId, [playerIds[i % 3]!])).ballotId);
    const [vote] = await t.database.query<{ id: number }>('SELECT id FROM vote_activities WHERE public_id = $1', [voteId]);
    const owned = { kind: 'vote' as const, id: vote!.id };
    const outcomes = await Promise.all(ballots.map((b) => approveSheets(t.database, t.app.deps.pay, owned, [b], owner.id, new Date(), strategy)));
    const [money] = await t.database.query<{ allocated: number; paid_count: number; ledger: number }>(
      `SELECT e.allocated_fen AS allocated, e.paid_count,
              (SELECT coalesce(sum(amount_fen), 0)::int FROM red_envelope_ledger WHERE vote_id = e.vote_id AND kind = 'payout') AS ledger
         FROM red_envelopes e WHERE e.vote_id = $1`,
      [vote!.id],
    );
    return { paid: outcomes.filter((o) => o.done === 1).length, money: money! };
  }

  it('20 parallel approvals against a budget for 5: exactly 5 paid, the ledger adds up; the naive take is caught', async () => {
    const exact = await race(exactBudget);
    expect(exact.paid).toBe(5);
    expect(exact.money).toEqual({ allocated: 500, paid_count: 5, ledger: 500 });
    const naive = await race(naiveBudget);
    expect(naive.paid).toBeGreaterThan(5);
  }, 120_000);
});
