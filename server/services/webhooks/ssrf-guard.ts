import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Deps } from '../deps';
import { cidrMatcher, isBlockedAddress } from './ip-ranges';

/**
 * Where a webhook may deliver (issue 53 item 3): only http(s), never the server's own or private addresses (after
 * DNS: every address the name resolves to) unless WEBHOOK_ALLOW_HOSTS names the host, the address or its range.
 * Checked when a webhook is saved and again at each delivery, which then connects to the address vetted here (so a
 * name re-resolving to a private address between check and connect changes nothing).
 */
export type UrlCheck = { ok: true } | { ok: false; reason: string };

/** A URL fit to deliver to, with the address to connect to. */
export type VettedUrl = { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; reason: string };

export type HostResolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const dnsResolver: HostResolver = (host) => lookup(host, { all: true, verbatim: true });

const BAD_SCHEME = '推送地址须以 http:// 或 https:// 开头';
const PRIVATE = '推送地址指向内网或本机地址，出于安全考虑不允许';

/** WEBHOOK_ALLOW_HOSTS as a test of a host name and of an address. */
function allowList(entries: readonly string[]) {
  const matchers = entries.flatMap((e) => cidrMatcher(e) ?? []);
  const names = new Set(entries.filter((e) => !cidrMatcher(e)));
  return { name: (host: string) => names.has(host), address: (a: string) => matchers.some((m) => m(a)) };
}

export async function vetWebhookUrl(
  url: string,
  deps: Pick<Deps, 'env'> & { resolveHost?: HostResolver },
  resolve: HostResolver = deps.resolveHost ?? dnsResolver,
): Promise<VettedUrl> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: BAD_SCHEME };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, reason: BAD_SCHEME };
  // The WHATWG parser already reads 0x7f.1, 017700000001 and 2130706433 as 127.0.0.1; IPv6 keeps its brackets.
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!host) return { ok: false, reason: BAD_SCHEME };
  const allowed = allowList(deps.env.WEBHOOK_ALLOW_HOSTS ?? []);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, reason: `无法解析推送地址的域名 ${host}` };
    }
    if (!addresses.length) return { ok: false, reason: `无法解析推送地址的域名 ${host}` };
  }
  if (!allowed.name(host) && addresses.some((a) => isBlockedAddress(a.address) && !allowed.address(a.address))) return { ok: false, reason: PRIVATE };
  const first = addresses[0]!;
  return { ok: true, url: parsed, address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
}

export async function checkWebhookUrl(url: string, deps: Deps, resolve: HostResolver = deps.resolveHost ?? dnsResolver): Promise<UrlCheck> {
  const vetted = await vetWebhookUrl(url, deps, resolve);
  return vetted.ok ? { ok: true } : vetted;
}
