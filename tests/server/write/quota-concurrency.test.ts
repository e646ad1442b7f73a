import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { naiveCapacity } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

/** 200 parallel submissions to `submitter`'s app: the first 100 choose A (quota 50), the rest B; total cap 120. */
async function race(submitter: TestApp = t) {
  const q1 = makeSubject(1, 1, '选择场次');
  const a = (q1 as { options: { uuid: string }[] }).options[0]!.uuid;
  const logic = { quotas: [{ id: 'quota-a', basis: 'option', subject: q1.uuid, option: a, limit: 50, onFull: { action: 'hideOption' } }] };
  const questionId = await publishProject(t, owner.headers, { subjects: [q1], logic, settings: { maxAnswers: 120 } });
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      submitter.call('active/write/submit', {
        questionId,
        submissionId: submissionId(),
        deviceId: `d${i}`,
        durationSeconds: 20,
        answers: { [q1.uuid]: pick(q1, i < 100 ? 0 : 1) },
      }),
    ),
  );
  const rows = await t.database.query<{ answers: Record<string, { optionIds: string[] }> }>(
    'SELECT a.answers FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1',
    [questionId],
  );
  const choseA = rows.filter((r) => r.answers[q1.uuid]!.optionIds[0] === a).length;
  const count = await t.database.query<{ data_count: number }>('SELECT data_count FROM projects WHERE public_id = $1', [questionId]);
  return { answers, stored: rows.length, choseA, dataCount: count[0]!.data_count };
}

describe(`quotas and the total cap under concurrency on ${engineName()}`, () => {
  it('200 parallel submissions: exactly 50 chose the quota option and exactly 120 were accepted', async () => {
    const { answers, stored, choseA, dataCount } = await race();
    expect(answers.filter((x) => x.resultCode === '200')).toHaveLength(120);
    expect(stored).toBe(120);
    expect(dataCount).toBe(120);
    expect(choseA).toBe(50);
    const refused = answers.filter((x) => x.resultCode !== '200');
    // One code whatever the timing: a full quota is "409" with its reason, never a "400" 不可选.
    expect(refused.every((x) => x.resultCode === '409' && /名额已满|上限/.test(x.resultMsg))).toBe(true);
    expect(refused.filter((x) => /名额已满/.test(x.resultMsg))).toHaveLength(50);
  });

  it('a full option quota answers 409 选项「…」名额已满 when the count already shows it full', async () => {
    const q1 = makeSubject(1, 1, '选择场次');
    const options = (q1 as { options: { uuid: string; title: string }[] }).options;
    const logic = { quotas: [{ id: 'quota-one', basis: 'option', subject: q1.uuid, option: options[0]!.uuid, limit: 1, onFull: { action: 'hideOption' } }] };
    const questionId = await publishProject(t, owner.headers, { subjects: [q1], logic });
    const send = (i: number) =>
      t.call('active/write/submit', { questionId, submissionId: submissionId(), deviceId: `seq${i}`, answers: { [q1.uuid]: pick(q1, 0) } });
    expect((await send(1)).resultCode).toBe('200');
    for (const i of [2, 3]) expect(await send(i)).toMatchObject({ resultCode: '409', resultMsg: `选项「${options[0]!.title}」名额已满，请重新选择` });
  });

  it('has teeth: the naive read-then-write variant overshoots and the harness catches it', async () => {
    const naive = await siblingApp(t, { strategies: { capacity: naiveCapacity } });
    try {
      const { stored, choseA } = await race(naive);
      expect(stored > 120 || choseA > 50).toBe(true);
    } finally {
      await naive.close();
    }
  });
});
