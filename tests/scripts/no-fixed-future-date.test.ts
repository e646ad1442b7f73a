import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { noFixedFutureDate } from '../../scripts/eslint/no-fixed-future-date.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } } });

/** Issue 41: a test may not hold a future deadline, window end or expiry unless it sets the test clock. */
tester.run('wenjuan/no-fixed-future-date', noFixedFutureDate, {
  valid: [
    // Taken from now plus a margin.
    'publishChain(t, { cap: 8, deadline: new Date(Date.now() + 7 * 86_400_000).toISOString() });',
    // A past deadline stays past.
    "publishChain(t, { deadline: '2020-01-01T00:00:00Z' });",
    // A future date that is not a limit (an answer to a date subject).
    "submit({ answers: { birthday: '2999-01-01' } });",
    // The file sets the test clock, in each of the ways the suite does.
    "const t = createTestApp({ now: () => clock }); publishChain(t, { deadline: '2999-11-30' });",
    "const NOW = new Date('2999-11-01'); publishChain(t, { deadline: '2999-11-30' });",
    "vi.setSystemTime(new Date('2999-11-01')); const endTime = '2999-11-30 10:00';",
    "await t.call('dev/clock', { at: '2999-11-01' }); const settings = { endDay: '2999-11-30' };",
    "await page.clock.install({ time: new Date('2999-11-01') }); const x = { expireTime: '2999-12-01' };",
    "render(<Calendar rules={{ endDay: '2999-11-30' }} now={fixed} />);",
    // Words that only contain the letters.
    "const friend = '2999-01-01'; const enclosed = { weekend: '2999-01-01' };",
  ],
  invalid: [
    {
      code: "publishChain(t, { cap: 8, maskNames: true, deadline: '2999-11-30T10:00:00.000Z' });",
      errors: [{ messageId: 'limit', data: { date: '2999-11-30T10:00:00.000Z', name: 'deadline' } }],
    },
    { code: "const endTime = '2999-01-05 18:00';", errors: [{ messageId: 'limit' }] },
    { code: 'const settings = { expireTime: `2999-01-08T00:00:00.000Z` };', errors: [{ messageId: 'limit' }] },
    { code: "const window = { closesAt: new Date('2999-11-27T08:58:00Z').toISOString() };", errors: [{ messageId: 'limit' }] },
    { code: 'const schedule = { validUntil: new Date(2999, 10, 30) };', errors: [{ messageId: 'limit', data: { date: '2999-11-30', name: 'validUntil' } }] },
    { code: 'const rules = { endDay: Date.UTC(2999, 0, 1) };', errors: [{ messageId: 'limit' }] },
    { code: "let dueDate; dueDate = '2999-03-01';", errors: [{ messageId: 'limit' }] },
  ],
});
