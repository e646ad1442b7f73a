import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPurchaseResult, TSaveRechargeResult } from '../../../schemas/api/recharge';
import { newOrderNo } from '../../../server/services/order-no';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { envelopeProject, fixedRule, RP } from '../red-envelope/red-helpers';
import { balanceAndLedger, newPayer, recharge } from './money-helpers';

/** The numbers the next draws answer, in order; random ones once the list is used up. */
const draws: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', drawOrderNo: (now) => draws.shift() ?? newOrderNo(now) });
}, 60_000);
afterAll(() => t.close());

const no = (n: number) => `20261206120000${String(n).padStart(6, '0')}`;

describe(`an order number drawn twice in one second is drawn again, never a 500 (${engineName()})`, () => {
  it('recharges: the second order takes the next number', async () => {
    const payer = await newPayer(t);
    draws.push(no(1), no(1), no(2));
    const first = await t.call<TSaveRechargeResult>('recharge/saveRechargeOrder', { amountFen: 1_000 }, payer.headers);
    const second = await t.call<TSaveRechargeResult>('recharge/saveRechargeOrder', { amountFen: 2_000 }, payer.headers);
    expect([first.resultCode, second.resultCode]).toEqual(['200', '200']);
    expect([first.data.orderNo, second.data.orderNo]).toEqual([`R${no(1)}`, `R${no(2)}`]);
    const stored = await t.database.query<{ order_no: string; amount_fen: number }>(
      'SELECT order_no, amount_fen FROM recharge_orders WHERE user_id = $1 ORDER BY amount_fen',
      [payer.id],
    );
    expect(stored).toEqual([
      { order_no: `R${no(1)}`, amount_fen: 1_000 },
      { order_no: `R${no(2)}`, amount_fen: 2_000 },
    ]);
  });

  it('purchases from the balance: the whole purchase runs again with another number, paid once', async () => {
    const payer = await newPayer(t);
    await recharge(t, payer, 10_000);
    draws.push(no(11), no(11), no(12));
    const first = await t.call<TPurchaseResult>('active/pay/getBalancePayAiCoin', { packageId: 'ai-100' }, payer.headers);
    const second = await t.call<TPurchaseResult>('active/pay/getBalancePayAiCoin', { packageId: 'ai-100' }, payer.headers);
    expect([first.resultCode, second.resultCode], second.resultMsg).toEqual(['200', '200']);
    expect([first.data.orderNo, second.data.orderNo]).toEqual([`B${no(11)}`, `B${no(12)}`]);
    expect(second.data).toMatchObject({ balanceFen: 10_000 - 2 * 990, quota: { kind: 'ai', remaining: 200 } });
    const money = await balanceAndLedger(t, payer.id);
    expect(money).toEqual({ balance: 10_000 - 2 * 990, ledger: 10_000 - 2 * 990, rows: 3 });
  });

  it('red-envelope payments: another creator’s payment drawn the same number pays in all the same', async () => {
    const a = await envelopeProject(t, fixedRule(3), { balanceFen: 1_000 });
    const b = await envelopeProject(t, fixedRule(3), { balanceFen: 1_000 });
    draws.push(no(21), no(21), no(22));
    const paidA = await t.call(`${RP}payRedPacket`, { questionId: a.questionId }, a.owner.headers);
    const paidB = await t.call(`${RP}payRedPacket`, { questionId: b.questionId }, b.owner.headers);
    expect([paidA.resultCode, paidB.resultCode], paidB.resultMsg).toEqual(['200', '200']);
    const held = await t.database.query<{ project_id: number; order_no: string }>(
      'SELECT project_id, order_no FROM red_envelopes WHERE project_id = ANY($1::int[]) ORDER BY order_no',
      [[a.projectId, b.projectId]],
    );
    expect(held).toEqual([
      { project_id: a.projectId, order_no: no(21) },
      { project_id: b.projectId, order_no: no(22) },
    ]);
    expect((await balanceAndLedger(t, b.owner.id)).balance).toBe(1_000 - 300);
  });
});
