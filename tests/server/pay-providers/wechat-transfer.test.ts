import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayProviderError, type PayProvider } from '../../../server/providers/pay';
import { wechatPayProvider } from '../../../server/providers/pay-wechat';
import { FakeWechat } from './fake-wechat';

// Issue 49 item 1: red envelopes pay out through WeChat Pay's 商家转账 (/v3/transfer/batches) behind the
// provider's `transfer`, tested against the local fake with keys made here.
const MCHID = '1900009191';
const APPID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = randomBytes(20).toString('hex').toUpperCase();
const PUB_KEY_ID = 'PUB_KEY_ID_0119000091912025112700000000000002';
const APIV3_KEY = randomBytes(16).toString('hex');
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';

let fake: FakeWechat;
let pay: PayProvider;
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
  pay = wechatPayProvider({
    mchid: MCHID,
    appid: APPID,
    serialNo: MERCHANT_SERIAL,
    privateKey: merchant.privateKey,
    platformKeys: new Map([[PUB_KEY_ID, platform.publicKey]]),
    apiV3Key: APIV3_KEY,
    baseUrl: fake.baseUrl,
  });
});
afterAll(() => fake.close());

let n = 0;
const batchNo = () => `RP1S${Date.now()}${(n += 1)}`;

describe('WeChat Pay 商家转账 behind the provider transfer', () => {
  it('a signed batch of one to the openid is accepted (发放中) and, once WeChat finishes it, asked again answers paid', async () => {
    const outBatchNo = batchNo();
    const first = await pay.transfer!({ outBatchNo, amountFen: 188, payee: OPENID, remark: '问卷红包' });
    expect(first.state).toBe('processing');
    expect(first.transferId).toMatch(/^131000/);
    const sent = fake.received.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/v3/transfer/batches', signatureOk: true });
    expect(JSON.parse(sent.body)).toMatchObject({
      appid: APPID,
      out_batch_no: outBatchNo,
      total_amount: 188,
      total_num: 1,
      transfer_detail_list: [{ out_detail_no: outBatchNo, transfer_amount: 188, openid: OPENID }],
    });
    fake.settleTransfer(outBatchNo, 'FINISHED');
    const again = await pay.transfer!({ outBatchNo, amountFen: 188, payee: OPENID, remark: '问卷红包' });
    expect(again).toEqual({ state: 'success', transferId: first.transferId });
    expect([...fake.batches.keys()].filter((k) => k === outBatchNo)).toHaveLength(1);
  });

  it('a closed batch is failed with its reason; a payee without an openid is refused before any call', async () => {
    const outBatchNo = batchNo();
    await pay.transfer!({ outBatchNo, amountFen: 50, payee: OPENID, remark: '问卷红包' });
    fake.settleTransfer(outBatchNo, 'CLOSED');
    expect((await pay.transfer!({ outBatchNo, amountFen: 50, payee: OPENID, remark: '问卷红包' })).state).toBe('failed');
    const calls = fake.received.length;
    const anonymous = await pay.transfer!({ outBatchNo: batchNo(), amountFen: 50, payee: 'sheet:abc', remark: '问卷红包' });
    expect(anonymous).toMatchObject({ state: 'failed', failReason: '收款人不是微信用户（没有 openid）' });
    expect(fake.received.length).toBe(calls);
  });

  it('WeChat refusing (under 0.30 元, or an error answer) is a provider error the payout records as failed', async () => {
    const error = await pay.transfer!({ outBatchNo: batchNo(), amountFen: 29, payee: OPENID, remark: '问卷红包' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayProviderError);
    expect((error as PayProviderError).message).toBe('单笔转账金额不能低于0.3元');
  });
});
