import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { TEnv } from '../../../server/env';
import { FakeAlipay } from '../pay-providers/fake-alipay';
import { FakeWechat } from '../pay-providers/fake-wechat';
import type { TestApp } from '../../helpers/test-app';

/**
 * WeChat Pay and Alipay for a whole app: the local fake servers of tests/server/pay-providers (keys made here),
 * and the environment that makes the app's own adapters talk to them (PAY_PROVIDER=wechat, Alipay configured too),
 * so a buyer can open both cashiers of one order, as a real one can.
 */
export interface RealProviders {
  wechat: FakeWechat;
  alipay: FakeAlipay;
  env: Partial<TEnv>;
  close(): Promise<void>;
}

const pem = (key: { export(o: { type: 'pkcs8' | 'spki'; format: 'pem' }): string | Buffer }, type: 'pkcs8' | 'spki') =>
  String(key.export({ type, format: 'pem' }));

export async function startRealProviders(): Promise<RealProviders> {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiV3Key = randomBytes(16).toString('hex');
  const ids = {
    mchid: '1900009191',
    appid: 'wxd678efh567hg6787',
    serial: randomBytes(20).toString('hex').toUpperCase(),
    pubKeyId: 'PUB_KEY_ID_0119000091912025112700000000000001',
  };
  const wechat = await new FakeWechat({
    mchid: ids.mchid,
    appid: ids.appid,
    merchantSerial: ids.serial,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    platformSerial: ids.pubKeyId,
    apiV3Key,
  }).start();
  const alipay = await new FakeAlipay({
    appId: '2021000117600000',
    sellerId: '2088102177000000',
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipayKeys.privateKey,
  }).start();
  return {
    wechat,
    alipay,
    env: {
      PAY_PROVIDER: 'wechat',
      WECHATPAY_MCHID: ids.mchid,
      WECHATPAY_APPID: ids.appid,
      WECHATPAY_SERIAL: ids.serial,
      WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
      WECHATPAY_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
      WECHATPAY_PUBLIC_KEY_ID: ids.pubKeyId,
      WECHATPAY_APIV3_KEY: apiV3Key,
      WECHATPAY_BASE_URL: wechat.baseUrl,
      ALIPAY_APP_ID: '2021000117600000',
      ALIPAY_PRIVATE_KEY: pem(app.privateKey, 'pkcs8'),
      ALIPAY_PUBLIC_KEY: pem(alipayKeys.publicKey, 'spki'),
      ALIPAY_GATEWAY: alipay.gateway,
      ALIPAY_SELLER_ID: '2088102177000000',
    },
    async close() {
      await wechat.close();
      await alipay.close();
    },
  };
}

/** A creator may collect through a real provider once a merchant application of theirs is finished (order-pay.service.ts). */
export async function finishMerchant(t: TestApp, phone: string): Promise<void> {
  const no = `${Date.now()}${randomBytes(4).toString('hex')}`;
  await t.database.query(
    `INSERT INTO merchant_applications (out_request_no, applyment_id, user_id, state, organization_type, merchant_name, body, body_hash)
     SELECT $1, $1, id, 'FINISHED', '2401', '测试小店', '{}'::jsonb, 'x' FROM users WHERE phone = $2`,
    [no, phone],
  );
}

/** A notify as the provider posts it to the app. */
export const postNotify = (t: TestApp, provider: 'wechat' | 'alipay' | 'sandbox', notify: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: 'POST', url: `/pay/notify/${provider}`, headers: notify.headers, payload: notify.body });

export const alipayForm = (body: string) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
