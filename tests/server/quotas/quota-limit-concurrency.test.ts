import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUpdateQuotaRequest } from '../../../schemas/api/option-quota';
import type { TSubject } from '../../../schemas/subjects/registry';
import { lockQuota, usedOf, writeQuotaLimit } from '../../../server/services/quotas/quota-limit.service';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
});
afterAll(() => t.close());

const QUOTA = 'quota-a';

/** A collecting survey whose option A has a quota of 20, with `before` sheets already counted. */
async function project(before: number) {
  const q1 = makeSubject(1, 1, '选择场次');
  const a = (q1 as { options: { uuid: string }[] }).options[0]!.uuid;
  const logic = { quotas: [{ id: QUOTA, basis: 'option', subject: q1.uuid, option: a, limit: 20, onFull: { action: 'hideOption' } }] };
  const questionId = await publishProject(t, owner.headers, { subjects: [q1], logic });
  for (let i = 0; i < before; i++) expect((await submit(questionId, q1, `pre${i}`)).resultCode).toBe('200');
  const id = (await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]))[0]!.id;
  return { q1, questionId, id };
}

const submit = (questionId: string, q1: TSubject, device: string) =>
  t.call('active/write/submit', { questionId, submissionId: submissionId(), deviceId: device, durationSeconds: 20, answers: { [q1.uuid]: pick(q1, 0) } });

async function final(id: number) {
  const used = await usedOf(t.database.query, id, QUOTA);
  const logic = (await t.database.query<{ logic: { quotas: { limit: number }[] } }>('SELECT logic FROM projects WHERE id = $1', [id]))[0]!.logic;
  return { used, limit: logic.quotas[0]!.limit };
}

/**
 * The hand-rolled check-then-act: the use is read first, the target written later (after a sheet was accepted in
 * between, as real work would let happen), with no lock and no condition.
 */
async function naiveLower(id: number, body: TUpdateQuotaRequest, between: Promise<unknown>) {
  const used = await usedOf(t.database.query, id, body.quotaId);
  if (body.limit < used) return false;
  await between;
  await t.database.transaction(async (q) => {
    const found = await lockQuota(q, id, body.quotaId);
    await writeQuotaLimit(q, id, found, body.limit);
    await q('UPDATE projects SET version = version + 1 WHERE id = $1', [id]);
  });
  return true;
}

describe(`lowering a quota while 10 sheets race for it on ${engineName()}`, () => {
  for (const [before, lowered] of [
    [2, 2],
    [2, 6],
    [4, 8],
  ] as const) {
    it(`${before} used, lowered to ${lowered} during 10 parallel submits: the final target is never below what is used`, async () => {
      const { q1, questionId, id } = await project(before);
      const lowering = t.call('activity/question/quota/updateQuota', { questionId, quotaId: QUOTA, limit: lowered }, owner.headers);
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(questionId, q1, `d${i}`)));
      const changed = await lowering;
      const { used, limit } = await final(id);
      expect(used).toBe(before + answers.filter((a) => a.resultCode === '200').length);
      expect(limit).toBeGreaterThanOrEqual(used);
      if (changed.resultCode === '200') expect(limit).toBe(lowered);
      else expect(changed).toMatchObject({ resultCode: '409', resultMsg: expect.stringMatching(/^配额不能小于已使用的数量（已使用 \d+）$/) });
    });
  }

  it('has teeth: the naive read-then-write lowering leaves the target below what is used', async () => {
    const { q1, questionId, id } = await project(2);
    const answers = Array.from({ length: 10 }, (_, i) => submit(questionId, q1, `n${i}`));
    const lowered = await naiveLower(id, { questionId, quotaId: QUOTA, limit: 2 }, answers[0]!);
    await Promise.all(answers);
    const { used, limit } = await final(id);
    expect(lowered).toBe(true);
    expect(used).toBeGreaterThan(limit);
  });
});
