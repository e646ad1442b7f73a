import type { KeyObject } from 'node:crypto';
import type { TEnv } from '../env';
import { inlineOrFile, readPrivateKey, readPublicKey } from './pay-keys';
import {
  PayProviderError,
  type PayLaunch,
  type PayNotifyRequest,
  type PayNotifyResult,
  type PayProvider,
  type PayQueryResult,
  type PayRefundResult,
} from './pay';
import { rawMember, rsa2Sign, rsa2Verify, signContent } from './pay-alipay-sign';
import { fenToYuan, shanghaiDateTime, yuanToFen } from './pay-money';

/** 支付宝开放平台, 公钥模式 (opendocs.alipay.com/open/270/105899 page pay, /203/105288 wap pay). */
export interface AlipayConfig {
  appId: string;
  /** The application's private key (应用私钥), RSA2. */
  privateKey: KeyObject;
  /** 支付宝公钥 (not the application's public key): what answers and notifies are checked with. */
  alipayPublicKey: KeyObject;
  /** https://openapi.alipay.com/gateway.do unless testing against the sandbox or a local fake. */
  gateway: string;
  /** The merchant's PID (2088…): when set, a notify for another seller is refused. */
  sellerId?: string;
  timeoutMs?: number;
  now?: () => Date;
}

const TRADE_STATES: Record<string, 'paid' | 'unpaid' | 'closed'> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  WAIT_BUYER_PAY: 'unpaid',
  TRADE_CLOSED: 'closed',
};

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const fail = (code: string, message: string) => new PayProviderError('alipay', code, message);
/** Alipay refuses / = & in a subject. */
const subjectOf = (text: string) => [...text.replace(/[/=&]/g, ' ')].slice(0, 256).join('') || '订单';

export function alipayProvider(config: AlipayConfig): PayProvider {
  const now = config.now ?? (() => new Date());

  function signed(method: string, biz: object, extra: Record<string, string> = {}): Record<string, string> {
    const params: Record<string, string> = {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: shanghaiDateTime(now()),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    return { ...params, sign: rsa2Sign(signContent(params), config.privateKey) };
  }

  /** One gateway call: the answer is believed only when its signature over the raw `<method>_response` text holds. */
  async function execute(method: string, biz: object): Promise<Record<string, unknown>> {
    let text: string;
    try {
      const response = await fetch(config.gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(signed(method, biz)).toString(),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
      text = await response.text();
    } catch (error) {
      throw fail('network', `支付宝接口无法访问：${(error as Error).message}`);
    }
    const raw = rawMember(text, `${method.replace(/\./g, '_')}_response`) ?? rawMember(text, 'error_response');
    let answer: Record<string, unknown>;
    let sign: unknown;
    try {
      answer = JSON.parse(raw ?? '') as Record<string, unknown>;
      sign = (JSON.parse(text) as { sign?: unknown }).sign;
    } catch {
      throw fail('format', '支付宝应答无法解析');
    }
    const verified = isString(sign) && rsa2Verify(raw!, sign, config.alipayPublicKey);
    // Alipay leaves some refusals unsigned (a wrong app_id); a success is never believed without its signature.
    if ((isString(sign) || answer.code === '10000') && !verified) throw fail('response_signature', '支付宝应答验签失败');
    if (answer.code !== '10000') {
      const code = isString(answer.sub_code) ? answer.sub_code : String(answer.code ?? 'unknown');
      throw fail(code, isString(answer.sub_msg) ? answer.sub_msg : String(answer.msg ?? code));
    }
    return answer;
  }

  return {
    name: 'alipay',

    async start(input): Promise<PayLaunch> {
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen < 1) throw fail('amount', '支付金额至少 0.01 元');
      const wap = input.scene === 'wap' || input.scene === 'h5';
      if (!wap && input.scene !== 'page') throw fail('scene', `支付宝不支持 ${input.scene} 支付方式`);
      const biz = {
        out_trade_no: input.outTradeNo,
        total_amount: fenToYuan(input.amountFen),
        subject: subjectOf(input.description),
        product_code: wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        ...(wap ? { quit_url: input.returnUrl } : {}),
        ...(input.expiresAt ? { time_expire: shanghaiDateTime(input.expiresAt) } : {}),
      };
      const params = signed(wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', biz, { notify_url: input.notifyUrl, return_url: input.returnUrl });
      const sep = config.gateway.includes('?') ? '&' : '?';
      return { kind: 'redirect', url: `${config.gateway}${sep}${new URLSearchParams(params).toString()}` };
    },

    async verifyNotify(request: PayNotifyRequest): Promise<PayNotifyResult> {
      const form = new URLSearchParams(request.body);
      const params: Record<string, string> = {};
      for (const [key, value] of form) {
        if (key in params) return { ok: false, reason: 'format' };
        params[key] = value;
      }
      if (!isString(params.sign) || (params.sign_type && params.sign_type !== 'RSA2')) return { ok: false, reason: 'signature' };
      if (!rsa2Verify(signContent(params, ['sign', 'sign_type']), params.sign, config.alipayPublicKey)) return { ok: false, reason: 'signature' };
      if (params.app_id !== config.appId) return { ok: false, reason: 'merchant' };
      if (config.sellerId && params.seller_id !== config.sellerId) return { ok: false, reason: 'merchant' };
      if (params.charset && params.charset.toLowerCase() !== 'utf-8') return { ok: false, reason: 'format' };
      const amountFen = yuanToFen(params.total_amount ?? '');
      const state = TRADE_STATES[params.trade_status ?? ''];
      if (!isString(params.out_trade_no) || !isString(params.trade_no) || amountFen === undefined || !state) return { ok: false, reason: 'format' };
      return { ok: true, outTradeNo: params.out_trade_no, transactionId: params.trade_no, amountFen, state };
    },

    notifyAnswer(ok) {
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'failure' };
    },

    async query(outTradeNo): Promise<PayQueryResult> {
      let answer: Record<string, unknown>;
      try {
        answer = await execute('alipay.trade.query', { out_trade_no: outTradeNo });
      } catch (error) {
        // The payer never opened the cashier, so Alipay holds no trade: nothing was paid.
        if (error instanceof PayProviderError && error.providerCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'unpaid' };
        throw error;
      }
      if (answer.out_trade_no !== outTradeNo) throw fail('format', '支付宝查单应答不是这笔订单');
      const amountFen = isString(answer.total_amount) ? yuanToFen(answer.total_amount) : undefined;
      return {
        state: TRADE_STATES[String(answer.trade_status)] ?? 'unknown',
        ...(isString(answer.trade_no) ? { transactionId: answer.trade_no } : {}),
        ...(amountFen !== undefined ? { amountFen } : {}),
      };
    },

    async refund(input): Promise<PayRefundResult> {
      const answer = await execute('alipay.trade.refund', {
        out_trade_no: input.outTradeNo,
        out_request_no: input.outRefundNo,
        refund_amount: fenToYuan(input.refundFen),
        ...(input.reason ? { refund_reason: input.reason.slice(0, 256) } : {}),
      });
      // fund_change N: this refund number was already done (a retry) or is not settled yet; not a failure.
      return {
        state: answer.fund_change === 'Y' ? 'success' : 'processing',
        ...(isString(answer.trade_no) ? { refundId: `${answer.trade_no}/${input.outRefundNo}` } : {}),
      };
    },

    async queryRefund(input): Promise<PayRefundResult> {
      let answer: Record<string, unknown>;
      try {
        answer = await execute('alipay.trade.fastpay.refund.query', { out_trade_no: input.outTradeNo, out_request_no: input.outRefundNo });
      } catch (error) {
        if (error instanceof PayProviderError && error.providerCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'processing' };
        throw error;
      }
      // REFUND_SUCCESS is the only final answer Alipay gives here; an empty status means not (yet) refunded.
      return {
        state: answer.refund_status === 'REFUND_SUCCESS' ? 'success' : 'processing',
        ...(isString(answer.trade_no) ? { refundId: `${answer.trade_no}/${input.outRefundNo}` } : {}),
      };
    },

    async close(outTradeNo) {
      try {
        await execute('alipay.trade.close', { out_trade_no: outTradeNo });
      } catch (error) {
        if (error instanceof PayProviderError && error.providerCode === 'ACQ.TRADE_NOT_EXIST') return;
        throw error;
      }
    },
  };
}

/** The Alipay provider the configuration describes (README "Configuration"), or undefined without ALIPAY_APP_ID. */
export function alipayFromEnv(env: TEnv): PayProvider | undefined {
  if (!env.ALIPAY_APP_ID) return undefined;
  return alipayProvider({
    appId: env.ALIPAY_APP_ID,
    privateKey: readPrivateKey(inlineOrFile(env, 'ALIPAY_PRIVATE_KEY')!),
    alipayPublicKey: readPublicKey(inlineOrFile(env, 'ALIPAY_PUBLIC_KEY')!),
    gateway: env.ALIPAY_GATEWAY,
    ...(env.ALIPAY_SELLER_ID ? { sellerId: env.ALIPAY_SELLER_ID } : {}),
  });
}
