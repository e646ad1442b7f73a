import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSaveRechargeResult } from '../../../schemas/api/recharge';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { sandboxNotify } from '../pay/pay-helpers';
import { balanceAndLedger, newPayer } from './money-helpers';

/**
 * Recharges keep production's defaults (issue 42): a production start without PAY_PROVIDER takes no recharge and
 * believes no simulated notify, so no balance grows from money that never moved.
 */
let dev: TestApp;
let bare: TestApp;
beforeAll(async () => {
  dev = await createTestApp({ jobs: 'manual' });
  bare = await siblingApp(dev, { env: { NODE_ENV: 'production' } });
}, 60_000);
afterAll(async () => {
  await bare.close();
  await dev.close();
});

describe(`recharge in production without a pay provider (${engineName()})`, () => {
  it('is refused, names why, and a sandbox notify credits nothing', async () => {
    const payer = await newPayer(dev);
    const refused = await bare.call('recharge/saveRechargeOrder', { amountFen: 10_000 }, payer.headers);
    expect(refused).toMatchObject({ resultCode: '409', resultMsg: '暂未开通在线支付，无法充值' });

    // An order a development start began in the sandbox: its notify reaches no sandbox in production.
    const { orderNo } = (await dev.call<TSaveRechargeResult>('recharge/saveRechargeOrder', { amountFen: 10_000 }, payer.headers)).data;
    const notify = await sandboxNotify(bare, { outTradeNo: orderNo, transactionId: 'SBX-prod', amountFen: 10_000, state: 'paid' });
    expect(notify.json()).toMatchObject({ resultCode: '404' });
    expect(await balanceAndLedger(dev, payer.id)).toEqual({ balance: 0, ledger: 0, rows: 0 });
  });
});
