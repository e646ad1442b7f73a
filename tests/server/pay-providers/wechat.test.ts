import { createPublicKey, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PayProviderError, type PayProvider, type PayStart } from '../../../server/providers/pay';
import { wechatPayProvider, type WechatPayConfig } from '../../../server/providers/pay-wechat';
import { decryptResource } from '../../../server/providers/pay-wechat-sign';
import { FakeWechat, type FakeNotify } from './fake-wechat';

// Issue 21 item 2: the WeChat Pay API v3 adapter against a local server playing WeChat, keys made here.
const MCHID = '1900009191';
const APPID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = randomBytes(20).toString('hex').toUpperCase();
const PUB_KEY_ID = 'PUB_KEY_ID_0119000091912025112700000000000001';
const APIV3_KEY = randomBytes(16).toString('hex');
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

let fake: FakeWechat;
let pay: PayProvider;
const config = (over: Partial<WechatPayConfig> = {}): WechatPayConfig => ({
  mchid: MCHID,
  appid: APPID,
  serialNo: MERCHANT_SERIAL,
  privateKey: merchant.privateKey,
  platformKeys: new Map([[PUB_KEY_ID, platform.publicKey]]),
  apiV3Key: APIV3_KEY,
  baseUrl: fake.baseUrl,
  ...over,
});

beforeAll(async () => {
  fake = await new FakeWechat({
    mchid: MCHID,
    appid: APPID,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    platformSerial: PUB_KEY_ID,
    apiV3Key: APIV3_KEY,
  }).start();
  pay = wechatPayProvider(config());
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.nextAnswer = null;
  fake.tamperNextAnswer = false;
});

let serial = 0;
const start = (over: Partial<PayStart> = {}): PayStart => ({
  outTradeNo: `WX${Date.now()}${(serial += 1)}`,
  amountFen: 1230,
  description: '问卷通-测试商品 ×2',
  notifyUrl: 'https://wj.example.cn/api/active/pay/wx/notify',
  returnUrl: 'https://wj.example.cn/alipaySuccess?orderNo=1',
  scene: 'native',
  ...over,
});
/** A trade the fake knows, paid by the payer; its notify as WeChat would send it. */
async function paidTrade(amountFen = 1230): Promise<{ outTradeNo: string; notify: FakeNotify }> {
  const input = start({ amountFen });
  await pay.start(input);
  return { outTradeNo: input.outTradeNo, notify: fake.pay(input.outTradeNo) };
}
const resource = (outTradeNo: string, over: Record<string, unknown> = {}) => ({
  mchid: MCHID,
  appid: APPID,
  out_trade_no: outTradeNo,
  transaction_id: '4200000000202611270000000001',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  amount: { total: 1230, payer_total: 1230, currency: 'CNY', payer_currency: 'CNY' },
  ...over,
});
const providerError = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PayProviderError);
  return error as PayProviderError;
};

describe('start: signed orders and launches', () => {
  it('Native returns the code_url, the request carried a signature WeChat accepts', async () => {
    const input = start({ scene: 'native', expiresAt: new Date('2026-11-27T08:00:00Z') });
    const launch = await pay.start(input);
    expect(launch).toEqual({ kind: 'qr', codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/) });
    const sent = fake.received.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/v3/pay/transactions/native', signatureOk: true });
    expect(JSON.parse(sent.body)).toMatchObject({
      appid: APPID,
      mchid: MCHID,
      out_trade_no: input.outTradeNo,
      amount: { total: 1230, currency: 'CNY' },
      time_expire: '2026-11-27T16:00:00+08:00',
    });
  });

  it('JSAPI returns launch parameters whose paySign verifies with our public key', async () => {
    const launch = await pay.start(start({ scene: 'jsapi', payerOpenId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }));
    expect(launch.kind).toBe('jsapi');
    const p = (launch as { params: Record<string, string> }).params;
    expect(p).toMatchObject({ appId: APPID, signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx\d+/) });
    expect(p.timeStamp).toMatch(/^\d{10}$/);
    expect(p.nonceStr).toMatch(/^[0-9A-Za-z]{32}$/);
    const message = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, p.paySign!, 'base64')).toBe(true);
    expect(createVerify('RSA-SHA256').update(message).verify(stranger.publicKey, p.paySign!, 'base64')).toBe(false);
  });

  it('H5 sends the payer address and returns the h5_url with the way back', async () => {
    const launch = await pay.start(start({ scene: 'h5', payerIp: '203.0.113.7' }));
    expect(launch.kind).toBe('redirect');
    const url = new URL((launch as { url: string }).url);
    expect(url.host).toBe('wx.tenpay.com');
    expect(url.searchParams.get('redirect_url')).toBe('https://wj.example.cn/alipaySuccess?orderNo=1');
    expect(JSON.parse(fake.received.at(-1)!.body).scene_info).toEqual({ payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } });
  });

  it('cuts a long description at 127 bytes without breaking a character', async () => {
    await pay.start(start({ description: '问卷'.repeat(100) }));
    const description = JSON.parse(fake.received.at(-1)!.body).description as string;
    expect(Buffer.byteLength(description)).toBeLessThanOrEqual(127);
    expect(description).toMatch(/^(问卷)+问?$/);
  });

  it('refuses before calling WeChat when the scene lacks what it needs', async () => {
    const before = fake.received.length;
    expect((await providerError(pay.start(start({ scene: 'jsapi' })))).providerCode).toBe('openid');
    expect((await providerError(pay.start(start({ scene: 'h5' })))).providerCode).toBe('payer_ip');
    expect((await providerError(pay.start(start({ amountFen: 0 })))).providerCode).toBe('amount');
    expect(fake.received.length).toBe(before);
  });

  it("maps WeChat's refusals, a key WeChat does not know and an unsigned answer to PayProviderError", async () => {
    fake.nextAnswer = { status: 429, body: { code: 'FREQUENCY_LIMITED', message: '频率超限' } };
    expect(await providerError(pay.start(start()))).toMatchObject({ provider: 'wechat', providerCode: 'FREQUENCY_LIMITED', message: '频率超限' });
    fake.nextAnswer = { status: 500, body: { code: 'SYSTEM_ERROR', message: '系统错误' } };
    expect((await providerError(pay.start(start()))).providerCode).toBe('SYSTEM_ERROR');
    const wrongKey = wechatPayProvider(config({ privateKey: stranger.privateKey }));
    expect((await providerError(wrongKey.start(start()))).providerCode).toBe('SIGN_ERROR');
    expect(fake.received.at(-1)!.signatureOk).toBe(false);
    const otherPlatform = wechatPayProvider(config({ platformKeys: new Map([[PUB_KEY_ID, stranger.publicKey]]) }));
    expect((await providerError(otherPlatform.start(start()))).providerCode).toBe('response_signature');
    const nowhere = wechatPayProvider(config({ baseUrl: 'http://127.0.0.1:1' }));
    expect((await providerError(nowhere.start(start()))).providerCode).toBe('network');
  });
});

describe('verifyNotify', () => {
  it('a good notify verifies and yields paid with the exact amount', async () => {
    const { outTradeNo, notify } = await paidTrade(9_999_999);
    const result = await pay.verifyNotify(notify);
    expect(result).toEqual({ ok: true, outTradeNo, transactionId: fake.trades.get(outTradeNo)!.transaction_id, amountFen: 9_999_999, state: 'paid' });
  });

  it('is pure: the same notify gives the same answer every time', async () => {
    const { notify } = await paidTrade();
    const first = await pay.verifyNotify(notify);
    expect(await pay.verifyNotify(notify)).toEqual(first);
    expect(await pay.verifyNotify(structuredClone(notify))).toEqual(first);
  });

  it('refuses a signature by another key, a tampered body or amount, a changed signature', async () => {
    const { outTradeNo, notify } = await paidTrade();
    expect(await pay.verifyNotify(fake.notify(resource(outTradeNo), { signingKey: stranger.privateKey }))).toEqual({ ok: false, reason: 'signature' });
    const body = JSON.parse(notify.body);
    body.summary = '支付成功!';
    expect(await pay.verifyNotify({ ...notify, body: JSON.stringify(body) })).toEqual({ ok: false, reason: 'signature' });
    const tamperedCipher = JSON.parse(notify.body);
    const bytes = Buffer.from(tamperedCipher.resource.ciphertext, 'base64');
    bytes[bytes.length - 20] ^= 1;
    tamperedCipher.resource.ciphertext = bytes.toString('base64');
    expect(await pay.verifyNotify({ ...notify, body: JSON.stringify(tamperedCipher) })).toEqual({ ok: false, reason: 'signature' });
    const sig = Buffer.from(notify.headers['wechatpay-signature']!, 'base64');
    sig[0] ^= 1;
    expect(await pay.verifyNotify({ ...notify, headers: { ...notify.headers, 'wechatpay-signature': sig.toString('base64') } })).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(await pay.verifyNotify({ ...notify, body: `${notify.body} ` })).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a wrong serial, a stale or future timestamp, missing headers, another signature type', async () => {
    const { outTradeNo, notify } = await paidTrade();
    expect(await pay.verifyNotify(fake.notify(resource(outTradeNo), { serial: 'PUB_KEY_ID_0119000091912025112700000000000002' }))).toEqual({
      ok: false,
      reason: 'signature',
    });
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360;
    expect(await pay.verifyNotify(fake.notify(resource(outTradeNo), { timestamp: sixMinutesAgo }))).toEqual({ ok: false, reason: 'signature' });
    expect(await pay.verifyNotify(fake.notify(resource(outTradeNo), { timestamp: sixMinutesAgo + 720 }))).toEqual({ ok: false, reason: 'signature' });
    expect((await pay.verifyNotify(fake.notify(resource(outTradeNo), { timestamp: sixMinutesAgo + 120 }))).ok).toBe(true);
    for (const name of ['wechatpay-timestamp', 'wechatpay-nonce', 'wechatpay-signature', 'wechatpay-serial']) {
      expect(await pay.verifyNotify({ ...notify, headers: { ...notify.headers, [name]: undefined } })).toEqual({ ok: false, reason: 'signature' });
    }
    expect(await pay.verifyNotify({ ...notify, headers: { ...notify.headers, 'wechatpay-signature-type': 'WECHATPAY2-SM2-WITH-SM3' } })).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('checks the clock it is given: the same notify is fresh at 4 minutes and stale at 6', async () => {
    const { notify } = await paidTrade();
    const sent = Number(notify.headers['wechatpay-timestamp']) * 1000;
    expect((await wechatPayProvider(config({ now: () => new Date(sent + 240_000) })).verifyNotify(notify)).ok).toBe(true);
    expect(await wechatPayProvider(config({ now: () => new Date(sent + 360_000) })).verifyNotify(notify)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a well-signed notify for another merchant or app', async () => {
    const { outTradeNo } = await paidTrade();
    expect(await pay.verifyNotify(fake.notify(resource(outTradeNo, { mchid: '1900000109' })))).toEqual({ ok: false, reason: 'merchant' });
    expect(await pay.verifyNotify(fake.notify(resource(outTradeNo, { appid: 'wx0000000000000000' })))).toEqual({ ok: false, reason: 'merchant' });
  });

  it('a resource encrypted with another APIv3 key, or with other associated data, does not decrypt', async () => {
    const { outTradeNo } = await paidTrade();
    expect(await pay.verifyNotify(fake.notify(resource(outTradeNo), { apiV3Key: randomBytes(16).toString('hex') }))).toEqual({ ok: false, reason: 'decrypt' });
    const notify = fake.notify(resource(outTradeNo));
    const body = JSON.parse(notify.body);
    expect(JSON.parse(decryptResource(body.resource, APIV3_KEY)!)).toMatchObject({ out_trade_no: outTradeNo, amount: { total: 1230 } });
    expect(decryptResource(body.resource, randomBytes(16).toString('hex'))).toBeUndefined();
    expect(decryptResource({ ...body.resource, associated_data: 'refund' }, APIV3_KEY)).toBeUndefined();
    expect(decryptResource({ ...body.resource, algorithm: 'AEAD_SM4_GCM' }, APIV3_KEY)).toBeUndefined();
  });

  it('maps trade states and refuses what cannot be read', async () => {
    const no = `WX${Date.now()}states`;
    expect(await pay.verifyNotify(fake.notify(resource(no, { trade_state: 'CLOSED', transaction_id: undefined })))).toMatchObject({
      ok: true,
      state: 'closed',
    });
    expect(await pay.verifyNotify(fake.notify(resource(no, { trade_state: 'NOTPAY', transaction_id: undefined })))).toMatchObject({
      ok: true,
      state: 'unpaid',
    });
    expect(await pay.verifyNotify(fake.notify(resource(no, { trade_state: 'SUCCESS', transaction_id: undefined })))).toEqual({ ok: false, reason: 'format' });
    expect(await pay.verifyNotify(fake.notify(resource(no, { amount: { total: '12.30' } })))).toEqual({ ok: false, reason: 'format' });
    expect(await pay.verifyNotify(fake.notify(resource(no, { trade_state: 'SOMETHING' })))).toEqual({ ok: false, reason: 'format' });
    expect(await pay.verifyNotify({ headers: {}, body: 'not json' })).toEqual({ ok: false, reason: 'signature' });
    expect(await pay.verifyNotify(fake.notify(resource(no), { eventType: 'REFUND.SUCCESS' }))).toEqual({ ok: false, reason: 'format' });
  });

  it('answers WeChat 204 when taken and a 4xx FAIL JSON when not', () => {
    expect(pay.notifyAnswer(true).status).toBe(204);
    const no = pay.notifyAnswer(false);
    expect(no.status).toBeGreaterThanOrEqual(400);
    expect(no.status).toBeLessThan(500);
    expect(JSON.parse(no.body)).toEqual({ code: 'FAIL', message: '失败' });
  });
});

describe('query, refund, close', () => {
  it('query tells unpaid, then paid with the amount and transaction id, and a trade WeChat never saw is unpaid', async () => {
    const input = start({ amountFen: 1 });
    await pay.start(input);
    expect(await pay.query(input.outTradeNo)).toEqual({ state: 'unpaid', amountFen: 1 });
    fake.pay(input.outTradeNo);
    expect(await pay.query(input.outTradeNo)).toEqual({ state: 'paid', amountFen: 1, transactionId: fake.trades.get(input.outTradeNo)!.transaction_id });
    expect(fake.received.at(-1)).toMatchObject({
      method: 'GET',
      url: `/v3/pay/transactions/out-trade-no/${input.outTradeNo}?mchid=${MCHID}`,
      signatureOk: true,
    });
    expect(await pay.query('WX-never-started')).toEqual({ state: 'unpaid' });
  });

  it('an answer changed after WeChat signed it is not believed', async () => {
    const { outTradeNo } = await paidTrade();
    fake.tamperNextAnswer = true;
    expect((await providerError(pay.query(outTradeNo))).providerCode).toBe('response_signature');
    expect((await pay.query(outTradeNo)).state).toBe('paid');
    fake.nextAnswer = {
      status: 200,
      body: { mchid: '1900000109', appid: APPID, out_trade_no: outTradeNo, trade_state: 'SUCCESS', transaction_id: '42', amount: { total: 1230 } },
    };
    expect((await providerError(pay.query(outTradeNo))).providerCode).toBe('merchant');
    fake.nextAnswer = {
      status: 200,
      body: { mchid: MCHID, appid: APPID, out_trade_no: `${outTradeNo}X`, trade_state: 'SUCCESS', transaction_id: '42', amount: { total: 1230 } },
    };
    expect((await providerError(pay.query(outTradeNo))).providerCode).toBe('merchant');
  });

  it('refund sends the amounts in fen and reads the state; refusing more than paid is a PayProviderError', async () => {
    const { outTradeNo } = await paidTrade(1000);
    expect(await pay.refund({ outTradeNo, outRefundNo: `${outTradeNo}R1`, refundFen: 500, totalFen: 1000, reason: '买家申请退款' })).toEqual({
      state: 'processing',
      refundId: expect.stringMatching(/^50000/),
    });
    expect(JSON.parse(fake.received.at(-1)!.body)).toMatchObject({
      out_refund_no: `${outTradeNo}R1`,
      reason: '买家申请退款',
      amount: { refund: 500, total: 1000, currency: 'CNY' },
    });
    fake.nextAnswer = { status: 200, body: { refund_id: '5000001', status: 'SUCCESS' } };
    expect(await pay.refund({ outTradeNo, outRefundNo: `${outTradeNo}R2`, refundFen: 100, totalFen: 1000 })).toEqual({ state: 'success', refundId: '5000001' });
    fake.nextAnswer = { status: 200, body: { refund_id: '5000002', status: 'ABNORMAL' } };
    expect((await pay.refund({ outTradeNo, outRefundNo: `${outTradeNo}R3`, refundFen: 100, totalFen: 1000 })).state).toBe('failed');
    const tooMuch = await providerError(pay.refund({ outTradeNo, outRefundNo: `${outTradeNo}R4`, refundFen: 501, totalFen: 1000 }));
    expect(tooMuch).toMatchObject({ providerCode: 'INVALID_REQUEST', message: '申请退款金额超过订单可退金额' });
  });

  it('queryRefund asks about a refund WeChat answered PROCESSING until it ends; an unknown refund number is still processing', async () => {
    const { outTradeNo } = await paidTrade(1000);
    const outRefundNo = `${outTradeNo}Q1`;
    const started = await pay.refund({ outTradeNo, outRefundNo, refundFen: 400, totalFen: 1000 });
    expect(started.state).toBe('processing');
    expect(await pay.queryRefund!({ outTradeNo, outRefundNo })).toEqual({ state: 'processing', refundId: started.refundId });
    expect(fake.received.at(-1)).toMatchObject({ method: 'GET', url: `/v3/refund/domestic/refunds/${outRefundNo}`, signatureOk: true });
    fake.finishRefund(outRefundNo, 'SUCCESS');
    expect(await pay.queryRefund!({ outTradeNo, outRefundNo })).toEqual({ state: 'success', refundId: started.refundId });
    const closed = `${outTradeNo}Q2`;
    await pay.refund({ outTradeNo, outRefundNo: closed, refundFen: 100, totalFen: 1000 });
    fake.finishRefund(closed, 'CLOSED');
    expect((await pay.queryRefund!({ outTradeNo, outRefundNo: closed })).state).toBe('failed');
    expect(await pay.queryRefund!({ outTradeNo, outRefundNo: `${outTradeNo}NONE` })).toEqual({ state: 'processing' });
  });

  it('close closes an unpaid trade and reports WeChat refusing to close a paid one', async () => {
    const input = start();
    await pay.start(input);
    await pay.close(input.outTradeNo);
    expect(fake.trades.get(input.outTradeNo)!.trade_state).toBe('CLOSED');
    expect((await pay.query(input.outTradeNo)).state).toBe('closed');
    const { outTradeNo } = await paidTrade();
    expect((await providerError(pay.close(outTradeNo))).providerCode).toBe('ORDERPAID');
  });
});

describe('platform certificate mode', () => {
  it('checks answers and notifies with the certificate Wechatpay-Serial names', async () => {
    const certPem = readFileSync(new URL('./fixtures/platform-test-cert.pem', import.meta.url), 'utf8');
    const { certificatesBySerial, readPrivateKey } = await import('../../../server/providers/pay-keys');
    const keys = certificatesBySerial(certPem);
    const [certSerial] = [...keys.keys()];
    expect(certSerial).toMatch(/^[0-9A-F]+$/);
    const certFake = await new FakeWechat({
      ...fake.options,
      platformPrivateKey: readPrivateKey(readFileSync(new URL('./fixtures/platform-test-key.pem', import.meta.url), 'utf8')),
      platformSerial: certSerial!,
    }).start();
    try {
      const certPay = wechatPayProvider(config({ baseUrl: certFake.baseUrl, platformKeys: keys }));
      const input = start();
      expect((await certPay.start(input)).kind).toBe('qr');
      expect(await certPay.verifyNotify(certFake.pay(input.outTradeNo))).toMatchObject({ ok: true, state: 'paid', amountFen: 1230 });
      expect((await pay.verifyNotify(certFake.pay(input.outTradeNo))).ok).toBe(false);
      expect(createPublicKey(certPem).asymmetricKeyType).toBe('rsa');
    } finally {
      await certFake.close();
    }
  });
});
