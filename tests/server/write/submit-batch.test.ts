import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchStats } from '../../../server/services/submit-batch.service';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Group commit (submit-batch.service.ts): on PostgreSQL concurrent submits of a process go as one statement,
 * each sheet in its own subtransaction, so one sheet's refusal leaves the others of its batch stored; PGlite
 * sends every submit on its own.
 */
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

describe(`submits sent together on ${engineName()}`, () => {
  it('60 parallel submits, a third refused by the per-device limit: each sheet gets its own answer and the others stay stored', async () => {
    const q1 = makeSubject(1, 1, '选择场次');
    const questionId = await publishProject(t, owner.headers, { subjects: [q1], settings: { perDeviceLimit: 1 } });
    const other = await publishProject(t, owner.headers, { subjects: [q1] });
    const before = { ...batchStats };
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.call<{ sheetId: string }>('active/write/submit', {
          // Every third submit repeats the device of the one before it; every fifth goes to another project.
          questionId: i % 5 === 4 ? other : questionId,
          submissionId: submissionId(),
          deviceId: `dev-${i % 3 === 2 ? i - 1 : i}`,
          durationSeconds: 20,
          answers: { [q1.uuid]: pick(q1, i % 2) },
        }),
      ),
    );
    const refused = answers.filter((a) => a.resultCode !== '200');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((a) => a.resultCode === '409' && /不能重复作答/.test(a.resultMsg))).toBe(true);
    const stored = async (id: string) =>
      Number((await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1', [id]))[0]!.n);
    expect((await stored(questionId)) + (await stored(other))).toBe(answers.length - refused.length);
    const accepted = answers.filter((a) => a.resultCode === '200').map((a) => a.data.sheetId);
    expect(new Set(accepted).size).toBe(accepted.length);
    const sent = batchStats.statements - before.statements;
    if (t.database.engine === 'postgres') {
      expect(batchStats.sheets - before.sheets).toBe(60);
      expect(sent).toBeLessThan(60);
    } else {
      expect(sent).toBe(0);
    }
  });
});
