import { createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * Alipay RSA2 (SHA256withRSA) as in opendocs.alipay.com/common/02kf5q: the parameters sorted by name, empty
 * values left out, joined "k=v&k=v" with their raw (decoded) values.
 */
export function signContent(params: Record<string, string>, exclude: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export const rsa2Sign = (content: string, key: KeyObject) => createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

export function rsa2Verify(content: string, signature: string, key: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * The exact text of one member's value in an answer: Alipay signs the bytes of `alipay_trade_query_response`'s
 * object as it wrote them, so re-serialising the parsed JSON would not verify (key order, escapes, spaces).
 */
export function rawMember(text: string, key: string): string | undefined {
  const at = text.indexOf(`"${key}"`);
  if (at < 0) return undefined;
  let i = text.indexOf(':', at + key.length + 2);
  if (i < 0) return undefined;
  i += 1;
  while (/\s/.test(text[i] ?? '')) i += 1;
  const start = i;
  if (text[start] !== '{') return undefined;
  let depth = 0;
  let inString = false;
  for (; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') {
      depth -= 1;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return undefined;
}
