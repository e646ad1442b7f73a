import type { TSource } from './types';

/** /s/{questionId}: the questionId is the path segment after /s/. */
export function questionIdFromPath(pathname: string): string {
  const m = /^\/s\/([^/?#]+)/.exec(pathname);
  return m ? decodeURIComponent(m[1]!) : '';
}

/** Where the respondent came from: ?source=qr on QR codes, an iframe is an embed, WeChat's browser says so. */
export function detectSource(search: URLSearchParams, userAgent: string, framed: boolean): TSource {
  const given = search.get('source');
  if (given === 'qr' || given === 'embed' || given === 'wechat' || given === 'link') return given;
  if (framed) return 'embed';
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  return 'link';
}
