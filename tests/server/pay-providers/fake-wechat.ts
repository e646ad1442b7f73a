import { createCipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.mch.weixin.qq.com, written from WeChat Pay's API v3 documentation independently of the
 * adapter: it checks each request's WECHATPAY2-SHA256-RSA2048 signature with the merchant's public key, keeps
 * trades, signs its answers with the platform key, and builds signed notifies with AES-256-GCM resources.
 */
export interface FakeWechatOptions {
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  platformPrivateKey: KeyObject;
  platformSerial: string;
  apiV3Key: string;
}

/** The request bodies WeChat reads, as loosely as a server must take them. */
interface WxBody {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  notify_url?: string;
  description?: string;
  amount?: { total?: number; refund?: number; currency?: string };
  payer?: { openid?: string };
  scene_info?: { payer_client_ip?: string };
}

export interface FakeTrade {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  notify_url: string;
  total: number;
  kind: string;
  trade_state: string;
  transaction_id?: string;
  refunded: number;
  body: WxBody;
}

export interface Received {
  method: string;
  url: string;
  body: string;
  signatureOk: boolean;
}

const sign = (message: string, key: KeyObject) => createSign('RSA-SHA256').update(message).sign(key, 'base64');

export class FakeWechat {
  readonly trades = new Map<string, FakeTrade>();
  /** Refunds by out_refund_no, as the refund query answers them. */
  readonly refunds = new Map<string, { refund_id: string; out_refund_no: string; status: string; [k: string]: unknown }>();
  readonly received: Received[] = [];
  /** 商家转账 batches by out_batch_no (/v3/transfer/batches): a repeated batch answers the first one. */
  readonly batches = new Map<string, { batch_id: string; batch_status: string; total_amount: number; openid: string; appid: string; detail_status?: string }>();
  /** The next answer instead of the normal one (an error, a 5xx). */
  nextAnswer: { status: number; body: object } | null = null;
  /** Sign the next answer, then change its body: the adapter must not believe it. */
  tamperNextAnswer = false;
  baseUrl = '';
  private server?: Server;
  private readonly nonces = new Set<string>();

  constructor(readonly options: FakeWechatOptions) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const { status, body } = this.handle(req, raw);
        const text = status === 204 ? '' : JSON.stringify(body);
        const timestamp = String(Math.floor(Date.now() / 1000));
        const nonce = randomBytes(16).toString('hex');
        res.setHeader('Wechatpay-Timestamp', timestamp);
        res.setHeader('Wechatpay-Nonce', nonce);
        res.setHeader('Wechatpay-Serial', this.options.platformSerial);
        res.setHeader('Wechatpay-Signature', sign(`${timestamp}\n${nonce}\n${text}\n`, this.options.platformPrivateKey));
        res.setHeader('Request-ID', randomBytes(8).toString('hex'));
        if (text) res.setHeader('content-type', 'application/json; charset=utf-8');
        res.statusCode = status;
        const sent = this.tamperNextAnswer ? text.replace(/"NOTPAY"|"SUCCESS"|"PROCESSING"/, '"CLOSED"') : text;
        this.tamperNextAnswer = false;
        res.end(sent);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close = () => new Promise<void>((resolve) => this.server?.close(() => resolve()));

  /** WeChat's check of the Authorization header. */
  private signatureOk(req: IncomingMessage, raw: string): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const fields = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (fields.mchid !== this.options.mchid || fields.serial_no !== this.options.merchantSerial) return false;
    if (!fields.nonce_str || this.nonces.has(fields.nonce_str)) return false;
    this.nonces.add(fields.nonce_str);
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return false;
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${raw}\n`;
    return createVerify('RSA-SHA256')
      .update(message)
      .verify(this.options.merchantPublicKey, fields.signature ?? '', 'base64');
  }

  private handle(req: IncomingMessage, raw: string): { status: number; body: object } {
    const signatureOk = this.signatureOk(req, raw);
    this.received.push({ method: req.method!, url: req.url!, body: raw, signatureOk });
    if (!signatureOk) return { status: 401, body: { code: 'SIGN_ERROR', message: '签名错误' } };
    if (this.nextAnswer) {
      const answer = this.nextAnswer;
      this.nextAnswer = null;
      return answer;
    }
    const url = new URL(req.url!, 'http://x');
    const body = raw ? (JSON.parse(raw) as WxBody) : {};
    const order = /^\/v3\/pay\/transactions\/(jsapi|h5|native)$/.exec(url.pathname);
    if (req.method === 'POST' && order) return this.order(order[1]!, body);
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (byNo) {
      const trade = this.trades.get(decodeURIComponent(byNo[1]!));
      if (byNo[2]) {
        if (body.mchid !== this.options.mchid) return { status: 400, body: { code: 'PARAM_ERROR', message: 'mchid 与请求方不符' } };
        if (trade?.trade_state === 'SUCCESS') return { status: 400, body: { code: 'ORDERPAID', message: '订单已支付' } };
        if (trade) trade.trade_state = 'CLOSED';
        return { status: 204, body: {} };
      }
      if (url.searchParams.get('mchid') !== this.options.mchid) return { status: 400, body: { code: 'PARAM_ERROR', message: '缺少 mchid' } };
      if (!trade) return { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } };
      return { status: 200, body: this.transaction(trade) };
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return this.refund(body);
    const refundNo = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && refundNo) {
      const refund = this.refunds.get(decodeURIComponent(refundNo[1]!));
      if (!refund) return { status: 404, body: { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' } };
      return { status: 200, body: refund };
    }
    if (req.method === 'POST' && url.pathname === '/v3/transfer/batches') return this.transferBatch(raw);
    const batchNo = /^\/v3\/transfer\/batches\/out-batch-no\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && batchNo) return this.transferQuery(decodeURIComponent(batchNo[1]!), url.searchParams.get('need_query_detail') === 'true');
    return { status: 404, body: { code: 'NOT_FOUND', message: '无此接口' } };
  }

  /** 发起商家转账: one detail here; the amount must add up, the payee be an openid, at least 0.30 元 (30 fen). */
  private transferBatch(raw: string): { status: number; body: object } {
    const body = JSON.parse(raw) as {
      appid?: string;
      out_batch_no?: string;
      total_amount?: number;
      total_num?: number;
      transfer_detail_list?: { out_detail_no?: string; transfer_amount?: number; openid?: string }[];
    };
    const detail = body.transfer_detail_list?.[0];
    if (body.appid !== this.options.appid) return { status: 400, body: { code: 'PARAM_ERROR', message: 'appid 与商户号不匹配' } };
    if (!body.out_batch_no || !detail?.openid || body.total_num !== 1 || detail.transfer_amount !== body.total_amount)
      return { status: 400, body: { code: 'PARAM_ERROR', message: '参数错误' } };
    if ((body.total_amount ?? 0) < 30) return { status: 400, body: { code: 'PARAM_ERROR', message: '单笔转账金额不能低于0.3元' } };
    const prior = this.batches.get(body.out_batch_no);
    if (prior) return { status: 200, body: { out_batch_no: body.out_batch_no, batch_id: prior.batch_id, batch_status: prior.batch_status } };
    const batch = {
      batch_id: `131000${randomBytes(8).toString('hex')}`,
      batch_status: 'ACCEPTED',
      total_amount: body.total_amount!,
      openid: detail.openid,
      appid: body.appid,
    };
    this.batches.set(body.out_batch_no, batch);
    return {
      status: 200,
      body: { out_batch_no: body.out_batch_no, batch_id: batch.batch_id, batch_status: 'ACCEPTED', create_time: new Date().toISOString() },
    };
  }

  /** WeChat moves a batch it accepted on: PROCESSING, then FINISHED (its detail SUCCESS, or FAIL with `detailFail`) or CLOSED. */
  settleTransfer(outBatchNo: string, status: 'PROCESSING' | 'FINISHED' | 'CLOSED', detailFail = false): void {
    const batch = this.batches.get(outBatchNo)!;
    batch.batch_status = status;
    batch.detail_status = status === 'FINISHED' ? (detailFail ? 'FAIL' : 'SUCCESS') : status === 'CLOSED' ? 'FAIL' : 'PROCESSING';
  }

  /** 通过商家批次单号查询批次单: the batch and, with need_query_detail, its one detail. */
  private transferQuery(outBatchNo: string, withDetail: boolean): { status: number; body: object } {
    const batch = this.batches.get(outBatchNo);
    if (!batch) return { status: 404, body: { code: 'NOT_FOUND', message: '记录不存在' } };
    const closed = batch.batch_status === 'CLOSED' ? { close_reason: 'MERCHANT_REVOCATION' } : {};
    return {
      status: 200,
      body: {
        transfer_batch: {
          out_batch_no: outBatchNo,
          batch_id: batch.batch_id,
          appid: batch.appid,
          batch_status: batch.batch_status,
          total_amount: batch.total_amount,
          total_num: 1,
          ...closed,
        },
        ...(withDetail
          ? { transfer_detail_list: [{ detail_id: `1040${batch.batch_id}`, out_detail_no: outBatchNo, detail_status: batch.detail_status ?? 'INIT' }] }
          : {}),
      },
    };
  }

  private order(kind: string, body: WxBody): { status: number; body: object } {
    const total = body.amount?.total ?? 0;
    const { appid, mchid, out_trade_no, notify_url, description = '' } = body;
    if (mchid !== this.options.mchid || appid !== this.options.appid || !appid || !mchid)
      return { status: 400, body: { code: 'APPID_MCHID_NOT_MATCH', message: 'appid和mch_id不匹配' } };
    if (!Number.isInteger(total) || total < 1 || body.amount?.currency !== 'CNY' || !out_trade_no || !notify_url)
      return { status: 400, body: { code: 'PARAM_ERROR', message: '参数错误' } };
    if (kind === 'jsapi' && !body.payer?.openid) return { status: 400, body: { code: 'PARAM_ERROR', message: '缺少 payer.openid' } };
    if (kind === 'h5' && !body.scene_info?.payer_client_ip) return { status: 400, body: { code: 'PARAM_ERROR', message: '缺少 scene_info' } };
    if (Buffer.byteLength(description) > 127) return { status: 400, body: { code: 'PARAM_ERROR', message: 'description 过长' } };
    const prior = this.trades.get(out_trade_no);
    if (prior && prior.trade_state !== 'NOTPAY') return { status: 400, body: { code: 'ORDERPAID', message: '该订单已支付' } };
    this.trades.set(out_trade_no, {
      appid,
      mchid,
      out_trade_no,
      description,
      notify_url,
      total,
      kind,
      trade_state: 'NOTPAY',
      refunded: 0,
      body,
    });
    const prepay = `wx${Date.now()}${randomBytes(8).toString('hex')}`;
    if (kind === 'jsapi') return { status: 200, body: { prepay_id: prepay } };
    if (kind === 'native') return { status: 200, body: { code_url: `weixin://wxpay/bizpayurl?pr=${prepay.slice(-7)}` } };
    return { status: 200, body: { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}&package=1037687096` } };
  }

  private refund(body: WxBody): { status: number; body: object } {
    const trade = this.trades.get(body.out_trade_no ?? '');
    const refund = body.amount?.refund ?? 0;
    if (!trade) return { status: 404, body: { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' } };
    if (trade.trade_state !== 'SUCCESS' && trade.trade_state !== 'REFUND')
      return { status: 403, body: { code: 'TRADE_STATE_ERROR', message: '订单状态不正确' } };
    if (body.amount?.total !== trade.total || refund < 1 || trade.refunded + refund > trade.total)
      return { status: 400, body: { code: 'INVALID_REQUEST', message: '申请退款金额超过订单可退金额' } };
    trade.refunded += refund;
    trade.trade_state = 'REFUND';
    const record = {
      refund_id: `50000${randomBytes(6).toString('hex')}`,
      out_refund_no: body.out_refund_no ?? '',
      transaction_id: trade.transaction_id,
      out_trade_no: trade.out_trade_no,
      status: 'PROCESSING',
      amount: { refund, total: trade.total, currency: 'CNY' },
    };
    this.refunds.set(record.out_refund_no, record);
    return { status: 200, body: { ...record } };
  }

  /** WeChat ends a refund it answered PROCESSING (SUCCESS, CLOSED or ABNORMAL); the query answers it from now on. */
  finishRefund(outRefundNo: string, status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' = 'SUCCESS'): void {
    this.refunds.get(outRefundNo)!.status = status;
  }

  private transaction(trade: FakeTrade) {
    return {
      appid: trade.appid,
      mchid: trade.mchid,
      out_trade_no: trade.out_trade_no,
      ...(trade.transaction_id ? { transaction_id: trade.transaction_id, success_time: new Date().toISOString() } : {}),
      trade_type: trade.kind.toUpperCase(),
      trade_state: trade.trade_state,
      trade_state_desc: trade.trade_state === 'SUCCESS' ? '支付成功' : '未支付',
      bank_type: 'OTHERS',
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: trade.total, payer_total: trade.total, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  /** The payer pays: the trade is SUCCESS and WeChat's notify for it is returned (not sent). */
  pay(outTradeNo: string): FakeNotify {
    const trade = this.trades.get(outTradeNo)!;
    trade.trade_state = 'SUCCESS';
    trade.transaction_id = `42000${Date.now()}${randomBytes(3).toString('hex')}`;
    return this.notify(this.transaction(trade));
  }

  /** A notify as WeChat sends it: encrypted resource, signed headers. Options forge the parts a test wants wrong. */
  notify(resource: object, forge: NotifyForge = {}): FakeNotify {
    const nonce = randomBytes(6).toString('hex');
    const aad = forge.associatedData ?? 'transaction';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(forge.apiV3Key ?? this.options.apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(aad));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(resource)), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const body = JSON.stringify({
      id: randomBytes(18).toString('hex'),
      create_time: '2026-11-27T15:46:15+08:00',
      resource_type: 'encrypt-resource',
      event_type: forge.eventType ?? 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: aad, nonce },
    });
    const timestamp = String(forge.timestamp ?? Math.floor(Date.now() / 1000));
    const headerNonce = randomBytes(16).toString('hex');
    const signature = sign(`${timestamp}\n${headerNonce}\n${body}\n`, forge.signingKey ?? this.options.platformPrivateKey);
    return {
      headers: {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': headerNonce,
        'wechatpay-signature': signature,
        'wechatpay-serial': forge.serial ?? this.options.platformSerial,
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
        'content-type': 'application/json',
      },
      body,
    };
  }
}

export interface NotifyForge {
  apiV3Key?: string;
  associatedData?: string;
  timestamp?: number;
  signingKey?: KeyObject;
  serial?: string;
  eventType?: string;
}
export type FakeNotify = { headers: Record<string, string>; body: string };
