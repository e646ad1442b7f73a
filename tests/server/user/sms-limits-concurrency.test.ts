import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naiveLimits } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const formats = (phone: string) => [
  phone,
  `+86${phone}`,
  `+86 ${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`,
  `0086-${phone}`,
  phone.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)),
  ` ${phone.slice(0, 3)}-${phone.slice(3)} `,
];

describe(`SMS limits under concurrency on ${engineName()}`, () => {
  it('200 parallel sendSms for one phone in mixed formats → exactly 1 accepted', async () => {
    const phone = '13712345678';
    const variants = formats(phone);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/activity/user/sendSms',
          payload: { phone: variants[i % variants.length], type: 'login' },
          headers: { 'x-forwarded-for': `10.0.${i}.1`, 'x-real-ip': `10.1.${i}.1`, forwarded: `for=10.2.${i}.1` },
        }),
      ),
    );
    const codes = answers.map((a) => a.json().resultCode);
    expect(codes.filter((c) => c === '200')).toHaveLength(1);
    expect(codes.filter((c) => c === '429')).toHaveLength(199);
    const sent = await t.database.query('SELECT 1 FROM sms_outbox WHERE phone = $1', [phone]);
    expect(sent).toHaveLength(1);
  });

  it('has teeth: the naive read-then-write limiter lets more than one through', async () => {
    const naive = await siblingApp(t, { strategies: { limits: naiveLimits } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => naive.app.inject({ method: 'POST', url: '/api/activity/user/sendSms', payload: { phone: '13712340000' } })),
      );
      const accepted = answers.filter((a) => a.json().resultCode === '200').length;
      expect(accepted).toBeGreaterThan(1);
    } finally {
      await naive.close();
      await t.database.query(`DELETE FROM rate_limits WHERE key LIKE 'sms:ip:%'`);
    }
  });

  it('changing forwarding headers on every request does not reset the per-address limit', async () => {
    // 50 a day per address: the 51st distinct phone from the same real address is refused.
    const results: string[] = [];
    for (let i = 0; i < 52; i++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/activity/user/sendSms',
        payload: { phone: `1350000${String(i).padStart(4, '0')}` },
        headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` },
      });
      results.push(answer.json().resultCode);
    }
    expect(results.filter((c) => c === '200')).toHaveLength(50);
    expect(results.slice(-2).every((c) => c === '429')).toBe(true);
  });
});
