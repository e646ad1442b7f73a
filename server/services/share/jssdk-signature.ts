import { createHash, randomBytes } from 'node:crypto';

/**
 * The JS-SDK's wx.config signature as WeChat publishes it (附录1 JS-SDK使用权限签名算法): the fields jsapi_ticket,
 * noncestr, timestamp and url sorted by name (ASCII), joined as a query string without escaping, and the SHA-1 of
 * that string in lower-case hex. The url is the page's full address without its #fragment.
 */
export function jsSdkSignature(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const fields: Record<string, string> = {
    jsapi_ticket: input.ticket,
    noncestr: input.nonceStr,
    timestamp: String(input.timestamp),
    url: input.url.split('#')[0]!,
  };
  const plain = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
  return createHash('sha1').update(plain).digest('hex');
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 16-character nonce of letters and digits, as WeChat's examples use. */
export function jsSdkNonce(): string {
  return Array.from(randomBytes(16), (b) => LETTERS[b % LETTERS.length]).join('');
}
