import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../schemas/api/user';
import { readEnv } from '../../../server/env';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

// Issue 16 item 2: a real SMS provider. 阿里云短信 SendSms with its RPC signature (HMAC-SHA1), configured by
// environment variables, against a local server that plays Aliyun: it checks the signature with keys this
// test made, and answers as Aliyun does — OK, flow control, or a signature mismatch.
const KEY_ID = `LTAI${randomBytes(8).toString('hex')}`;
const SECRET = randomBytes(15).toString('base64');

const encode = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** Aliyun's side of the RPC signature, written from its documentation independently of the adapter. */
function expectedSignature(method: string, params: URLSearchParams, secret: string): string {
  const pairs = [...params.entries()].filter(([k]) => k !== 'Signature').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`${method}&${encode('/')}&${encode(canonical)}`)
    .digest('base64');
}

interface Received {
  params: URLSearchParams;
  signatureOk: boolean;
}
let received: Received[] = [];
let nextAnswer: { status: number; body: object } | null = null;
const nonces = new Set<string>();
let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const params = new URLSearchParams(raw);
      const signatureOk = params.get('Signature') === expectedSignature(req.method!, params, SECRET) && params.get('AccessKeyId') === KEY_ID;
      const fresh = !nonces.has(params.get('SignatureNonce') ?? '');
      nonces.add(params.get('SignatureNonce') ?? '');
      const age = Math.abs(Date.now() - Date.parse(params.get('Timestamp') ?? ''));
      received.push({ params, signatureOk });
      res.setHeader('content-type', 'application/json;charset=utf-8');
      const requestId = randomBytes(8).toString('hex').toUpperCase();
      if (!signatureOk || !fresh || !(age < 15 * 60_000)) {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            RequestId: requestId,
            Message: 'Specified signature is not matched with our calculation.',
            Recommend: '',
            HostId: 'dysmsapi.aliyuncs.com',
            Code: 'SignatureDoesNotMatch',
          }),
        );
        return;
      }
      const answer = nextAnswer ?? { status: 200, body: { Message: 'OK', RequestId: requestId, Code: 'OK', BizId: `${Date.now()}^0` } };
      nextAnswer = null;
      res.statusCode = answer.status;
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  nextAnswer = null;
});

const aliyunEnv = (secret = SECRET) =>
  readEnv({
    NODE_ENV: 'test',
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: KEY_ID,
    ALIYUN_SMS_ACCESS_KEY_SECRET: secret,
    ALIYUN_SMS_SIGN_NAME: '问卷通',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_465324787',
    ALIYUN_SMS_ENDPOINT: endpoint,
  });

describe(`Aliyun SMS provider on ${engineName()}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: aliyunEnv() });
  });
  afterAll(() => t.close());

  it('sends a signed SendSms whose code logs the phone in; nothing lands in the dev outbox', async () => {
    const phone = '13912340001';
    expect(await t.call('activity/user/sendSms', { phone, type: 'login' })).toMatchObject({ resultCode: '200', resultMsg: USER_MESSAGES.smsSent });
    expect(received).toHaveLength(1);
    const { params, signatureOk } = received[0]!;
    expect(signatureOk).toBe(true);
    expect(Object.fromEntries([...params.entries()].filter(([k]) => !['Signature', 'SignatureNonce', 'Timestamp', 'TemplateParam'].includes(k)))).toEqual({
      AccessKeyId: KEY_ID,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: 'cn-hangzhou',
      SignName: '问卷通',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_465324787',
      Version: '2017-05-25',
    });
    expect(params.get('Timestamp')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const { code } = JSON.parse(params.get('TemplateParam')!) as { code: string };
    expect(code).toMatch(/^\d{6}$/);
    expect(await t.database.query('SELECT 1 FROM sms_outbox WHERE phone = $1', [phone])).toHaveLength(0);
    expect((await t.call('activity/user/login', { phone, code })).resultCode).toBe('200');
  });

  it("Aliyun's flow control is answered 429 and spends none of the phone's allowance", async () => {
    const phone = '13912340002';
    nextAnswer = { status: 200, body: { RequestId: 'A1', Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5' } };
    expect(await t.call('activity/user/sendSms', { phone })).toMatchObject({ resultCode: '429', resultMsg: USER_MESSAGES.smsProviderLimited });
    expect(await t.database.query('SELECT 1 FROM sms_codes WHERE phone = $1', [phone])).toHaveLength(0);
    // The one-a-minute cool-down was given back: the next try goes out at once.
    expect((await t.call('activity/user/sendSms', { phone })).resultCode).toBe('200');
    expect(received.filter((r) => r.params.get('PhoneNumbers') === phone)).toHaveLength(2);
  });

  it('a refused send keeps the code sent before it valid', async () => {
    const phone = '13912340003';
    expect((await t.call('activity/user/sendSms', { phone })).resultCode).toBe('200');
    const first = (JSON.parse(received.at(-1)!.params.get('TemplateParam')!) as { code: string }).code;
    await t.database.query(`DELETE FROM rate_limits WHERE key LIKE 'sms:cool:%'`);
    nextAnswer = { status: 200, body: { RequestId: 'A2', Code: 'isv.AMOUNT_NOT_ENOUGH', Message: '账户余额不足' } };
    expect(await t.call('activity/user/sendSms', { phone })).toMatchObject({ resultCode: '500', resultMsg: USER_MESSAGES.smsFailed });
    expect((await t.call('activity/user/login', { phone, code: first })).resultCode).toBe('200');
  });
});

describe('Aliyun SMS provider misconfigured', () => {
  let wrongSecret: TestApp;
  let unreachable: TestApp;
  beforeAll(async () => {
    wrongSecret = await createTestApp({ env: aliyunEnv('not-the-secret') });
    unreachable = await createTestApp({ env: { ...aliyunEnv(), ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9/' } });
  });
  afterAll(async () => {
    await wrongSecret.close();
    await unreachable.close();
  });

  it('a wrong AccessKey secret: Aliyun answers SignatureDoesNotMatch, the user reads a clear message, not a stack', async () => {
    const answer = await wrongSecret.call('activity/user/sendSms', { phone: '13912340004' });
    expect(answer).toEqual({ resultCode: '500', resultMsg: USER_MESSAGES.smsFailed, data: null });
    expect(received[0]!.signatureOk).toBe(false);
  });

  it('an unreachable endpoint is the same clear message', async () => {
    expect(await unreachable.call('activity/user/sendSms', { phone: '13912340005' })).toMatchObject({ resultCode: '500', resultMsg: USER_MESSAGES.smsFailed });
  });

  it('is refused at start when a variable is missing or malformed', () => {
    expect(() => readEnv({ SMS_PROVIDER: 'aliyun' })).toThrow(/ALIYUN_SMS_ACCESS_KEY_ID is required when SMS_PROVIDER=aliyun/);
    expect(() =>
      readEnv({
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'a',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'b',
        ALIYUN_SMS_SIGN_NAME: 'c',
        ALIYUN_SMS_TEMPLATE_CODE: '123',
      }),
    ).toThrow(/ALIYUN_SMS_TEMPLATE_CODE looks like SMS_123456789/);
    expect(() => readEnv({ SMS_PROVIDER: 'tencent' })).toThrow(/SMS_PROVIDER must be outbox or aliyun/);
  });
});
