import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDecisions, TPrizeList } from '../../../schemas/api/red-envelope';
import { RED_MESSAGES } from '../../../schemas/red-envelope/rules';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { balanceAndLedger } from '../money/money-helpers';
import { startRealProviders, type RealProviders } from '../pay/real-providers';
import { answer, envelopeMoney, envelopeProject, fixedRule, RP, type Setup } from './red-helpers';

/**
 * Payouts stuck in 发放中 (issue 49 gaps, item 3): WeChat Pay accepted the transfer but had not finished it; the
 * follow-up job asks GET /v3/transfer/batches/out-batch-no/{no}?need_query_detail=true of the fake WeChat Pay and
 * moves them to paid or failed.
 */
let providers: RealProviders;
let t: TestApp;
beforeAll(async () => {
  providers = await startRealProviders();
  t = await createTestApp({ jobs: 'manual', env: providers.env });
}, 120_000);
afterAll(async () => {
  await t.close();
  await providers.close();
});

const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';

/** A paid-in envelope whose `n` sheets were answered in WeChat (an openid each) and approved: 发放中 at WeChat. */
async function approvedInWechat(n: number): Promise<{ s: Setup; sheets: string[]; decisions: TDecisions }> {
  const s = await envelopeProject(t, fixedRule(3));
  await t.database.query('UPDATE users SET balance_fen = balance_fen + 300 WHERE id = $1', [s.owner.id]);
  expect((await t.call(`${RP}payRedPacket`, { questionId: s.questionId }, s.owner.headers)).resultCode).toBe('200');
  const sheets = await answer(t, s.questionId, n);
  await t.database.query(`UPDATE answer_sheets SET wechat_openid = $2 || id WHERE public_id = ANY($1::text[])`, [sheets, OPENID]);
  const decided = await t.call<TDecisions>(`${RP}approveRedPacket`, { questionId: s.questionId, sheetIds: sheets }, s.owner.headers);
  expect(decided.resultCode, decided.resultMsg).toBe('200');
  return { s, sheets, decisions: decided.data };
}

/** The job, once the payouts have been 发放中 longer than its grace period. */
async function followUp() {
  await t.database.query(`UPDATE red_envelope_payouts SET updated_at = updated_at - interval '5 minutes' WHERE state = 'paying'`);
  return t.app.redPayoutFollowup.runOnce();
}

const ledgerOf = async (s: Setup, kind: string) =>
  (
    await t.database.query<{ n: number }>('SELECT coalesce(sum(amount_fen), 0)::int AS n FROM red_envelope_ledger WHERE project_id = $1 AND kind = $2', [
      s.projectId,
      kind,
    ])
  )[0]!.n;
const prizes = async (s: Setup) => (await t.call<TPrizeList>(`${RP}getPrizeList`, { questionId: s.questionId }, s.owner.headers)).data;

describe('the payout follow-up', () => {
  it('asks WeChat Pay again: PROCESSING stays 发放中, then SUCCESS is paid; a closed batch is failed and retryable', async () => {
    const { s, decisions } = await approvedInWechat(2);
    expect(decisions.results.map((r) => r.state)).toEqual(['paying', 'paying']);
    const [one, two] = (
      await t.database.query<{ out_batch_no: string }>('SELECT out_batch_no FROM red_envelope_payouts WHERE project_id = $1 ORDER BY id', [s.projectId])
    ).map((r) => r.out_batch_no);

    providers.wechat.settleTransfer(one!, 'PROCESSING');
    providers.wechat.settleTransfer(two!, 'PROCESSING');
    expect(await followUp()).toBe(0);
    const asked = providers.wechat.received.filter((r) => r.method === 'GET' && r.url.startsWith('/v3/transfer/batches/out-batch-no/'));
    expect(asked.map((r) => r.url)).toEqual([
      `/v3/transfer/batches/out-batch-no/${one}?need_query_detail=true&detail_status=ALL`,
      `/v3/transfer/batches/out-batch-no/${two}?need_query_detail=true&detail_status=ALL`,
    ]);
    expect(asked.every((r) => r.signatureOk)).toBe(true);
    expect((await prizes(s)).totals).toMatchObject({ paying: 2, paid: 0 });

    providers.wechat.settleTransfer(one!, 'FINISHED');
    providers.wechat.settleTransfer(two!, 'CLOSED');
    expect(await followUp()).toBe(2);
    const list = await prizes(s);
    expect(list.totals).toMatchObject({ paid: 1, paidFen: 100, paying: 0, failed: 1, failedFen: 100 });
    const failed = list.list.find((p) => p.state === 'failed')!;
    expect(failed.failReason).toBe('转账已关闭：MERCHANT_REVOCATION');
    expect(list.list.find((p) => p.state === 'paid')!.transferId).toMatch(/^131000/);
    // The budget's accounting did not move: both envelopes stay allocated until a retry pays or the envelope ends.
    expect(await envelopeMoney(t, s.projectId)).toMatchObject({ allocated: 200, payout: 200, paid_count: 2 });
    // Asked again, nothing moves twice.
    expect(await followUp()).toBe(0);

    // 放弃发放: the failed one's amount goes back into the running envelope (a paid one cannot be given up).
    const paidSheet = list.list.find((p) => p.state === 'paid')!.sheetId;
    const given = await t.call<TDecisions>(`${RP}cancelRedPacket`, { questionId: s.questionId, sheetIds: [failed.sheetId, paidSheet] }, s.owner.headers);
    expect(given.data.results.map((r) => [r.ok, r.state, r.message])).toEqual([
      [true, 'cancelled', ''],
      [false, null, RED_MESSAGES.notCancellable],
    ]);
    expect(await envelopeMoney(t, s.projectId)).toMatchObject({ allocated: 100, paid_count: 1, payout: 200 });
    expect(await ledgerOf(s, 'cancel')).toBe(100);
    expect((await prizes(s)).totals).toMatchObject({ paid: 1, failed: 0 });
    expect((await t.call<TDecisions>(`${RP}retryRedPacket`, { questionId: s.questionId, sheetIds: [failed.sheetId] }, s.owner.headers)).data.refused).toBe(1);
  });

  it('a finished batch whose detail failed is failed; a payout WeChat does not know stays 发放中', async () => {
    const { s } = await approvedInWechat(1);
    const [row] = await t.database.query<{ out_batch_no: string }>('SELECT out_batch_no FROM red_envelope_payouts WHERE project_id = $1', [s.projectId]);
    providers.wechat.batches.delete(row!.out_batch_no);
    expect(await followUp()).toBe(0);
    expect((await prizes(s)).totals.paying).toBe(1);
    // Sent again by a retry (the same out_batch_no), WeChat finishes it with the detail failed.
    const retried = await t.call<TDecisions>(
      `${RP}retryRedPacket`,
      { questionId: s.questionId, sheetIds: [(await prizes(s)).list[0]!.sheetId] },
      s.owner.headers,
    );
    expect(retried.data.results[0]!.state).toBe('paying');
    providers.wechat.settleTransfer(row!.out_batch_no, 'FINISHED', true);
    expect(await followUp()).toBe(1);
    expect((await prizes(s)).list[0]).toMatchObject({ state: 'failed', failReason: '微信转账失败（收款人账户异常或未实名）' });

    // Ended with the failed payout still allocated: 2 元 back; giving it up afterwards returns its 1 元 to the balance.
    const balance = async () => (await t.database.query<{ b: number }>('SELECT balance_fen AS b FROM users WHERE id = $1', [s.owner.id]))[0]!.b;
    expect((await t.call(`${RP}endRedPacket`, { questionId: s.questionId }, s.owner.headers)).resultCode).toBe('200');
    expect(await balance()).toBe(200);
    const sheetId = (await prizes(s)).list[0]!.sheetId;
    expect((await t.call<TDecisions>(`${RP}cancelRedPacket`, { questionId: s.questionId, sheetIds: [sheetId] }, s.owner.headers)).data.done).toBe(1);
    expect(await balance()).toBe(300);
    expect(await envelopeMoney(t, s.projectId)).toMatchObject({ budget: 300, allocated: 0, returned: 300, back: 300 });
    expect((await balanceAndLedger(t, s.owner.id)).ledger - (await balanceAndLedger(t, s.owner.id)).balance).toBe(-300);
  });
});
