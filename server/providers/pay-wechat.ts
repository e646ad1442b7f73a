import type { KeyObject } from 'node:crypto';
import type { TEnv } from '../env';
import { certificatesBySerial, inlineOrFile, readPrivateKey, readPublicKey } from './pay-keys';
import {
  PayProviderError,
  type PayLaunch,
  type PayNotifyRequest,
  type PayNotifyResult,
  type PayProvider,
  type PayQueryResult,
  type PayRefundResult,
  type PayScene,
} from './pay';
import { cutUtf8, shanghaiRfc3339 } from './pay-money';
import { wechatQueryTransfer, wechatTransfer } from './pay-wechat-transfer';
import { authorization, checkPlatformSignature, decryptResource, jsapiParams, type EncryptedResource, type SignedHeaders } from './pay-wechat-sign';

/** 微信支付 API v3, 直连商户 (pay.weixin.qq.com/docs/merchant/apis/). */
export interface WechatPayConfig {
  mchid: string;
  /** The 公众号/小程序/H5 appid bound to the merchant. */
  appid: string;
  /** Serial number of the merchant's API certificate (商户API证书序列号). */
  serialNo: string;
  /** The merchant's API certificate private key (apiclient_key.pem). */
  privateKey: KeyObject;
  /** Platform certificates by serial, or the 微信支付公钥 by its PUB_KEY_ID_…: what answers and notifies are checked with. */
  platformKeys: ReadonlyMap<string, KeyObject>;
  /** The 32-character APIv3 key that encrypts notify resources. */
  apiV3Key: string;
  /** https://api.mch.weixin.qq.com unless testing against a local fake. */
  baseUrl: string;
  timeoutMs?: number;
  now?: () => Date;
}

type Answer = { status: number; data: Record<string, unknown> };

const TRADE_STATES: Record<string, 'paid' | 'unpaid' | 'closed'> = {
  SUCCESS: 'paid',
  REFUND: 'paid',
  NOTPAY: 'unpaid',
  USERPAYING: 'unpaid',
  PAYERROR: 'unpaid',
  CLOSED: 'closed',
  REVOKED: 'closed',
};
const REFUND_STATES: Record<string, PayRefundResult['state']> = { SUCCESS: 'success', PROCESSING: 'processing', CLOSED: 'failed', ABNORMAL: 'failed' };

/** Desktop "page" pay is a QR code (Native) and phone "wap" is H5: WeChat has no other way there. */
const WECHAT_SCENE: Record<PayScene, 'jsapi' | 'h5' | 'native'> = { jsapi: 'jsapi', h5: 'h5', native: 'native', page: 'native', wap: 'h5' };

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const fail = (code: string, message: string) => new PayProviderError('wechat', code, message);

export function wechatPayProvider(config: WechatPayConfig): PayProvider {
  const now = config.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);

  async function call(method: 'GET' | 'POST', path: string, payload?: object): Promise<Answer> {
    const url = new URL(path, config.baseUrl);
    const body = payload ? JSON.stringify(payload) : '';
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'wenjuan-pay/1.0',
          authorization: authorization(config, method, `${url.pathname}${url.search}`, body, seconds()),
        },
        body: payload ? body : undefined,
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
      text = await response.text();
    } catch (error) {
      throw fail('network', `微信支付接口无法访问：${(error as Error).message}`);
    }
    let data: Record<string, unknown> = {};
    try {
      data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      if (response.ok) throw fail('format', `微信支付应答不是 JSON（HTTP ${response.status}）`);
    }
    if (!response.ok)
      throw fail(isString(data.code) ? data.code : `HTTP_${response.status}`, isString(data.message) ? data.message : `微信支付应答 HTTP ${response.status}`);
    const headers: SignedHeaders = {
      timestamp: response.headers.get('wechatpay-timestamp') ?? undefined,
      nonce: response.headers.get('wechatpay-nonce') ?? undefined,
      signature: response.headers.get('wechatpay-signature') ?? undefined,
      serial: response.headers.get('wechatpay-serial') ?? undefined,
    };
    // An empty 204 (close) carries nothing to believe; every answer with a body must be WeChat's own.
    if (response.status === 204 && !text) return { status: 204, data };
    const check = checkPlatformSignature(headers, text, config.platformKeys, seconds());
    if (check !== 'ok') throw fail('response_signature', `微信支付应答验签失败（${check}）`);
    return { status: response.status, data };
  }

  return {
    name: 'wechat',

    async start(input): Promise<PayLaunch> {
      const scene = WECHAT_SCENE[input.scene];
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen < 1) throw fail('amount', '支付金额至少 0.01 元');
      const order: Record<string, unknown> = {
        appid: config.appid,
        mchid: config.mchid,
        description: cutUtf8(input.description, 127),
        out_trade_no: input.outTradeNo,
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
        ...(input.expiresAt ? { time_expire: shanghaiRfc3339(input.expiresAt) } : {}),
      };
      if (scene === 'jsapi') {
        if (!input.payerOpenId) throw fail('openid', '微信内支付需要付款人的 openid');
        order.payer = { openid: input.payerOpenId };
      }
      if (scene === 'h5') {
        if (!input.payerIp) throw fail('payer_ip', 'H5 支付需要付款人的 IP 地址');
        order.scene_info = { payer_client_ip: input.payerIp, h5_info: { type: 'Wap' } };
      }
      const { data } = await call('POST', `/v3/pay/transactions/${scene}`, order);
      if (scene === 'jsapi' && isString(data.prepay_id))
        return { kind: 'jsapi', params: jsapiParams(config.appid, data.prepay_id, config.privateKey, seconds()) };
      if (scene === 'native' && isString(data.code_url)) return { kind: 'qr', codeUrl: data.code_url };
      if (scene === 'h5' && isString(data.h5_url)) {
        const sep = data.h5_url.includes('?') ? '&' : '?';
        return { kind: 'redirect', url: `${data.h5_url}${sep}redirect_url=${encodeURIComponent(input.returnUrl)}` };
      }
      throw fail('format', '微信支付下单应答缺少支付参数');
    },

    async verifyNotify(request: PayNotifyRequest): Promise<PayNotifyResult> {
      const h = request.headers;
      if (h['wechatpay-signature-type'] && h['wechatpay-signature-type'] !== 'WECHATPAY2-SHA256-RSA2048') return { ok: false, reason: 'signature' };
      const signed = { timestamp: h['wechatpay-timestamp'], nonce: h['wechatpay-nonce'], signature: h['wechatpay-signature'], serial: h['wechatpay-serial'] };
      if (checkPlatformSignature(signed, request.body, config.platformKeys, seconds()) !== 'ok') return { ok: false, reason: 'signature' };
      return readTransaction(request.body, config);
    },

    notifyAnswer(ok) {
      // WeChat retries on any 4xx/5xx; 400 rather than 500 keeps "never a 500" true of every route.
      return ok
        ? { status: 204, contentType: 'text/plain; charset=utf-8', body: '' }
        : { status: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
    },

    async query(outTradeNo): Promise<PayQueryResult> {
      let data: Record<string, unknown>;
      try {
        ({ data } = await call('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(config.mchid)}`));
      } catch (error) {
        // Never created at WeChat (the payer never opened the cashier): nothing was paid.
        if (error instanceof PayProviderError && error.providerCode === 'ORDER_NOT_EXIST') return { state: 'unpaid' };
        throw error;
      }
      if (data.mchid !== config.mchid || data.appid !== config.appid || data.out_trade_no !== outTradeNo)
        throw fail('merchant', '微信支付查单应答不是本商户的这笔订单');
      const amount = (data.amount ?? {}) as { total?: unknown };
      return {
        state: TRADE_STATES[String(data.trade_state)] ?? 'unknown',
        ...(isString(data.transaction_id) ? { transactionId: data.transaction_id } : {}),
        ...(Number.isSafeInteger(amount.total) ? { amountFen: amount.total as number } : {}),
      };
    },

    async refund(input): Promise<PayRefundResult> {
      const { data } = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        ...(input.reason ? { reason: cutUtf8(input.reason, 80) } : {}),
        amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
      });
      const state = REFUND_STATES[String(data.status)];
      if (!state) throw fail('format', `微信支付退款应答状态未知：${String(data.status)}`);
      return { state, ...(isString(data.refund_id) ? { refundId: data.refund_id } : {}) };
    },

    async queryRefund(input): Promise<PayRefundResult> {
      let data: Record<string, unknown>;
      try {
        ({ data } = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(input.outRefundNo)}`));
      } catch (error) {
        if (error instanceof PayProviderError && error.providerCode === 'RESOURCE_NOT_EXISTS') return { state: 'processing' };
        throw error;
      }
      if (data.out_refund_no !== input.outRefundNo) throw fail('format', '微信支付退款查询应答不是这笔退款');
      const state = REFUND_STATES[String(data.status)];
      if (!state) throw fail('format', `微信支付退款应答状态未知：${String(data.status)}`);
      return { state, ...(isString(data.refund_id) ? { refundId: data.refund_id } : {}) };
    },

    transfer: (input) => wechatTransfer(call, config.appid, input),
    queryTransfer: (outBatchNo) => wechatQueryTransfer(call, outBatchNo),

    async close(outTradeNo) {
      await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: config.mchid });
    },
  };
}

/** The notify body after its signature held: decrypt the resource, then believe it only for our mchid and appid. */
function readTransaction(body: string, config: WechatPayConfig): PayNotifyResult {
  let resource: EncryptedResource;
  try {
    const notify = JSON.parse(body) as { event_type?: unknown; resource: EncryptedResource };
    // Refund results (REFUND.*) come from the refund call's answer; only payment events are read here.
    if (typeof notify.event_type === 'string' && !notify.event_type.startsWith('TRANSACTION.')) return { ok: false, reason: 'format' };
    resource = notify.resource;
    if (!isString(resource.ciphertext) || !isString(resource.nonce) || !isString(resource.algorithm)) return { ok: false, reason: 'format' };
  } catch {
    return { ok: false, reason: 'format' };
  }
  const plain = decryptResource(resource, config.apiV3Key);
  if (plain === undefined) return { ok: false, reason: 'decrypt' };
  let trade: Record<string, unknown>;
  try {
    trade = JSON.parse(plain) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'format' };
  }
  if (trade.mchid !== config.mchid || trade.appid !== config.appid) return { ok: false, reason: 'merchant' };
  const total = (trade.amount as { total?: unknown } | undefined)?.total;
  const state = TRADE_STATES[String(trade.trade_state)];
  if (!isString(trade.out_trade_no) || !Number.isSafeInteger(total) || !state) return { ok: false, reason: 'format' };
  if (state === 'paid' && !isString(trade.transaction_id)) return { ok: false, reason: 'format' };
  return {
    ok: true,
    outTradeNo: trade.out_trade_no,
    transactionId: isString(trade.transaction_id) ? trade.transaction_id : '',
    amountFen: total as number,
    state,
  };
}

/** The WeChat Pay provider the configuration describes (README "Configuration"), or undefined without WECHATPAY_MCHID. */
export function wechatPayFromEnv(env: TEnv): PayProvider | undefined {
  if (!env.WECHATPAY_MCHID) return undefined;
  const platformPem = inlineOrFile(env, 'WECHATPAY_PLATFORM_CERT');
  const publicKey = inlineOrFile(env, 'WECHATPAY_PUBLIC_KEY');
  const platformKeys = new Map(platformPem ? certificatesBySerial(platformPem) : []);
  if (publicKey && env.WECHATPAY_PUBLIC_KEY_ID) platformKeys.set(env.WECHATPAY_PUBLIC_KEY_ID, readPublicKey(publicKey));
  if (!platformKeys.size) throw new Error('WECHATPAY_PLATFORM_CERT holds no certificate and no WECHATPAY_PUBLIC_KEY is given');
  return wechatPayProvider({
    mchid: env.WECHATPAY_MCHID,
    appid: env.WECHATPAY_APPID!,
    serialNo: env.WECHATPAY_SERIAL!.toUpperCase(),
    privateKey: readPrivateKey(inlineOrFile(env, 'WECHATPAY_PRIVATE_KEY')!),
    platformKeys,
    apiV3Key: env.WECHATPAY_APIV3_KEY!,
    baseUrl: env.WECHATPAY_BASE_URL,
  });
}
