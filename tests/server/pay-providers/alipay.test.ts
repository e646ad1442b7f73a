import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PayProviderError, type PayProvider, type PayStart } from '../../../server/providers/pay';
import { alipayProvider, type AlipayConfig } from '../../../server/providers/pay-alipay';
import { rawMember } from '../../../server/providers/pay-alipay-sign';
import { alipayContent, FakeAlipay, rsa2Ok } from './fake-alipay';

// Issue 21 item 2: the Alipay adapter against a local server playing Alipay's gateway, keys made here.
const APP_ID = '2021000117600000';
const SELLER_ID = '2088102177000000';
const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

let fake: FakeAlipay;
let pay: PayProvider;
const config = (over: Partial<AlipayConfig> = {}): AlipayConfig => ({
  appId: APP_ID,
  privateKey: app.privateKey,
  alipayPublicKey: alipayKeys.publicKey,
  gateway: fake.gateway,
  sellerId: SELLER_ID,
  ...over,
});

beforeAll(async () => {
  fake = await new FakeAlipay({ appId: APP_ID, sellerId: SELLER_ID, appPublicKey: app.publicKey, alipayPrivateKey: alipayKeys.privateKey }).start();
  pay = alipayProvider(config());
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.nextAnswer = null;
  fake.tamperNextAnswer = false;
  fake.unsignedNextAnswer = false;
});

let serial = 0;
const start = (over: Partial<PayStart> = {}): PayStart => ({
  outTradeNo: `AL${Date.now()}${(serial += 1)}`,
  amountFen: 1230,
  description: '问卷通/定制 T 恤=2&件',
  notifyUrl: 'https://wj.example.cn/api/active/pay/alipay/notify',
  returnUrl: 'https://wj.example.cn/alipaySuccess?orderNo=1',
  scene: 'page',
  ...over,
});
/** A trade opened at the cashier and paid; the notify Alipay posts for it. */
async function paidTrade(amountFen = 1230) {
  const input = start({ amountFen });
  const launch = await pay.start(input);
  fake.openCashier((launch as { url: string }).url);
  return { outTradeNo: input.outTradeNo, body: fake.pay(input.outTradeNo), trade: fake.trades.get(input.outTradeNo)! };
}
const notifyOf = (body: string) => pay.verifyNotify({ headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body });
const resign = (body: string, change: (p: Record<string, string>) => void) => {
  const params = Object.fromEntries(new URLSearchParams(body));
  delete params.sign;
  delete params.sign_type;
  change(params);
  return fake.notify(params);
};
const providerError = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PayProviderError);
  return error as PayProviderError;
};

describe('start: signed cashier URLs', () => {
  it('page pay is a gateway URL whose RSA2 sign verifies with our public key', async () => {
    const input = start({ expiresAt: new Date('2026-11-27T08:00:00Z') });
    const launch = await pay.start(input);
    expect(launch.kind).toBe('redirect');
    const url = new URL((launch as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(fake.gateway);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.page.pay',
      sign_type: 'RSA2',
      charset: 'utf-8',
      notify_url: input.notifyUrl,
      return_url: input.returnUrl,
    });
    expect(params.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: input.outTradeNo,
      total_amount: '12.30',
      subject: '问卷通 定制 T 恤 2 件',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2026-11-27 16:00:00',
    });
    expect(rsa2Ok(alipayContent(params, ['sign']), params.sign!, app.publicKey)).toBe(true);
    expect(rsa2Ok(alipayContent(params, ['sign']), params.sign!, stranger.publicKey)).toBe(false);
    expect(fake.openCashier(url.toString())).toMatchObject({ total_amount: '12.30', trade_status: 'WAIT_BUYER_PAY' });
  });

  it('wap pay uses alipay.trade.wap.pay with QUICK_WAP_WAY and the way back as quit_url', async () => {
    const launch = await pay.start(start({ scene: 'wap', amountFen: 1 }));
    const params = Object.fromEntries(new URL((launch as { url: string }).url).searchParams);
    expect(params.method).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(params.biz_content!)).toMatchObject({
      total_amount: '0.01',
      product_code: 'QUICK_WAP_WAY',
      quit_url: 'https://wj.example.cn/alipaySuccess?orderNo=1',
    });
    expect(fake.openCashier((launch as { url: string }).url)).toBeDefined();
  });

  it('a URL signed by another key or changed after signing is refused by Alipay', async () => {
    const forged = (await alipayProvider(config({ privateKey: stranger.privateKey })).start(start())) as { url: string };
    expect(fake.openCashier(forged.url)).toBeUndefined();
    const good = new URL(((await pay.start(start())) as { url: string }).url);
    good.searchParams.set('biz_content', good.searchParams.get('biz_content')!.replace('12.30', '0.01'));
    expect(fake.openCashier(good.toString())).toBeUndefined();
  });

  it('refuses scenes Alipay has no cashier for and amounts under a fen', async () => {
    expect((await providerError(pay.start(start({ scene: 'jsapi' })))).providerCode).toBe('scene');
    expect((await providerError(pay.start(start({ amountFen: 0 })))).providerCode).toBe('amount');
  });
});

describe('verifyNotify', () => {
  it.each([
    [1, '0.01'],
    [100, '1.00'],
    [1230, '12.30'],
    [9_999_999, '99999.99'],
  ])('a good notify for %i fen (%s yuan) verifies and yields paid with the exact amount', async (amountFen, yuan) => {
    const { outTradeNo, body, trade } = await paidTrade(amountFen);
    expect(new URLSearchParams(body).get('total_amount')).toBe(yuan);
    expect(await notifyOf(body)).toEqual({ ok: true, outTradeNo, transactionId: trade.trade_no, amountFen, state: 'paid' });
  });

  it('reads total_amount as Alipay may write it ("12.3", "12") to the exact fen', async () => {
    const { body } = await paidTrade();
    expect(await notifyOf(resign(body, (p) => (p.total_amount = '12.3')))).toMatchObject({ ok: true, amountFen: 1230 });
    expect(await notifyOf(resign(body, (p) => (p.total_amount = '12')))).toMatchObject({ ok: true, amountFen: 1200 });
    for (const bad of ['12.345', '-1.00', '1e3', ' 12.30', '0x10', '']) {
      expect(await notifyOf(resign(body, (p) => (p.total_amount = bad)))).toEqual({ ok: false, reason: 'format' });
    }
  });

  it('is pure: the same notify gives the same answer every time', async () => {
    const { body } = await paidTrade();
    const first = await notifyOf(body);
    expect(first.ok).toBe(true);
    expect(await notifyOf(body)).toEqual(first);
    expect(await notifyOf(body)).toEqual(first);
  });

  it('refuses another signer, a tampered amount or status, a missing or changed sign', async () => {
    const { body } = await paidTrade();
    const params = Object.fromEntries(new URLSearchParams(body));
    delete params.sign;
    delete params.sign_type;
    expect(await notifyOf(fake.notify(params, stranger.privateKey))).toEqual({ ok: false, reason: 'signature' });
    const tampered = new URLSearchParams(body);
    tampered.set('total_amount', '0.01');
    expect(await notifyOf(tampered.toString())).toEqual({ ok: false, reason: 'signature' });
    const closedToPaid = new URLSearchParams(body);
    closedToPaid.set('out_trade_no', 'AL-someone-else');
    expect(await notifyOf(closedToPaid.toString())).toEqual({ ok: false, reason: 'signature' });
    const unsigned = new URLSearchParams(body);
    unsigned.delete('sign');
    expect(await notifyOf(unsigned.toString())).toEqual({ ok: false, reason: 'signature' });
    const rsa1 = new URLSearchParams(body);
    rsa1.set('sign_type', 'RSA');
    expect(await notifyOf(rsa1.toString())).toEqual({ ok: false, reason: 'signature' });
    const twice = `${body}&total_amount=0.01`;
    expect((await notifyOf(twice)).ok).toBe(false);
    expect(await notifyOf('')).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a well-signed notify for another app or another seller; without ALIPAY_SELLER_ID the seller is not checked', async () => {
    const { body } = await paidTrade();
    expect(await notifyOf(resign(body, (p) => (p.app_id = '2021000117600001')))).toEqual({ ok: false, reason: 'merchant' });
    const otherSeller = resign(body, (p) => (p.seller_id = '2088102177000001'));
    expect(await notifyOf(otherSeller)).toEqual({ ok: false, reason: 'merchant' });
    const { sellerId: _ignored, ...noSeller } = config();
    expect((await alipayProvider(noSeller).verifyNotify({ headers: {}, body: otherSeller })).ok).toBe(true);
  });

  it('maps trade_status: TRADE_FINISHED paid, TRADE_CLOSED closed, WAIT_BUYER_PAY unpaid, anything else refused', async () => {
    const { body } = await paidTrade();
    expect(await notifyOf(resign(body, (p) => (p.trade_status = 'TRADE_FINISHED')))).toMatchObject({ ok: true, state: 'paid' });
    expect(await notifyOf(resign(body, (p) => (p.trade_status = 'TRADE_CLOSED')))).toMatchObject({ ok: true, state: 'closed' });
    expect(await notifyOf(resign(body, (p) => (p.trade_status = 'WAIT_BUYER_PAY')))).toMatchObject({ ok: true, state: 'unpaid' });
    expect(await notifyOf(resign(body, (p) => (p.trade_status = 'TRADE_PENDING')))).toEqual({ ok: false, reason: 'format' });
    expect(await notifyOf(resign(body, (p) => (p.charset = 'gbk')))).toEqual({ ok: false, reason: 'format' });
  });

  it('answers Alipay success / failure as text', () => {
    expect(pay.notifyAnswer(true)).toMatchObject({ status: 200, body: 'success' });
    expect(pay.notifyAnswer(false)).toMatchObject({ status: 200, body: 'failure' });
  });
});

describe('query, refund, close', () => {
  it('query reads the signed alipay_trade_query_response: unpaid, paid, and unpaid for a trade Alipay never held', async () => {
    const input = start({ amountFen: 9_999_999 });
    fake.openCashier(((await pay.start(input)) as { url: string }).url);
    expect(await pay.query(input.outTradeNo)).toEqual({ state: 'unpaid', amountFen: 9_999_999, transactionId: fake.trades.get(input.outTradeNo)!.trade_no });
    fake.pay(input.outTradeNo);
    expect(await pay.query(input.outTradeNo)).toMatchObject({ state: 'paid', amountFen: 9_999_999 });
    expect(fake.received.at(-1)).toMatchObject({ signatureOk: true, params: { method: 'alipay.trade.query' } });
    expect(await pay.query('AL-never-opened')).toEqual({ state: 'unpaid' });
  });

  it('an answer changed after Alipay signed it, or a success without a sign, is not believed', async () => {
    const { outTradeNo } = await paidTrade();
    fake.tamperNextAnswer = true;
    expect((await providerError(pay.query(outTradeNo))).providerCode).toBe('response_signature');
    fake.unsignedNextAnswer = true;
    expect((await providerError(pay.query(outTradeNo))).providerCode).toBe('response_signature');
    const otherKey = alipayProvider(config({ alipayPublicKey: stranger.publicKey }));
    expect((await providerError(otherKey.query(outTradeNo))).providerCode).toBe('response_signature');
    expect((await pay.query(outTradeNo)).state).toBe('paid');
  });

  it('a call Alipay cannot verify comes back as its error, unsigned', async () => {
    const wrongKey = alipayProvider(config({ privateKey: stranger.privateKey }));
    expect(await providerError(wrongKey.query('AL1'))).toMatchObject({ provider: 'alipay', providerCode: 'isv.invalid-signature' });
    const nowhere = alipayProvider(config({ gateway: 'http://127.0.0.1:1/gateway.do' }));
    expect((await providerError(nowhere.query('AL1'))).providerCode).toBe('network');
  });

  it('refund sends yuan strings; a repeat of the same refund number is processing, more than paid is refused', async () => {
    const { outTradeNo, trade } = await paidTrade(1000);
    expect(await pay.refund({ outTradeNo, outRefundNo: `${outTradeNo}R1`, refundFen: 615, totalFen: 1000, reason: '买家申请退款' })).toEqual({
      state: 'success',
      refundId: `${trade.trade_no}/${outTradeNo}R1`,
    });
    expect(JSON.parse(fake.received.at(-1)!.params.biz_content!)).toEqual({
      out_trade_no: outTradeNo,
      out_request_no: `${outTradeNo}R1`,
      refund_amount: '6.15',
      refund_reason: '买家申请退款',
    });
    expect((await pay.refund({ outTradeNo, outRefundNo: `${outTradeNo}R1`, refundFen: 615, totalFen: 1000 })).state).toBe('processing');
    expect(await providerError(pay.refund({ outTradeNo, outRefundNo: `${outTradeNo}R2`, refundFen: 386, totalFen: 1000 }))).toMatchObject({
      providerCode: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
      message: '退款金额超限',
    });
    expect((await pay.refund({ outTradeNo, outRefundNo: `${outTradeNo}R3`, refundFen: 385, totalFen: 1000 })).state).toBe('success');
    expect(trade.refundedFen).toBe(1000);
  });

  it('queryRefund: REFUND_SUCCESS ends a refund; one Alipay has not settled (or never took) is still processing', async () => {
    const { outTradeNo, trade } = await paidTrade(1000);
    const outRefundNo = `${outTradeNo}Q1`;
    await pay.refund({ outTradeNo, outRefundNo, refundFen: 300, totalFen: 1000 });
    fake.pendingRefunds.add(outRefundNo);
    expect(await pay.queryRefund!({ outTradeNo, outRefundNo })).toEqual({ state: 'processing', refundId: `${trade.trade_no}/${outRefundNo}` });
    expect(fake.received.at(-1)).toMatchObject({ signatureOk: true, params: { method: 'alipay.trade.fastpay.refund.query' } });
    expect(JSON.parse(fake.received.at(-1)!.params.biz_content!)).toEqual({ out_trade_no: outTradeNo, out_request_no: outRefundNo });
    fake.pendingRefunds.delete(outRefundNo);
    expect(await pay.queryRefund!({ outTradeNo, outRefundNo })).toEqual({ state: 'success', refundId: `${trade.trade_no}/${outRefundNo}` });
    expect((await pay.queryRefund!({ outTradeNo, outRefundNo: `${outTradeNo}NONE` })).state).toBe('processing');
    expect(await pay.queryRefund!({ outTradeNo: 'AL-never-opened', outRefundNo: 'R' })).toEqual({ state: 'processing' });
  });

  it('close closes a waiting trade, is a no-op for one Alipay never held, and reports a paid one', async () => {
    const input = start();
    fake.openCashier(((await pay.start(input)) as { url: string }).url);
    await pay.close(input.outTradeNo);
    expect((await pay.query(input.outTradeNo)).state).toBe('closed');
    await expect(pay.close('AL-never-opened')).resolves.toBeUndefined();
    const { outTradeNo } = await paidTrade();
    expect((await providerError(pay.close(outTradeNo))).providerCode).toBe('ACQ.TRADE_STATUS_ERROR');
  });
});

describe('rawMember', () => {
  it('returns the exact text of the member, escapes and nesting included', () => {
    const inner = '{"code":"10000","msg":"a \\"}\\" b","url":"https:\\/\\/x","list":[{"a":1}],"n":{"m":{}}}';
    expect(rawMember(`{"alipay_trade_query_response":${inner},"sign":"abc"}`, 'alipay_trade_query_response')).toBe(inner);
    expect(rawMember(`{ "alipay_trade_query_response" : ${inner} }`, 'alipay_trade_query_response')).toBe(inner);
    expect(rawMember('{"error_response":{"code":"40002"}}', 'alipay_trade_query_response')).toBeUndefined();
    expect(rawMember('{"alipay_trade_query_response":{"code":"1', 'alipay_trade_query_response')).toBeUndefined();
  });
});
