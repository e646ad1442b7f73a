import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPrizeList, TRedPacketView } from '../../../schemas/api/red-envelope';
import { RED_MESSAGES } from '../../../schemas/red-envelope/rules';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { balanceAndLedger, newPayer } from '../money/money-helpers';
import { answer, approve, envelopeMoney, envelopeProject, fixedRule, RANDOM_10_FOR_3, RP } from './red-helpers';

/** Red envelopes (issue 49 item 1): rules, paying in, review, payout through the sandbox's transfer, the return. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
}, 60_000);
afterAll(() => t.close());

describe('the rule and the budget', () => {
  it('refuses bounds under 0.30 元, a budget outside count × bounds, and 得分 outside exams', async () => {
    const owner = await newPayer(t);
    const s = await envelopeProject(t, RANDOM_10_FOR_3);
    const save = (rule: object) => t.call(`${RP}saveRedPacket`, { questionId: s.questionId, rule: { ...RANDOM_10_FOR_3, ...rule } }, s.owner.headers);
    expect((await save({ minFen: 29 })).resultMsg).toBe(RED_MESSAGES.bounds);
    expect((await save({ budgetFen: 60 })).resultMsg).toBe(RED_MESSAGES.budget);
    expect((await save({ budgetFen: 3_001 })).resultMsg).toBe(RED_MESSAGES.budget);
    expect((await save({ qualify: 'score', minScore: 60 })).resultMsg).toBe(RED_MESSAGES.scoreKind);
    expect((await save({ qualify: 'first', firstN: null })).resultMsg).toBe(RED_MESSAGES.firstN);
    expect((await save({ amountMode: 'fixed', minFen: 300, maxFen: 300, budgetFen: 1_000 })).resultMsg).toBe(RED_MESSAGES.fixed);
    const stranger = await t.call(`${RP}saveRedPacket`, { questionId: s.questionId, rule: RANDOM_10_FOR_3 }, owner.headers);
    expect(stranger.resultCode).toBe('404');
  });

  it('paying in without the balance is refused and nothing moves; with it the budget is held and the rule locked', async () => {
    const s = await envelopeProject(t, RANDOM_10_FOR_3, { balanceFen: 500 });
    const poor = await t.call(`${RP}payRedPacket`, { questionId: s.questionId }, s.owner.headers);
    expect(poor.resultMsg).toBe(RED_MESSAGES.balance);
    expect((await balanceAndLedger(t, s.owner.id)).balance).toBe(500);
    const rich = await envelopeProject(t, RANDOM_10_FOR_3, { balanceFen: 1_500, pay: true });
    const view = await t.call<TRedPacketView>(`${RP}getRedPacket`, { questionId: rich.questionId }, rich.owner.headers);
    expect(view.data.envelope).toMatchObject({ state: 'running', heldFen: 1_000 });
    expect(view.data.balanceFen).toBe(500);
    expect(await balanceAndLedger(t, rich.owner.id)).toEqual({ balance: 500, ledger: 500, rows: 2 });
    const again = await t.call(`${RP}payRedPacket`, { questionId: rich.questionId }, rich.owner.headers);
    expect(again.resultMsg).toBe(RED_MESSAGES.paid);
    const edit = await t.call(`${RP}saveRedPacket`, { questionId: rich.questionId, rule: fixedRule(2) }, rich.owner.headers);
    expect(edit.resultMsg).toBe(RED_MESSAGES.locked);
  });
});

describe('review and payout', () => {
  it('a 10 元 random envelope for 3: four answer, three approved are paid exactly 10 元, the fourth finds them gone', async () => {
    const s = await envelopeProject(t, RANDOM_10_FOR_3, { balanceFen: 1_000, pay: true });
    const sheets = await answer(t, s.questionId, 4);
    const list = await t.call<{ total: number }>(`${RP}getUnapprovedList`, { questionId: s.questionId }, s.owner.headers);
    expect(list.data.total).toBe(4);
    const first = await approve(t, s, sheets.slice(0, 3));
    expect(first.data.done).toBe(3);
    for (const r of first.data.results) expect(r.amountFen).toBeGreaterThanOrEqual(30);
    expect(first.data.results.reduce((n, r) => n + r.amountFen, 0)).toBe(1_000);
    const last = await approve(t, s, [sheets[3]!]);
    expect(last.data.results[0]).toMatchObject({ ok: false, message: RED_MESSAGES.exhausted });
    const prizes = await t.call<TPrizeList>(`${RP}getPrizeList`, { questionId: s.questionId }, s.owner.headers);
    expect(prizes.data.totals).toMatchObject({ paid: 3, paidFen: 1_000 });
    const transfers = await t.database.query<{ amount_fen: number }>(`SELECT amount_fen FROM sandbox_transfers WHERE out_batch_no LIKE $1`, [
      `RP${s.projectId}S%`,
    ]);
    expect(transfers.reduce((n, r) => n + r.amount_fen, 0)).toBe(1_000);
    expect(await envelopeMoney(t, s.projectId)).toMatchObject({ budget: 1_000, allocated: 1_000, hold: 1_000, payout: 1_000, payouts: 3 });
  });

  it('approving twice pays once; a rejected sheet cannot be approved; another creator cannot approve', async () => {
    const s = await envelopeProject(t, fixedRule(5), { balanceFen: 500, pay: true });
    const other = await envelopeProject(t, fixedRule(5), { balanceFen: 500, pay: true });
    const [a, b] = await answer(t, s.questionId, 2);
    expect((await approve(t, s, [a!])).data.done).toBe(1);
    expect((await approve(t, s, [a!])).data.results[0]!.message).toBe(RED_MESSAGES.decided);
    const rejected = await t.call<{ done: number }>(`${RP}rejectRedPacket`, { questionId: s.questionId, sheetIds: [b!] }, s.owner.headers);
    expect(rejected.data.done).toBe(1);
    expect((await approve(t, s, [b!])).data.results[0]!.message).toBe(RED_MESSAGES.decided);
    // The other creator names our sheet under their own project: not theirs, refused; under ours: not found.
    expect((await approve(t, other, [a!])).data.results[0]!.message).toBe(RED_MESSAGES.noSheet);
    expect((await approve(t, { ...s, owner: other.owner }, [a!])).resultCode).toBe('404');
    expect(await envelopeMoney(t, s.projectId)).toMatchObject({ allocated: 100, payout: 100, payouts: 1 });
  });

  it('sheets answered before paying in, rejected or below the exam score do not qualify; the first N only', async () => {
    const s = await envelopeProject(t, { ...fixedRule(5), qualify: 'first', firstN: 2 }, { balanceFen: 500 });
    const [early] = await answer(t, s.questionId, 1);
    expect((await t.call(`${RP}payRedPacket`, { questionId: s.questionId }, s.owner.headers)).resultCode).toBe('200');
    const [one, two, three] = await answer(t, s.questionId, 3);
    const list = await t.call<{ list: { sheetId: string }[] }>(`${RP}getUnapprovedList`, { questionId: s.questionId }, s.owner.headers);
    expect(list.data.list.map((r) => r.sheetId)).toEqual([one, two]);
    expect((await approve(t, s, [early!, three!])).data.results.map((r) => r.message)).toEqual([RED_MESSAGES.notQualified, RED_MESSAGES.notQualified]);
    const exam = await envelopeProject(t, { ...fixedRule(5), qualify: 'score', minScore: 60 }, { balanceFen: 500, pay: true, questionType: 2 });
    const [low, high] = await answer(t, exam.questionId, 2);
    await t.database.query('UPDATE answer_sheets SET score = CASE WHEN public_id = $1 THEN 40 ELSE 80 END WHERE public_id IN ($1, $2)', [low, high]);
    const examList = await t.call<{ list: { sheetId: string }[] }>(`${RP}getUnapprovedList`, { questionId: exam.questionId }, exam.owner.headers);
    expect(examList.data.list.map((r) => r.sheetId)).toEqual([high]);
  });

  it('ending returns the unspent budget once, exactly, with ledger rows; deleting the project does the same', async () => {
    const s = await envelopeProject(t, fixedRule(5), { balanceFen: 500, pay: true });
    const [a] = await answer(t, s.questionId, 1);
    await approve(t, s, [a!]);
    const ended = await t.call<TRedPacketView>(`${RP}endRedPacket`, { questionId: s.questionId }, s.owner.headers);
    expect(ended.data.envelope).toMatchObject({ state: 'ended', returnedFen: 400, heldFen: 0 });
    expect((await t.call(`${RP}endRedPacket`, { questionId: s.questionId }, s.owner.headers)).resultMsg).toBe(RED_MESSAGES.ended);
    expect(await balanceAndLedger(t, s.owner.id)).toEqual({ balance: 400, ledger: 400, rows: 3 });
    expect(await envelopeMoney(t, s.projectId)).toMatchObject({ hold: 500, payout: 100, back: 400 });

    const d = await envelopeProject(t, fixedRule(3), { balanceFen: 300, pay: true });
    expect((await t.call('activity/question/getWxQuestionDel', { questionId: d.questionId }, d.owner.headers)).resultCode).toBe('200');
    expect(await balanceAndLedger(t, d.owner.id)).toEqual({ balance: 300, ledger: 300, rows: 3 });
  });

  it('a view-only collaborator sees the prize list but cannot review', async () => {
    const s = await envelopeProject(t, fixedRule(2), { balanceFen: 200, pay: true });
    const outsider = await newPayer(t);
    expect((await t.call(`${RP}getPrizeList`, { questionId: s.questionId }, outsider.headers)).resultCode).toBe('404');
    expect((await t.call(`${RP}getUnapprovedList`, { questionId: s.questionId })).resultCode).toBe('401');
  });
});
