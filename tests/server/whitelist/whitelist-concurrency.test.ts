import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { TWhiteEntry } from '../../../schemas/api/whitelist';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { naiveWhiteClaim } from '../../helpers/naive-strategies';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * 答题白名单 under parallel submits (issue 49 item 2): ten submits with one access code's proof store exactly one
 * sheet, because the sheet claims its entry by one conditional UPDATE in its own transaction; a naive strategy that
 * reads the count first and writes after lets several through.
 */
let t: TestApp;
let naiveApp: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  naiveApp = await siblingApp(t, { strategies: { whiteClaim: naiveWhiteClaim } });
  owner = await loginNewUser(t);
}, 60_000);
afterAll(async () => {
  await naiveApp.close();
  await t.close();
});

const q1 = makeSubject(1, 1) as TSubject;
const W = 'activity/question/white/';

/** A whitelisted questionnaire with one access code, and that code's proof token. */
async function oneCode(): Promise<{ questionId: string; token: string }> {
  const questionId = await publishProject(t, owner.headers, { subjects: [q1] });
  const setting = { questionId, enabled: false, mode: 'code', fieldLabel: '工号', answersPerEntry: 1 };
  await t.call(`${W}updateWhiteSetting`, setting, owner.headers);
  await t.call(`${W}createWhiteCodes`, { questionId, count: 1 }, owner.headers);
  await t.call(`${W}updateWhiteSetting`, { ...setting, enabled: true }, owner.headers);
  const [entry] = (await t.call<{ list: TWhiteEntry[] }>(`${W}getWhitePage`, { questionId }, owner.headers)).data.list;
  const pass = await t.call<{ whitelistToken: string }>('active/write/checkWhite', { questionId, accessCode: entry!.code });
  return { questionId, token: pass.data.whitelistToken };
}

async function race(app: TestApp) {
  const { questionId, token } = await oneCode();
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      app.call('active/write/submit', {
        questionId,
        submissionId: submissionId(),
        deviceId: `race-${i}`,
        answers: { [q1.uuid]: pick(q1, 0) },
        whitelistToken: token,
      }),
    ),
  );
  const sheets = await t.database.query('SELECT s.id FROM answer_sheets s JOIN projects p ON p.id = s.project_id WHERE p.public_id = $1', [questionId]);
  const [entry] = (await t.call<{ list: TWhiteEntry[] }>(`${W}getWhitePage`, { questionId }, owner.headers)).data.list;
  return { answers, sheets, entry: entry! };
}

describe(`答题白名单 under parallel submits on ${engineName()}`, () => {
  it('10 parallel submits with one access code store exactly one sheet; the others are told the code is used', async () => {
    const { answers, sheets, entry } = await race(t);
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.resultCode === '409').every((a) => a.resultMsg === '该访问码已使用，不能重复作答')).toBe(true);
    expect(sheets).toHaveLength(1);
    expect(entry.answerCount).toBe(1);
  });

  it('a naive read-then-write claim lets several sheets through with one code', async () => {
    const { answers, sheets } = await race(naiveApp);
    expect(answers.filter((a) => a.resultCode === '200').length).toBeGreaterThan(1);
    expect(sheets.length).toBeGreaterThan(1);
  });
});
