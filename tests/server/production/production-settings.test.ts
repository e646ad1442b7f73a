import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv, ZEnv } from '../../../server/env';
import { ROOT } from '../../../server/paths';
import type { TDemoAccounts } from '../../../server/seed/seed-start';
import { startWarnings } from '../../../server/start-banner';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 42 acceptance: README's production section lists every setting a production start needs, and the start
 * refuses or warns, naming the setting, when one is missing. The section is read as written (every `SETTING` in
 * backticks) and walked against what readEnv and startWarnings do, so the two cannot drift apart.
 */
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const from = readme.indexOf('\n## Production\n');
const section = readme.slice(from, readme.indexOf('\n## ', from + 1));
const named = [...new Set([...section.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=[^`]*)?`/g)].map((m) => m[1]!))];

type Check =
  /** A production start with these settings runs and warns, naming it (missing, or unsafe); with `fixed` it does not. */
  | { warns: Record<string, string>; demo?: TDemoAccounts; fixed: Record<string, string> }
  /** A production start with these settings stops, naming it. */
  | { refuses: Record<string, string> }
  /** Only a request can show it is missing: the first one that does is warned about, naming it. */
  | { firstRequest: true }
  /** Unset is safe: the default stated in README's configuration table. */
  | { safeDefault: string };

const ALIYUN_SMS = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '问卷通',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456789',
};
const ALIPAY = { PAY_PROVIDER: 'alipay', ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: 'key', ALIPAY_PUBLIC_KEY: 'key' };
const POSTGRES = 'postgres://wenjuan@127.0.0.1:5432/wenjuan';

/** How a production start treats each setting README's production section names. */
const HOW: Record<string, Check> = {
  NODE_ENV: { safeDefault: 'what makes a start a production start' },
  DEV_OUTBOX: { warns: { DEV_OUTBOX: '1' }, fixed: {} },
  DEV_MERCHANT: { warns: { DEV_MERCHANT: '1' }, fixed: {} },
  SMS_PROVIDER: { warns: {}, fixed: ALIYUN_SMS },
  ALIYUN_SMS_ACCESS_KEY_ID: { refuses: { SMS_PROVIDER: 'aliyun' } },
  ALIYUN_SMS_ACCESS_KEY_SECRET: { refuses: { SMS_PROVIDER: 'aliyun' } },
  ALIYUN_SMS_SIGN_NAME: { refuses: { SMS_PROVIDER: 'aliyun' } },
  ALIYUN_SMS_TEMPLATE_CODE: { refuses: { SMS_PROVIDER: 'aliyun' } },
  PAY_PROVIDER: { warns: {}, fixed: ALIPAY },
  WECHATPAY_MCHID: { refuses: { PAY_PROVIDER: 'wechat' } },
  ALIPAY_APP_ID: { refuses: { PAY_PROVIDER: 'alipay' } },
  DEMO_ACCOUNTS: { warns: {}, demo: 'found', fixed: {} },
  TRUST_PROXY: { firstRequest: true },
  COOKIE_SECURE: { safeDefault: 'auto: Secure whenever the request came over HTTPS' },
  ALLOWED_ORIGINS: { safeDefault: 'none: cookie calls only from the host the page was loaded from' },
  APP_SECRET: { warns: { DATABASE_URL: POSTGRES }, fixed: { DATABASE_URL: POSTGRES, APP_SECRET: 'a-long-random-secret-for-production' } },
  DATABASE_URL: { safeDefault: 'PGlite in DATA_DIR, for one process' },
  DATA_DIR: { safeDefault: '.data' },
};

const production = (settings: Record<string, string>) => readEnv({ NODE_ENV: 'production', ...settings });

describe("README's production settings against what a production start checks", () => {
  it('the section names only settings the server reads, and exactly those this walk knows how a start checks', () => {
    const known = Object.keys(ZEnv.shape);
    expect(named.filter((name) => !known.includes(name))).toEqual([]);
    expect([...named].sort()).toEqual(Object.keys(HOW).sort());
    for (const [name, check] of Object.entries(HOW))
      if ('safeDefault' in check) expect(readme, `${name} in the configuration table`).toContain(`| \`${name}\` |`);
  });

  it('each one a start needs is named when missing: by a warning, or by the refusal that stops it', () => {
    for (const [name, check] of Object.entries(HOW)) {
      if ('warns' in check) {
        const warning = startWarnings(production(check.warns), check.demo ?? 'none').find((w) => w.setting === name);
        expect(warning?.message, name).toContain(name);
        expect(
          startWarnings(production(check.fixed), 'none').map((w) => w.setting),
          `${name} set right`,
        ).not.toContain(name);
      } else if ('refuses' in check) expect(() => production(check.refuses), name).toThrow(name);
    }
  });

  it('every setting a production start can warn about is in the section', () => {
    const worst = production({ DATABASE_URL: POSTGRES, DEV_OUTBOX: '1', DEV_MERCHANT: '1', DEV_FLOWS: '1', PAY_PROVIDER: 'sandbox', DEMO_ACCOUNTS: '1' });
    const settings = (['seeded', 'found', 'none'] as const).flatMap((demo) => [...startWarnings(worst, demo), ...startWarnings(production({}), demo)]);
    expect(settings.map((w) => w.setting).filter((s) => !named.includes(s))).toEqual([]);
  });
});

describe(`TRUST_PROXY, missing behind a proxy, on ${engineName()}`, () => {
  const lines: { level: number; msg: string; setting?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let t: TestApp;
  let trusting: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: 'manual', env: { NODE_ENV: 'production' }, logger: { level: 'warn', stream } });
    trusting = await siblingApp(t, { env: { NODE_ENV: 'production', TRUST_PROXY: 1 }, logger: { level: 'warn', stream } });
  }, 60_000);
  afterAll(async () => {
    await trusting.close();
    await t.close();
  });

  const call = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'POST', url: '/api/activity/user/getLoginInfo', payload: {}, remoteAddress, headers });
  const hints = () => lines.filter((l) => l.level === 40 && l.setting === 'TRUST_PROXY');

  it('is named once when a local or private peer relays a visitor, not for a direct visitor or a trusted proxy', async () => {
    await call(t, '203.0.113.9', { 'x-forwarded-for': '198.51.100.1' });
    await call(t, '127.0.0.1');
    await call(trusting, '127.0.0.1', { 'x-forwarded-for': '198.51.100.1' });
    expect(hints()).toEqual([]);
    await call(t, '10.0.0.2', { 'x-forwarded-for': '198.51.100.1' });
    await call(t, '127.0.0.1', { 'x-forwarded-for': '198.51.100.2' });
    expect(hints()).toHaveLength(1);
    expect(hints()[0]!.msg).toContain('TRUST_PROXY');
  });
});
