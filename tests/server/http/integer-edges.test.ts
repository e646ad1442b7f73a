import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX, INT4_MIN } from '../../../schemas/int';
import { createSession } from '../../../server/services/access/sessions.service';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { integerFields, withValueAt } from '../../helpers/integer-fields';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { arbitraryOf } from '../../helpers/zod-arbitrary';

/**
 * The contract walk on a running server: every integer field of every registered call is sent at its bounds and
 * just past them, and at the ends of int4 and past them, inside bodies drawn from the call's own schema (with a
 * real project's id). A value the contract takes must not break a statement; a value past it is a "400" naming the
 * field. Never a "500".
 */
let t: TestApp;
let ownerId: number;
let questionId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await loginNewUser(t);
  ownerId = (await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [owner.phone]))[0]!.id;
  questionId = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1), makeSubject(6, 2)] });
}, 120_000);
afterAll(() => t.close());

const post = async (path: string, body: unknown, token: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', token },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { resultCode: string; resultMsg: string };
};

const valuesFor = (min: number, max: number) =>
  [...new Set([min, max, min - 1, max + 1, INT4_MIN, INT4_MAX, INT4_MIN - 1, INT4_MAX + 1])].filter(Number.isFinite);

describe(`integer fields at and past their bounds (${engineName()})`, () => {
  it('getHotTemplateSearchPage: a questionType past int4 is a "400" naming the field; the int4 ends are answered', async () => {
    const token = await createSession(t.database, ownerId);
    const past = await post('active/template/getHotTemplateSearchPage', { questionType: -2147483649 }, token);
    expect(past.resultCode).toBe('400');
    expect(past.resultMsg).toBe(`questionType: 不能小于 ${INT4_MIN}`);
    for (const questionType of [INT4_MIN, INT4_MAX]) {
      expect(await post('active/template/getHotTemplateSearchPage', { questionType }, token)).toMatchObject({ resultCode: '200' });
    }
  });

  it('every registered call: never a "500"; what the contract refuses is a "400"', async () => {
    let sent = 0;
    let refused = 0;
    for (const call of t.app.calls) {
      if (!call.body || /logout$/.test(call.path)) continue;
      const fields = integerFields(call.body);
      if (!fields.length) continue;
      const token = await createSession(t.database, ownerId);
      const [sample] = fc.sample(arbitraryOf(call.body), { numRuns: 1, seed: 42 });
      const base = sample && typeof sample === 'object' && 'questionId' in sample ? { ...sample, questionId } : sample;
      for (const field of fields) {
        for (const value of valuesFor(field.min, field.max)) {
          const body = withValueAt(base, field.path, value);
          const answer = await post(call.path, body, token);
          sent += 1;
          const shown = `${call.path} ${field.path.join('.')}=${value} → ${answer.resultMsg}`;
          expect(answer.resultCode, shown).not.toBe('500');
          // What the contract refuses (the value past the field's bounds, unless another union branch took the
          // body without it) never reaches the handler.
          if (!call.body.safeParse(body).success) {
            refused += 1;
            expect(answer.resultCode, shown).toBe('400');
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(300);
  }, 180_000);
});
