import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProjectInfo } from '../../../schemas/api/question';
import type { TStatement } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { ANSWER_COUNT_SQL } from '../../../server/services/answers/answer-store.service';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string }; phone: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
});
afterAll(() => t.close());

/** A one-question project: option A takes 2 answers (quota), each device answers once. */
async function quotaProject() {
  const q1 = makeSubject(1, 1, '选择场次');
  const a = (q1 as { options: { uuid: string }[] }).options[0]!.uuid;
  const logic = { quotas: [{ id: 'quota-a', basis: 'option', subject: q1.uuid, option: a, limit: 2, onFull: { action: 'hideOption' } }] };
  const questionId = await publishProject(t, owner.headers, { subjects: [q1], logic, settings: { perDeviceLimit: 1 } });
  return { questionId, q1 };
}

const submit = (questionId: string, q1: TSubject, device: string, option: number) =>
  t.call<{ sheetId: string }>('active/write/submit', {
    questionId,
    submissionId: submissionId(),
    deviceId: device,
    durationSeconds: 30,
    answers: { [q1.uuid]: pick(q1, option) },
  });

const statement = async (questionId: string) => (await t.call<TStatement>('question/statement/getStatement', { questionId }, owner.headers)).data;

/** What is stored for a project, table by table. */
async function stored(questionId: string) {
  const count = async (table: string, what = 'count(*)') =>
    Number(
      (
        await t.database.query<{ n: string | number | null }>(
          `SELECT ${what} AS n FROM ${table} x JOIN projects p ON p.id = x.project_id WHERE p.public_id = $1`,
          [questionId],
        )
      )[0]?.n ?? 0,
    );
  return {
    sheets: await count('answer_sheets'),
    choices: await count('answer_sheets', 'COALESCE(sum(cardinality(x.choice_options)), 0)'),
    rolledSheets: await count('report_rollups', 'COALESCE(sum(x.sheets), 0)'),
    quotaUsed: await count('quota_counters', 'COALESCE(sum(x.used), 0)'),
    respondentCounts: await count('respondent_counters', 'COALESCE(sum(x.n), 0)'),
    dataCount: (await t.database.query<{ n: number }>(`SELECT ${ANSWER_COUNT_SQL} AS n FROM projects p WHERE p.public_id = $1`, [questionId]))[0]!.n,
  };
}

describe(`getQuestionClear on ${engineName()}`, () => {
  it('clears every answer and counter: the report shows zero, quotas and per-device limits admit again', async () => {
    const { questionId, q1 } = await quotaProject();
    const other = await quotaProject();
    expect((await submit(other.questionId, other.q1, 'd1', 0)).resultCode).toBe('200');
    expect((await statement(other.questionId)).total).toBe(1);

    expect((await submit(questionId, q1, 'd1', 0)).resultCode).toBe('200');
    const second = await submit(questionId, q1, 'd2', 0);
    expect(second.resultCode).toBe('200');
    expect((await submit(questionId, q1, 'd4', 1)).resultCode).toBe('200');
    expect((await submit(questionId, q1, 'd3', 0)).resultMsg).toMatch(/名额已满|不可选/);
    expect((await submit(questionId, q1, 'd1', 1)).resultMsg).toMatch(/不能重复作答/);
    // One sheet sits in the project's answer bin: clearing empties that too.
    expect((await t.call('question/statement/delAnswerSheet', { questionId, sheetId: second.data.sheetId }, owner.headers)).resultCode).toBe('200');
    expect((await statement(questionId)).total).toBe(2);
    expect(await stored(questionId)).toMatchObject({ sheets: 3, rolledSheets: 2, quotaUsed: 2, respondentCounts: 3, dataCount: 2 });

    const cleared = await t.call('activity/question/getQuestionClear', { questionId }, owner.headers);
    expect(cleared).toMatchObject({ resultCode: '200', resultMsg: '数据已清空' });
    expect(await stored(questionId)).toEqual({ sheets: 0, choices: 0, rolledSheets: 0, quotaUsed: 0, respondentCounts: 0, dataCount: 0 });

    const report = await statement(questionId);
    expect(report.total).toBe(0);
    expect(report.subjects[0]!.options!.map((o) => o.count)).toEqual([0, 0]);
    const quotas = await t.call<{ used: number; full: boolean }[]>('question/statement/getQuotaStatement', { questionId }, owner.headers);
    expect(quotas.data).toMatchObject([{ used: 0, full: false }]);
    const info = await t.call<TProjectInfo>('activity/question/getWxQuestion', { questionId }, owner.headers);
    expect(info.data.dataCount).toBe(0);

    // The same devices answer again, and the quota takes two more before it is full again.
    expect((await submit(questionId, q1, 'd1', 0)).resultCode).toBe('200');
    expect((await submit(questionId, q1, 'd2', 0)).resultCode).toBe('200');
    expect((await submit(questionId, q1, 'd3', 0)).resultMsg).toMatch(/名额已满|不可选/);
    expect((await statement(questionId)).total).toBe(2);

    // Another project of the same owner keeps its data.
    expect(await stored(other.questionId)).toEqual({ sheets: 1, choices: 1, rolledSheets: 1, quotaUsed: 1, respondentCounts: 1, dataCount: 1 });
  });

  it('needs manage power: an editing collaborator gets "403", a stranger "404", and the data stays', async () => {
    const { questionId, q1 } = await quotaProject();
    expect((await submit(questionId, q1, 'd1', 0)).resultCode).toBe('200');
    const [project] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
    const editor = await loginNewUser(t);
    const manager = await loginNewUser(t);
    const stranger = await loginNewUser(t);
    for (const [who, power] of [
      [editor, 2],
      [manager, 1],
    ] as const) {
      const [row] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [who.phone]);
      await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, $3)', [project!.id, row!.id, power]);
    }
    expect((await t.call('activity/question/getQuestionClear', { questionId }, editor.headers)).resultCode).toBe('403');
    expect((await t.call('activity/question/getQuestionClear', { questionId }, stranger.headers)).resultCode).toBe('404');
    expect((await stored(questionId)).sheets).toBe(1);
    expect((await t.call('activity/question/getQuestionClear', { questionId }, manager.headers)).resultCode).toBe('200');
    expect((await stored(questionId)).sheets).toBe(0);
  });

  it('a clear in the middle of parallel submissions leaves every count matching the sheets that remain', async () => {
    const { questionId, q1 } = await quotaProject();
    await t.database.query(`UPDATE projects SET settings = '{}'::jsonb, logic = jsonb_set(logic, '{quotas,0,limit}', '1000') WHERE public_id = $1`, [
      questionId,
    ]);
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => submit(questionId, q1, `p${i}`, i % 2)),
      t.call('activity/question/getQuestionClear', { questionId }, owner.headers),
      ...Array.from({ length: 40 }, (_, i) => submit(questionId, q1, `r${i}`, i % 2)),
    ]);
    expect(answers.map((a) => a.resultCode).filter((code) => code !== '200')).toEqual([]);
    const after = await stored(questionId);
    const [choseA] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM answer_sheets s JOIN projects p ON p.id = s.project_id WHERE p.public_id = $1 AND s.answers->$2->'optionIds'->>0 = $3`,
      [questionId, q1.uuid, (q1 as { options: { uuid: string }[] }).options[0]!.uuid],
    );
    expect(after.dataCount).toBe(after.sheets);
    expect(after.choices).toBe(after.sheets);
    expect(after.quotaUsed).toBe(choseA!.n);
    const report = await statement(questionId);
    expect(report.total).toBe(after.sheets);
    expect(report.subjects[0]!.options!.map((o) => o.count)).toEqual([choseA!.n, after.sheets - choseA!.n]);
  });

  it('deleting a project for good takes its sheets and choice rows with it, and only its own', async () => {
    const { questionId, q1 } = await quotaProject();
    const kept = await quotaProject();
    expect((await submit(questionId, q1, 'z1', 1)).resultCode).toBe('200');
    expect((await submit(kept.questionId, kept.q1, 'z1', 1)).resultCode).toBe('200');
    const [row] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
    expect((await t.call('activity/question/getWxQuestionDel', { questionId }, owner.headers)).resultCode).toBe('200');
    expect((await t.call('activity/question/getWxQuestionCompletelyDel', { questionId }, owner.headers)).data).toEqual({ deleted: 1 });
    const left = async (what: string) =>
      Number((await t.database.query<{ n: number }>(`SELECT ${what}::int AS n FROM answer_sheets WHERE project_id = $1`, [row!.id]))[0]!.n);
    expect({ sheets: await left('count(*)'), choices: await left('COALESCE(sum(cardinality(choice_options)), 0)') }).toEqual({ sheets: 0, choices: 0 });
    expect(await stored(kept.questionId)).toMatchObject({ sheets: 1, choices: 1 });
  });
});
