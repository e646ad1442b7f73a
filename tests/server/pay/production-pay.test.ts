import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishMissingMessage } from '../../../schemas/api/editor';
import { ORDER_MESSAGES } from '../../../schemas/order/order-states';
import { readEnv } from '../../../server/env';
import { startBanner, startWarnings } from '../../../server/start-banner';
import { makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { buy, buyer, ledgerOf, publishShop, sandboxNotify, startPay, status, type Shop } from './pay-helpers';

/**
 * Issue 42 item 1: no simulated money in production. A production start without PAY_PROVIDER has no provider:
 * nothing can be marked paid (the sandbox's cashier, decisions and notifies are gone) and a project that sells
 * something cannot be published, the refusal naming the setting. PAY_PROVIDER=sandbox in production is simulated
 * money by name, for this machine only.
 */
let dev: TestApp;
/** The same database as a production start without PAY_PROVIDER, then with PAY_PROVIDER=sandbox. */
let bare: TestApp;
let sandboxed: TestApp;
beforeAll(async () => {
  dev = await createTestApp({ jobs: 'manual' });
  bare = await siblingApp(dev, { env: { NODE_ENV: 'production' } });
  sandboxed = await siblingApp(dev, { env: { NODE_ENV: 'production', PAY_PROVIDER: 'sandbox' } });
}, 60_000);
afterAll(async () => {
  await sandboxed.close();
  await bare.close();
  await dev.close();
});

const LOCAL = { remoteAddress: '127.0.0.1' };
const REMOTE = { remoteAddress: '203.0.113.9' };
/** A local nginx relaying a visitor from elsewhere. */
const VIA_NGINX = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } };
type From = { remoteAddress: string; headers?: Record<string, string> };

const decide = async (t: TestApp, orderNo: string, from: From) =>
  (await t.app.inject({ method: 'POST', url: '/api/active/pay/sandbox/decide', payload: { outTradeNo: orderNo, outcome: 'pay' }, ...from })).json() as {
    resultCode: string;
    resultMsg: string;
  };
const cashier = async (t: TestApp, orderNo: string, from: From) => (await t.app.inject({ method: 'GET', url: `/pay/sandbox/${orderNo}`, ...from })).statusCode;

/** An order started in the sandbox (as a development start, or one from before the switch, left it). */
async function sandboxOrder() {
  const ctx = await publishShop(dev);
  const me = buyer();
  const { orderNo } = (await buy(dev, ctx, me, [{ productId: ctx.ticket, quantity: 1 }])).data.order!;
  expect((await startPay(dev, orderNo, me)).data.provider).toBe('sandbox');
  return { ctx, me, orderNo };
}

describe(`payments in production on ${engineName()}`, () => {
  it('without PAY_PROVIDER nothing can be marked paid: no sandbox decision, cashier or notify, from here or elsewhere; paying is refused', async () => {
    expect(bare.app.deps.pay.active).toBeNull();
    const { me, orderNo } = await sandboxOrder();
    for (const from of [LOCAL, REMOTE, VIA_NGINX] as From[]) {
      expect(await decide(bare, orderNo, from)).toMatchObject({ resultCode: expect.stringMatching(/^40[34]$/) });
      expect(await cashier(bare, orderNo, from)).not.toBe(200);
    }
    expect(await decide(bare, orderNo, LOCAL)).toMatchObject({ resultCode: '404', resultMsg: '沙箱支付未开启' });
    // A notify signed as the sandbox signs them finds no sandbox to verify it.
    const forged = await sandboxNotify(bare, { outTradeNo: orderNo, transactionId: 'SBX-prod', amountFen: 2500, state: 'paid' });
    expect(forged.json()).toMatchObject({ resultCode: '404' });
    expect(await startPay(bare, orderNo, me)).toMatchObject({ resultCode: '409', resultMsg: ORDER_MESSAGES.noProvider });
    expect((await status(bare, orderNo, me)).data.state).toBe('created');
    expect(await ledgerOf(bare, orderNo)).toEqual([]);
  });

  it('without PAY_PROVIDER a project that sells something is not published, and the refusal names the setting; one that sells nothing is', async () => {
    const { ctx } = await sandboxOrder();
    const draft = await bare.call<{ questionId: string }>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 6, title: '收款测试', subjects: [ctx.shop, ctx.name] },
      ctx.owner.headers,
    );
    const refused = await bare.call('activity/question/getQuestionStatus', { questionId: draft.data.questionId, status: 1 }, ctx.owner.headers);
    expect(refused).toMatchObject({ resultCode: '409', resultMsg: ORDER_MESSAGES.publishNeedsProvider });
    expect(refused.resultMsg).toContain('PAY_PROVIDER');
    // A page whose products are all free sells nothing: it is held back for its missing price (issue 43), not for
    // the provider. A project that does not sell at all publishes as before.
    const free = makeSubject(34, 1, '领取') as Shop;
    free.products = [{ uuid: `${free.uuid}-free`, title: '免费资料', price: 0 }];
    const freeDraft = await bare.call<{ questionId: string }>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 6, title: '免费领取', subjects: [free] },
      ctx.owner.headers,
    );
    const freeRefused = await bare.call('activity/question/getQuestionStatus', { questionId: freeDraft.data.questionId, status: 1 }, ctx.owner.headers);
    expect(freeRefused.resultMsg).toBe(publishMissingMessage(['pricedProduct']));
    expect(freeRefused.resultMsg).not.toContain('PAY_PROVIDER');
    await expect(publishProject(bare, ctx.owner.headers, { subjects: [makeSubject(1, 1, '满意吗')] })).resolves.toBeTruthy();
    // With a provider the same project publishes.
    expect((await sandboxed.call('activity/question/getQuestionStatus', { questionId: draft.data.questionId, status: 1 }, ctx.owner.headers)).resultCode).toBe(
      '200',
    );
  });

  it('PAY_PROVIDER=sandbox: simulated payments for this machine only — decisions, cashier and notifies refused from elsewhere', async () => {
    expect(sandboxed.app.deps.pay.active).toBe('sandbox');
    const { me, orderNo } = await sandboxOrder();
    for (const from of [REMOTE, VIA_NGINX] as From[]) {
      expect(await decide(sandboxed, orderNo, from)).toEqual({ resultCode: '403', resultMsg: '模拟支付（沙箱）仅限本机访问', data: null });
      // Escaping a letter of the path does not get round it.
      const escaped = await sandboxed.app.inject({
        method: 'POST',
        url: '/api/active/pay/%73andbox/decide',
        payload: { outTradeNo: orderNo, outcome: 'pay' },
        ...from,
      });
      expect(escaped.json()).toMatchObject({ resultCode: '403' });
      expect((await sandboxed.app.inject({ method: 'GET', url: `/pay/sandbox/${orderNo}`, ...from })).json()).toMatchObject({ resultCode: '403' });
      const notify = await sandboxed.app.inject({
        method: 'POST',
        url: '/pay/notify/sandbox',
        payload: '{}',
        headers: { 'content-type': 'application/json', ...from.headers },
        remoteAddress: from.remoteAddress,
      });
      expect(notify.json()).toMatchObject({ resultCode: '403' });
    }
    expect((await status(sandboxed, orderNo, me)).data.state).toBe('created');
    // From this machine the sandbox works end to end.
    expect(await cashier(sandboxed, orderNo, LOCAL)).toBe(200);
    expect(await decide(sandboxed, orderNo, LOCAL)).toMatchObject({ resultCode: '200' });
    expect((await status(sandboxed, orderNo, me)).data.state).toBe('paid');
    expect(await ledgerOf(sandboxed, orderNo)).toEqual([{ kind: 'payment', amount_fen: 2500 }]);
  });

  it('outside production the sandbox stays as it was: the default provider, open to a phone on the network', async () => {
    expect(dev.app.deps.pay.active).toBe('sandbox');
    const { me, orderNo } = await sandboxOrder();
    expect(await decide(dev, orderNo, REMOTE)).toMatchObject({ resultCode: '200' });
    expect((await status(dev, orderNo, me)).data.state).toBe('paid');
  });
});

describe('what a start says about payments', () => {
  it('production without PAY_PROVIDER warns, naming it; with the sandbox it says the money is simulated', () => {
    const none = startWarnings(readEnv({ NODE_ENV: 'production' }), 'none');
    expect(none).toContainEqual({ setting: 'PAY_PROVIDER', message: expect.stringContaining('未配置支付渠道（PAY_PROVIDER）') });
    const simulated = startBanner(readEnv({ NODE_ENV: 'production', PAY_PROVIDER: 'sandbox' }), 'PGlite').join('\n');
    expect(simulated).toContain('⚠ 支付为沙箱模拟（PAY_PROVIDER=sandbox）：不会真实收款，收银台仅限本机访问');
    expect(startBanner(readEnv({}), 'PGlite')).toContain('  支付：沙箱模拟，不产生真实扣款（生产环境请配置 PAY_PROVIDER）');
    expect(startWarnings(readEnv({}), 'seeded')).toEqual([]);
  });

  it('PAY_PROVIDER naming a provider whose variables are missing stops the start, naming the variable', () => {
    expect(() => readEnv({ PAY_PROVIDER: 'wechat' })).toThrow(/WECHATPAY_MCHID .*is required when PAY_PROVIDER=wechat/);
    expect(() => readEnv({ NODE_ENV: 'production', PAY_PROVIDER: 'alipay' })).toThrow(/ALIPAY_APP_ID .*is required when PAY_PROVIDER=alipay/);
  });
});
