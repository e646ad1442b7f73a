import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Issue 54 item 3: a plain sheet costs its one submit statement. The red envelope's notice used to read
 * red_envelopes in a statement of its own after every sheet; wj_submit now says whether one runs.
 */
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

describe(`the statements of a submit on ${engineName()}`, () => {
  it('a project without a running red envelope: no statement reads red_envelopes', async () => {
    const q1 = makeSubject(1, 1, '选择场次');
    const questionId = await publishProject(t, owner.headers, { subjects: [q1] });
    const send = () =>
      t.call<{ sheetId: string; redPacket?: unknown }>('active/write/submit', {
        questionId,
        submissionId: submissionId(),
        deviceId: 'dev-1',
        durationSeconds: 20,
        answers: { [q1.uuid]: pick(q1, 0) },
      });
    await send(); // the first submit of a project also reads it and its option keys
    const texts: string[] = [];
    const { query, prepared } = t.database;
    t.database.query = ((text: string, params?: unknown[]) => (texts.push(text), query(text, params))) as typeof query;
    t.database.prepared = ((name: string, text: string, params: unknown[]) => (texts.push(text), prepared(name, text, params))) as typeof prepared;
    try {
      const answer = await send();
      expect(answer.resultCode).toBe('200');
      expect(answer.data.redPacket).toBeUndefined();
    } finally {
      t.database.query = query;
      t.database.prepared = prepared;
    }
    expect(texts.filter((text) => /wj_submit/.test(text))).toHaveLength(1);
    expect(texts.filter((text) => /red_envelopes/.test(text))).toEqual([]);
  });
});
