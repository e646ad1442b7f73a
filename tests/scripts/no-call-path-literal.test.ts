import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import * as CALL_PATHS from '../../schemas/api/paths/calls';
import * as FILE_PATHS from '../../schemas/api/paths/files';
import { API_ROOTS, noCallPathLiteral } from '../../scripts/eslint/no-call-path-literal.js';
import { lint } from '../../scripts/checks';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

/** Issue 45 item 4: a phone page writes no API path as a string; it takes them from the table of registered calls. */
tester.run('wenjuan/no-call-path-literal', noCallPathLiteral, {
  valid: [
    'callOf(CALL_PATHS.write.submit, body);',
    "const A = CALL_PATHS.appointment; callOf(A.getWeeks, { questionId: 'x' });",
    // The base before a path from the table.
    "const API_BASE = '/api/'; fetch(API_BASE + path);",
    'new EventSource(`${API_BASE}${FILE_PATHS.chain.events}?questionId=${id}`);',
    // Page addresses and other strings with slashes are not API paths.
    "location.assign(`/appointment/booking/${token}`); const type = 'image/png'; const s = '/s/' + id;",
    "import { callOf } from './upload'; import x from '../activity/feed';",
  ],
  invalid: [
    { code: "callOf('active/write/submit', body);", errors: [{ messageId: 'literal', data: { text: 'active/write/submit' } }] },
    { code: "const S = 'activity/question/solitaire/'; post(`${S}getChain`, body);", errors: [{ messageId: 'literal' }] },
    { code: "fetch('/api/upload/image', { method: 'POST', body: form });", errors: [{ messageId: 'literal' }] },
    { code: 'new EventSource(`/api/activity/question/solitaire/events?questionId=${id}`);', errors: [{ messageId: 'literal' }] },
    { code: 'fetch(`${API_BASE}wxApplet/getCode`);', errors: [{ messageId: 'literal' }] },
  ],
});

describe('wenjuan/no-call-path-literal', () => {
  it('knows the first segment of every registered path', () => {
    const roots = new Set([...Object.values(CALL_PATHS), ...Object.values(FILE_PATHS)].flatMap((group) => Object.values(group).map((p) => p.split('/')[0])));
    expect([...roots].filter((root) => !API_ROOTS.includes(root!))).toEqual([]);
  });

  it("catches the fixture's path strings on the phone pages with the project's own config, and passes the fixture that takes them from the table", async () => {
    const fixture = (variant: string) => path.resolve('tests/fixtures/phone-call-paths', variant);
    const broken = await lint(fixture('broken'));
    expect(broken.errors).toEqual([
      expect.stringMatching(/^src\/respond\/order\.ts:3: API path 'activity\/question\/solitaire\/' .*\(wenjuan\/no-call-path-literal\)$/),
      expect.stringMatching(/^src\/respond\/order\.ts:4: API path 'active\/pay\/getOrderStatus' .*\(wenjuan\/no-call-path-literal\)$/),
      expect.stringMatching(/^src\/vote-page\/photo\.ts:1: API path '\/api\/upload\/image' .*\(wenjuan\/no-call-path-literal\)$/),
      expect.stringMatching(
        /^src\/vote-page\/photo\.ts:2: API path '\/api\/activity\/question\/solitaire\/events\?questionId=\$\{…\}' .*\(wenjuan\/no-call-path-literal\)$/,
      ),
    ]);
    expect(await lint(fixture('clean'))).toMatchObject({ ok: true, errors: [] });
  });
});
