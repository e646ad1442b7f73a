import { createHmac, randomUUID } from 'node:crypto';
import { SmsProviderError, type SmsMessage, type SmsProvider } from './sms';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved 短信签名 (e.g. 问卷通). */
  signName: string;
  /** The approved template, with the variable ${code} (e.g. SMS_123456789). */
  templateCode: string;
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

/** 阿里云短信服务 SendSms (dysmsapi 2017-05-25), signed with the account's AccessKey. */
export function aliyunSmsProvider(config: AliyunSmsConfig): SmsProvider {
  const now = config.now ?? (() => new Date());
  return {
    name: 'aliyun',
    async send(message: SmsMessage) {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: message.phone,
        RegionId: config.regionId,
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify({ code: message.code }),
        Timestamp: now()
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const body = new URLSearchParams({ ...params, Signature: signRpc('POST', params, config.accessKeySecret) });
      let answer: { Code?: string; Message?: string };
      try {
        const response = await fetch(config.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
        answer = (await response.json()) as typeof answer;
      } catch (error) {
        throw new SmsProviderError('unavailable', 'network', `阿里云短信接口无法访问：${(error as Error).message}`);
      }
      const code = answer.Code ?? 'unknown';
      if (code === 'OK') return;
      const kind = LIMITED.has(code) ? 'limited' : UNAVAILABLE.has(code) ? 'unavailable' : 'refused';
      throw new SmsProviderError(kind, code, answer.Message ?? code);
    },
  };
}
