import { createHmac, randomUUID } from 'node:crypto';
import { SmsProviderError, type SmsMessage, type SmsProvider, type SmsText } from './sms';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved 短信签名 (e.g. 问卷通). */
  signName: string;
  /** The approved template, with the variable ${code} (e.g. SMS_123456789). */
  templateCode: string;
  /**
   * The approved notification template for invitations, with one variable ${content} that takes the text (e.g.
   * SMS_987654321); without it invitations by SMS fail with the reason. Each user's signature must be approved on
   * the account too (the operator approves it here only after Aliyun did).
   */
  noticeTemplateCode?: string;
  /** https://dysmsapi.aliyuncs.com/ unless testing against a local fake. */
  endpoint: string;
  regionId: string;
  timeoutMs?: number;
  now?: () => Date;
}

/** RFC 3986 encoding as Aliyun's RPC signature wants it (space %20, * %2A, ~ kept). */
export const percentEncode = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Aliyun RPC signature v1: HMAC-SHA1 over METHOD&%2F&encoded(sorted query), keyed with secret + "&". */
export function signRpc(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key]!)}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

// Codes of SendSms that mean the number or the account, not the network (help.aliyun.com 短信服务 错误码).
const LIMITED = new Set(['isv.BUSINESS_LIMIT_CONTROL', 'isv.DAY_LIMIT_CONTROL', 'isv.MINUTE_LIMIT_CONTROL', 'Throttling.User', 'isv.BLACK_KEY_CONTROL_LIMIT']);
const UNAVAILABLE = new Set(['isp.SYSTEM_ERROR', 'isp.RAM_PERMISSION_DENY', 'ServiceUnavailable', 'InternalError']);

type SendSmsAnswer = { Code?: string; Message?: string; BizId?: string };

/** One SendSms call: the signature and template chosen by the caller; the answer when Code is OK, else throws. */
async function sendSms(config: AliyunSmsConfig, phone: string, signName: string, templateCode: string, param: Record<string, string>): Promise<SendSmsAnswer> {
  const now = config.now ?? (() => new Date());
  const params: Record<string, string> = {
    AccessKeyId: config.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: phone,
    RegionId: config.regionId,
    SignName: signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: templateCode,
    TemplateParam: JSON.stringify(param),
    Timestamp: now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  const body = new URLSearchParams({ ...params, Signature: signRpc('POST', params, config.accessKeySecret) });
  let answer: SendSmsAnswer;
  try {
    const response = await fetch(config.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
    });
    answer = (await response.json()) as SendSmsAnswer;
  } catch (error) {
    throw new SmsProviderError('unavailable', 'network', `阿里云短信接口无法访问：${(error as Error).message}`);
  }
  const code = answer.Code ?? 'unknown';
  if (code === 'OK') return answer;
  const kind = LIMITED.has(code) ? 'limited' : UNAVAILABLE.has(code) ? 'unavailable' : 'refused';
  throw new SmsProviderError(kind, code, answer.Message ?? code);
}

/** 阿里云短信服务 SendSms (dysmsapi 2017-05-25), signed with the account's AccessKey. */
export function aliyunSmsProvider(config: AliyunSmsConfig): SmsProvider {
  return {
    name: 'aliyun',
    async send(message: SmsMessage) {
      await sendSms(config, message.phone, config.signName, config.templateCode, { code: message.code });
    },
    async sendText(message: SmsText) {
      if (!config.noticeTemplateCode) throw new SmsProviderError('refused', 'config', '未配置通知短信模板（ALIYUN_SMS_NOTICE_TEMPLATE_CODE）');
      const answer = await sendSms(config, message.phone, message.signName, config.noticeTemplateCode, { content: message.body });
      return { providerId: answer.BizId ?? '' };
    },
  };
}
