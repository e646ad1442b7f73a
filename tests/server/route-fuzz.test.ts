import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastCode, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.call('activity/user/sendSms', { phone: '13512345678' });
  token = (await t.call<{ token: string }>('activity/user/login', { phone: '13512345678', code: await lastCode(t.database, '13512345678') })).data.token;
});
afterAll(() => t.close());

const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\uFEFF', '𠮷'.repeat(50), '<script>alert(1)</script>', "'; DROP TABLE users; --", 'x'.repeat(70_000), '13800138000', '１３８００１３８０００'),
);
const junk: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    oddString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(oddString, tie('value'), { maxKeys: 4 }),
  ),
})).value;
const body = fc.oneof(junk, fc.dictionary(fc.constantFrom('phone', 'code', 'password', 'userName', 'qrId', 'pollSecret', 'type', 'username', 'headImg', 'confirm', 'oldPassword', '__proto__', 'constructor'), junk, { maxKeys: 6 }));

describe('route fuzz: every registered call', () => {
  it('knows the calls it walks', () => {
    expect(t.app.calls.length).toBeGreaterThanOrEqual(15);
  });

  it('never answers "500" or leaks a stack trace, with or without a token', async () => {
    const seen = new Set<string>();
    // logout revokes the token, so it is walked last.
    const calls = [...t.app.calls].sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    for (const call of calls) {
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (payload, withToken) => {
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/${call.path}`,
            payload: JSON.stringify(payload) ?? 'null',
            headers: { 'content-type': 'application/json', ...(withToken ? { token } : {}) },
          });
          expect(response.statusCode).toBe(200);
          const envelope = response.json();
          seen.add(envelope.resultCode);
          expect(envelope.resultCode, `${call.path} ${JSON.stringify(payload)?.slice(0, 300)}`).not.toBe('500');
          expect(response.body).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|Error:/);
        }),
        { numRuns: 25 },
      );
    }
    expect(seen.has('400')).toBe(true);
  });
});
