import { createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for openapi.alipay.com/gateway.do, written from Alipay's open API documentation independently
 * of the adapter: it checks RSA2 request signatures with the application's public key, keeps trades, answers
 * `{"<method>_response":{…},"sign":"…"}` signed with the Alipay key, and builds signed notifies.
 */
export interface FakeAlipayOptions {
  appId: string;
  sellerId: string;
  appPublicKey: KeyObject;
  alipayPrivateKey: KeyObject;
}

export interface AlipayTrade {
  out_trade_no: string;
  trade_no: string;
  total_amount: string;
  subject: string;
  trade_status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';
  refunds: Map<string, string>;
  refundedFen: number;
}

/** Alipay's sign content: sorted, empty values out, raw values. */
export const alipayContent = (params: Record<string, string>, exclude: string[]) =>
  Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
export const rsa2 = (content: string, key: KeyObject) => createSign('RSA-SHA256').update(content).sign(key, 'base64');
export const rsa2Ok = (content: string, sign: string, key: KeyObject) => createVerify('RSA-SHA256').update(content).verify(key, sign, 'base64');
const fen = (yuan: string) => Math.round(Number(yuan) * 100); // the fake's own arithmetic; test amounts are small
const yuan = (f: number) => (f / 100).toFixed(2);

export class FakeAlipay {
  readonly trades = new Map<string, AlipayTrade>();
  readonly received: { params: Record<string, string>; signatureOk: boolean }[] = [];
  /** Refund numbers Alipay has taken but not settled yet (the refund query answers them without a status). */
  readonly pendingRefunds = new Set<string>();
  /** The next business answer instead of the normal one. */
  nextAnswer: Record<string, unknown> | null = null;
  /** Sign the next answer, then change it on the way out. */
  tamperNextAnswer = false;
  /** Answer the next call without a sign. */
  unsignedNextAnswer = false;
  gateway = '';
  private server?: Server;

  constructor(readonly options: FakeAlipayOptions) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        res.setHeader('content-type', 'text/html;charset=utf-8');
        res.end(this.answer(Object.fromEntries(new URLSearchParams(raw))));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.gateway = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`;
    return this;
  }

  close = () => new Promise<void>((resolve) => this.server?.close(() => resolve()));

  signatureOk(params: Record<string, string>): boolean {
    return (
      params.app_id === this.options.appId &&
      params.sign_type === 'RSA2' &&
      rsa2Ok(alipayContent(params, ['sign']), params.sign ?? '', this.options.appPublicKey)
    );
  }

  private answer(params: Record<string, string>): string {
    const signatureOk = this.signatureOk(params);
    this.received.push({ params, signatureOk });
    const key = `${(params.method ?? 'error').replace(/\./g, '_')}_response`;
    if (!signatureOk) {
      return JSON.stringify({
        [key]: {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配',
        },
      });
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const body = this.nextAnswer ?? this.business(params.method ?? '', biz);
    this.nextAnswer = null;
    // Alipay escapes "/" in its JSON, so only the raw text verifies: a re-serialised object would not.
    const text = JSON.stringify(body).replace(/\//g, '\\/');
    const sign = rsa2(text, this.options.alipayPrivateKey);
    let sent = text;
    if (this.tamperNextAnswer)
      sent = text.replace(/"WAIT_BUYER_PAY"|"TRADE_SUCCESS"/, '"TRADE_CLOSED"').replace(/"total_amount":"[\d.]+"/, '"total_amount":"0.01"');
    this.tamperNextAnswer = false;
    const signPart = this.unsignedNextAnswer ? '' : `,"sign":"${sign}"`;
    this.unsignedNextAnswer = false;
    return `{"${key}":${sent}${signPart}}`;
  }

  private business(method: string, biz: Record<string, string>): Record<string, unknown> {
    const ok = { code: '10000', msg: 'Success' };
    const err = (sub_code: string, sub_msg: string) => ({ code: '40004', msg: 'Business Failed', sub_code, sub_msg });
    const trade = this.trades.get(biz.out_trade_no ?? '');
    if (method === 'alipay.trade.query') {
      if (!trade) return err('ACQ.TRADE_NOT_EXIST', '交易不存在');
      return {
        ...ok,
        trade_no: trade.trade_no,
        out_trade_no: trade.out_trade_no,
        buyer_logon_id: 'tes***@sandbox.com',
        trade_status: trade.trade_status,
        total_amount: trade.total_amount,
        buyer_pay_amount: '0.00',
        point_amount: '0.00',
        invoice_amount: '0.00',
        send_pay_date: '2026-11-27 15:46:15',
        receipt_amount: '0.00',
        buyer_user_id: '2088102177846880',
        buyer_user_type: 'PRIVATE',
      };
    }
    if (method === 'alipay.trade.close') {
      if (!trade) return err('ACQ.TRADE_NOT_EXIST', '交易不存在');
      if (trade.trade_status !== 'WAIT_BUYER_PAY') return err('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      trade.trade_status = 'TRADE_CLOSED';
      return { ...ok, trade_no: trade.trade_no, out_trade_no: trade.out_trade_no };
    }
    if (method === 'alipay.trade.refund') {
      if (!trade) return err('ACQ.TRADE_NOT_EXIST', '交易不存在');
      if (trade.trade_status !== 'TRADE_SUCCESS') return err('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      const repeated = trade.refunds.has(biz.out_request_no ?? '');
      if (!repeated) {
        const amount = fen(biz.refund_amount ?? '0');
        if (amount < 1 || trade.refundedFen + amount > fen(trade.total_amount)) return err('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        trade.refunds.set(biz.out_request_no ?? '', biz.refund_amount ?? '');
        trade.refundedFen += amount;
      }
      return {
        ...ok,
        trade_no: trade.trade_no,
        out_trade_no: trade.out_trade_no,
        buyer_logon_id: 'tes***@sandbox.com',
        fund_change: repeated ? 'N' : 'Y',
        refund_fee: yuan(trade.refundedFen),
        gmt_refund_pay: '2026-11-27 15:50:00',
      };
    }
    if (method === 'alipay.trade.fastpay.refund.query') {
      if (!trade) return err('ACQ.TRADE_NOT_EXIST', '交易不存在');
      const no = biz.out_request_no ?? '';
      const amount = trade.refunds.get(no);
      // A refund not (yet) done answers without refund_status, as Alipay does.
      if (amount === undefined || this.pendingRefunds.has(no)) return { ...ok, trade_no: trade.trade_no, out_trade_no: trade.out_trade_no, out_request_no: no };
      return { ...ok, trade_no: trade.trade_no, out_trade_no: trade.out_trade_no, out_request_no: no, refund_amount: amount, refund_status: 'REFUND_SUCCESS' };
    }
    return { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' };
  }

  /** The payer's browser opens the cashier URL: Alipay checks its sign and holds the trade. */
  openCashier(url: string): AlipayTrade | undefined {
    const params = Object.fromEntries(new URL(url).searchParams);
    if (!this.signatureOk(params)) return undefined;
    const biz = JSON.parse(params.biz_content!) as Record<string, string>;
    const trade: AlipayTrade = {
      out_trade_no: biz.out_trade_no!,
      trade_no: `2026112722001${randomBytes(6).toString('hex').replace(/\D/g, '7').slice(0, 11)}`,
      total_amount: biz.total_amount!,
      subject: biz.subject!,
      trade_status: 'WAIT_BUYER_PAY',
      refunds: new Map(),
      refundedFen: 0,
    };
    this.trades.set(trade.out_trade_no, trade);
    return trade;
  }

  /** The payer pays: Alipay's notify (form body) for it. */
  pay(outTradeNo: string): string {
    const trade = this.trades.get(outTradeNo)!;
    trade.trade_status = 'TRADE_SUCCESS';
    return this.notify(this.notifyParams(trade));
  }

  notifyParams(trade: AlipayTrade): Record<string, string> {
    return {
      gmt_create: '2026-11-27 15:45:58',
      charset: 'utf-8',
      seller_email: 'merchant@example.cn',
      subject: trade.subject,
      buyer_id: '2088102177846880',
      invoice_amount: trade.total_amount,
      notify_id: `2026112700222154600${randomBytes(4).toString('hex')}`,
      fund_bill_list: `[{"amount":"${trade.total_amount}","fundChannel":"ALIPAYACCOUNT"}]`,
      notify_type: 'trade_status_sync',
      trade_status: trade.trade_status,
      receipt_amount: trade.total_amount,
      buyer_pay_amount: trade.total_amount,
      app_id: this.options.appId,
      seller_id: this.options.sellerId,
      gmt_payment: '2026-11-27 15:46:15',
      notify_time: '2026-11-27 15:46:16',
      version: '1.0',
      out_trade_no: trade.out_trade_no,
      total_amount: trade.total_amount,
      trade_no: trade.trade_no,
      auth_app_id: this.options.appId,
      buyer_logon_id: 'tes***@sandbox.com',
      point_amount: '0.00',
    };
  }

  /** Sign (without sign and sign_type) and form-encode, as Alipay posts it. */
  notify(params: Record<string, string>, signingKey: KeyObject = this.options.alipayPrivateKey): string {
    const sign = rsa2(alipayContent(params, ['sign', 'sign_type']), signingKey);
    return new URLSearchParams({ ...params, sign, sign_type: 'RSA2' }).toString();
  }
}
