import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/env';
import { alipayFromEnv } from '../../../server/providers/pay-alipay';
import { certificatesBySerial, readPrivateKey } from '../../../server/providers/pay-keys';
import { wechatPayFromEnv } from '../../../server/providers/pay-wechat';
import { FakeAlipay } from './fake-alipay';
import { FakeWechat } from './fake-wechat';

// The providers as the configuration builds them: keys from files (Docker secrets) or inline, PEM or Alipay's bare base64.
const dir = mkdtempSync(join(tmpdir(), 'pay-env-'));
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const APIV3_KEY = randomBytes(16).toString('hex');
const certPem = fixture('platform-test-cert.pem');
const certSerial = [...certificatesBySerial(certPem).keys()][0]!;
let wechat: FakeWechat;
let alipay: FakeAlipay;

beforeAll(async () => {
  writeFileSync(join(dir, 'apiclient_key.pem'), merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(join(dir, 'platform.pem'), certPem);
  wechat = await new FakeWechat({
    mchid: '1900009191',
    appid: 'wxd678efh567hg6787',
    merchantSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: readPrivateKey(fixture('platform-test-key.pem')),
    platformSerial: certSerial,
    apiV3Key: APIV3_KEY,
  }).start();
  alipay = await new FakeAlipay({
    appId: '2021000117600000',
    sellerId: '2088102177000000',
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipayKeys.privateKey,
  }).start();
});
afterAll(async () => {
  await wechat.close();
  await alipay.close();
  rmSync(dir, { recursive: true, force: true });
});

const bare = (der: Buffer) => der.toString('base64');

describe('configuration', () => {
  it('no merchant id, no provider', () => {
    const env = readEnv({});
    expect(wechatPayFromEnv(env)).toBeUndefined();
    expect(alipayFromEnv(env)).toBeUndefined();
  });

  it('a half-configured provider stops the start naming what is missing', () => {
    expect(() => readEnv({ WECHATPAY_MCHID: '1900009191' })).toThrow(
      /WECHATPAY_APPID.*required[\s\S]*WECHATPAY_SERIAL[\s\S]*WECHATPAY_APIV3_KEY[\s\S]*WECHATPAY_PRIVATE_KEY[\s\S]*WECHATPAY_PLATFORM_CERT/,
    );
    expect(() => readEnv({ WECHATPAY_APIV3_KEY: 'too short' })).toThrow(/32-character/);
    expect(() => readEnv({ ALIPAY_APP_ID: '2021000117600000' })).toThrow(/ALIPAY_PRIVATE_KEY[\s\S]*ALIPAY_PUBLIC_KEY/);
    expect(() => readEnv({ ALIPAY_SELLER_ID: '12345' })).toThrow(/2088/);
    expect(() => readEnv({ WECHATPAY_BASE_URL: 'ftp://x' })).toThrow(/WECHATPAY_BASE_URL/);
  });

  it('WeChat Pay from files with a platform certificate works end to end against the fake', async () => {
    const env = readEnv({
      WECHATPAY_MCHID: '1900009191',
      WECHATPAY_APPID: 'wxd678efh567hg6787',
      WECHATPAY_SERIAL: '5157f09efdc096de15ebe81a47057a7232f1b8e1',
      WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'apiclient_key.pem'),
      WECHATPAY_PLATFORM_CERT_FILE: join(dir, 'platform.pem'),
      WECHATPAY_APIV3_KEY: APIV3_KEY,
      WECHATPAY_BASE_URL: wechat.baseUrl,
    });
    const provider = wechatPayFromEnv(env)!;
    expect(provider.name).toBe('wechat');
    const outTradeNo = `WX${Date.now()}env`;
    const launch = await provider.start({
      outTradeNo,
      amountFen: 1,
      description: '测试',
      notifyUrl: 'https://wj.example.cn/n',
      returnUrl: 'https://wj.example.cn/r',
      scene: 'native',
    });
    expect(launch.kind).toBe('qr');
    expect(await provider.verifyNotify(wechat.pay(outTradeNo))).toMatchObject({ ok: true, outTradeNo, amountFen: 1, state: 'paid' });
  });

  it('WeChat Pay with the 微信支付公钥 given inline on one line', () => {
    const source = {
      WECHATPAY_MCHID: '1900009191',
      WECHATPAY_APPID: 'wxd678efh567hg6787',
      WECHATPAY_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PRIVATE_KEY: String(merchant.privateKey.export({ type: 'pkcs8', format: 'pem' })).replace(/\n/g, '\\n'),
      WECHATPAY_PUBLIC_KEY: String(merchant.publicKey.export({ type: 'spki', format: 'pem' })),
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000091912025112700000000000001',
      WECHATPAY_APIV3_KEY: APIV3_KEY,
    };
    expect(wechatPayFromEnv(readEnv(source))?.name).toBe('wechat');
    const { WECHATPAY_PUBLIC_KEY_ID: _id, ...withoutId } = source;
    expect(() => readEnv(withoutId)).toThrow(/WECHATPAY_PUBLIC_KEY_ID \(PUB_KEY_ID_…\) is required/);
  });

  it('a key file that is not there stops the start with its variable', () => {
    const env = readEnv({
      WECHATPAY_MCHID: '1900009191',
      WECHATPAY_APPID: 'wxd678efh567hg6787',
      WECHATPAY_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'missing.pem'),
      WECHATPAY_PLATFORM_CERT_FILE: join(dir, 'platform.pem'),
      WECHATPAY_APIV3_KEY: APIV3_KEY,
    });
    expect(() => wechatPayFromEnv(env)).toThrow(/WECHATPAY_PRIVATE_KEY_FILE cannot be read/);
  });

  it("Alipay with keys as Alipay's key tool writes them (bare base64, PKCS#1 private) pays against the fake", async () => {
    const env = readEnv({
      ALIPAY_APP_ID: '2021000117600000',
      ALIPAY_PRIVATE_KEY: bare(app.privateKey.export({ type: 'pkcs1', format: 'der' })),
      ALIPAY_PUBLIC_KEY: bare(alipayKeys.publicKey.export({ type: 'spki', format: 'der' })),
      ALIPAY_GATEWAY: alipay.gateway,
      ALIPAY_SELLER_ID: '2088102177000000',
    });
    const provider = alipayFromEnv(env)!;
    const outTradeNo = `AL${Date.now()}env`;
    const launch = await provider.start({
      outTradeNo,
      amountFen: 1230,
      description: '测试',
      notifyUrl: 'https://wj.example.cn/n',
      returnUrl: 'https://wj.example.cn/r',
      scene: 'page',
    });
    expect(alipay.openCashier((launch as { url: string }).url)).toBeDefined();
    expect(await provider.verifyNotify({ headers: {}, body: alipay.pay(outTradeNo) })).toMatchObject({ ok: true, outTradeNo, amountFen: 1230 });
    expect(await provider.query(outTradeNo)).toMatchObject({ state: 'paid', amountFen: 1230 });
  });
});
