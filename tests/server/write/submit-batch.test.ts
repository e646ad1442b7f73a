import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchStats, submitParams, type SubmitArgs } from '../../../server/services/submit/submit-batch.service';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Group commit (submit-batch.service.ts): on both engines concurrent submits of a process go as one statement,
 * each sheet in its own subtransaction, so one sheet's refusal leaves the others of its batch stored.
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
      Number(
        (
          await t.database.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1',
            [id],
          )
        )[0]!.n,
      );
    expect((await stored(questionId)) + (await stored(other))).toBe(answers.length - refused.length);
    const accepted = answers.filter((a) => a.resultCode === '200').map((a) => a.data.sheetId);
    expect(new Set(accepted).size).toBe(accepted.length);
    const sent = batchStats.statements - before.statements;
    expect(batchStats.sheets - before.sheets).toBe(60);
    expect(sent).toBeLessThan(60);
  });

  it('sheets of one batch each keep their own choices, quota takes and limits (lists of different lengths)', async () => {
    const q1 = makeSubject(1, 1, '选择场次');
    const q2 = makeSubject(2, 2, '感兴趣的内容');
    const a = (q1 as { options: { uuid: string }[] }).options[0]!.uuid;
    const many = (q2 as { options: { uuid: string }[] }).options.map((o) => o.uuid);
    const logic = { quotas: [{ id: 'quota-a', basis: 'option', subject: q1.uuid, option: a, limit: 7, onFull: { action: 'hideOption' } }] };
    const questionId = await publishProject(t, owner.headers, { subjects: [q1, q2], logic, settings: { perDeviceLimit: 2 } });
    const before = { ...batchStats };
    const sent = Array.from({ length: 30 }, (_, i) => ({
      questionId,
      submissionId: submissionId(),
      deviceId: `dev-${i % 12}`,
      durationSeconds: 30,
      answers: { [q1.uuid]: pick(q1, i % 2), [q2.uuid]: { optionIds: many.slice(0, 1 + (i % 3)) } },
    }));
    const answers = await Promise.all(sent.map((body) => t.call<{ sheetId: string }>('active/write/submit', body)));
    expect(batchStats.largest).toBeGreaterThan(1);
    expect(batchStats.statements - before.statements).toBeLessThan(30);
    // 12 devices × 2 places, and 7 places for option A: refusals of both kinds inside batches.
    const accepted = answers.flatMap((x, i) => (x.resultCode === '200' ? [{ sheetId: x.data.sheetId, body: sent[i]! }] : []));
    expect(accepted.filter((x) => x.body.answers[q1.uuid]!.optionIds[0] === a)).toHaveLength(7);
    expect(accepted.length).toBe(7 + 12);
    const rows = await t.database.query<{ public_id: string; options: string[] }>(
      `SELECT a.public_id, array_agg(k.option_uuid ORDER BY k.option_uuid) AS options
       FROM answer_sheets a CROSS JOIN LATERAL unnest(a.choice_options) AS c(option_id) JOIN option_keys k ON k.id = c.option_id
       JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1 GROUP BY a.public_id`,
      [questionId],
    );
    const stored = new Map(rows.map((r) => [r.public_id, r.options]));
    expect(stored.size).toBe(accepted.length);
    for (const { sheetId, body } of accepted) {
      expect(stored.get(sheetId)).toEqual([...body.answers[q1.uuid]!.optionIds, ...body.answers[q2.uuid]!.optionIds].sort());
    }
    const quota = await t.database.query<{ used: number }>(
      'SELECT q.used FROM quota_counters q JOIN projects p ON p.id = q.project_id WHERE p.public_id = $1',
      [questionId],
    );
    expect(quota[0]!.used).toBe(7);
  });

  it('a sheet reaches the database as sent, field by name: quotes, backslashes, commas, braces, NULL as text, nulls, numbers, booleans', async () => {
    const texts = ['plain', 'a "quoted" word', 'back\\slash\\', 'comma, {brace}', 'NULL', '', ' spaced ', '中文，全角', '::1'];
    const args = {
      ...sheetArgs(),
      limitKeys: texts,
      publicId: 'a "quoted", {brace}',
      user: null,
      score: 2.5,
      suspect: true,
      subjectIds: [1, -7, 2_000_000_000],
      optionIds: [],
    };
    const [row] = await t.database.query<{
      texts: string[];
      ints: number[];
      empty: number[];
      pub: string;
      user: number | null;
      score: number;
      suspect: boolean;
      answers: unknown;
    }>(
      `SELECT s."limitKeys" AS texts, s."subjectIds" AS ints, s."optionIds" AS empty, s."publicId" AS pub, s."user", s.score, s.suspect, s.answers
       FROM jsonb_populate_record(NULL::wj_sheet, $1::jsonb) s`,
      submitParams(args),
    );
    const expected = { texts, ints: [1, -7, 2_000_000_000], empty: [], pub: args.publicId, user: null, score: 2.5, suspect: true, answers: args.answers };
    expect(row).toEqual(expected);
  });
});

function sheetArgs(): SubmitArgs {
  return {
    project: 1,
    version: 3,
    stamp: 's',
    publicId: 'p',
    submission: 'sub',
    hash: 'h',
    user: 9,
    device: 'd',
    ip: '1.2.3.4',
    source: 'web',
    answers: { q: ['a', { b: 1 }] },
    result: { ok: true },
    score: null,
    duration: 12,
    suspect: false,
    subjectIds: [],
    optionIds: [],
    shards: 16,
    quotaIds: [],
    quotaLimits: [],
    limitKinds: [],
    limitKeys: [],
    limitValues: [],
    cap: null,
    wechatOpenid: null,
  };
}
