import { describe, expect, it } from 'vitest';
import { readEnv, type TEnv } from '../../../server/env';
import type { Deps } from '../../../server/services/deps';
import { isBlockedAddress } from '../../../server/services/webhooks/ip-ranges';
import { checkWebhookUrl, type HostResolver } from '../../../server/services/webhooks/ssrf-guard';

/** Where a webhook may deliver (issue 53 item 3): never this machine or a private network unless the operator allows it. */
const depsWith = (allow: string[]): Deps => ({ env: { ...readEnv({ NODE_ENV: 'test' }), WEBHOOK_ALLOW_HOSTS: allow } as TEnv }) as Deps;
const resolver: HostResolver = async (host) => {
  if (host === 'intranet.example.com') return [{ address: '10.1.2.3', family: 4 }];
  if (host === 'mixed.example.com')
    return [
      { address: '93.184.216.34', family: 4 },
      { address: '192.168.0.5', family: 4 },
    ];
  if (host === 'mapped.example.com') return [{ address: '::ffff:169.254.169.254', family: 6 }];
  if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  if (host === 'hooks.example.com') return [{ address: '93.184.216.34', family: 4 }];
  throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
};
const check = (url: string, allow: string[] = []) => checkWebhookUrl(url, depsWith(allow), resolver);
const PRIVATE = '推送地址指向内网或本机地址，出于安全考虑不允许';

describe('the webhook URL guard', () => {
  it.each([
    'http://127.0.0.1/hook',
    'http://localhost:8080/hook',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::]/',
    'http://0.0.0.0/',
    'http://172.16.5.4/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[64:ff9b::a00:1]/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://0177.0.0.1/',
    'http://intranet.example.com/hook',
    'http://mixed.example.com/hook',
    'http://mapped.example.com/hook',
  ])('refuses %s', async (url) => {
    expect(await check(url)).toEqual({ ok: false, reason: PRIVATE });
  });

  it('accepts a public address and a name resolving to one', async () => {
    expect(await check('https://hooks.example.com/wenjuan')).toEqual({ ok: true });
    expect(await check('http://93.184.216.34:8080/x')).toEqual({ ok: true });
    expect(await check('https://[2606:4700::1111]/')).toEqual({ ok: true });
  });

  it('refuses other schemes and names that do not resolve, saying why', async () => {
    expect(await check('ftp://hooks.example.com/')).toEqual({ ok: false, reason: '推送地址须以 http:// 或 https:// 开头' });
    expect(await check('not a url')).toEqual({ ok: false, reason: '推送地址须以 http:// 或 https:// 开头' });
    expect(await check('https://nowhere.example.com/')).toEqual({ ok: false, reason: '无法解析推送地址的域名 nowhere.example.com' });
  });

  it('lets WEBHOOK_ALLOW_HOSTS allow a host name, an address or a range', async () => {
    expect(await check('http://127.0.0.1:3000/hook', ['127.0.0.1'])).toEqual({ ok: true });
    expect(await check('http://localhost:3000/hook', ['localhost'])).toEqual({ ok: true });
    expect(await check('http://intranet.example.com/hook', ['10.0.0.0/8'])).toEqual({ ok: true });
    expect(await check('http://[::1]/', ['::1'])).toEqual({ ok: true });
    // Allowing one address allows no other.
    expect((await check('http://192.168.1.1/', ['127.0.0.1'])).ok).toBe(false);
  });

  it('reads addresses in every spelling', () => {
    expect(['::ffff:10.0.0.1', '::ffff:7f00:1', '::127.0.0.1', '100.127.255.255', '198.19.0.1', '240.0.0.1', 'ff02::1'].every(isBlockedAddress)).toBe(true);
    expect(['8.8.8.8', '::ffff:8.8.8.8', '2001:4860:4860::8888', '100.128.0.1', '172.32.0.1'].some(isBlockedAddress)).toBe(false);
  });
});
