import type { Deps } from '../deps';

/**
 * Where a webhook may deliver (issue 53 item 3; helper webhook-delivery replaces this body within stop 66): only
 * http(s), never the server's own or private addresses (after DNS) unless WEBHOOK_ALLOW_HOSTS names them.
 * Checked when a webhook is saved and again at each delivery.
 */
export type UrlCheck = { ok: true } | { ok: false; reason: string };

export async function checkWebhookUrl(url: string, deps: Deps): Promise<UrlCheck> {
  void deps;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: '推送地址须以 http:// 或 https:// 开头' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, reason: '推送地址须以 http:// 或 https:// 开头' };
  return { ok: true };
}
