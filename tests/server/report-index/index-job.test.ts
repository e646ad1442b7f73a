import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStatement } from '../../../schemas/api/report';
import { catchUpProject, projectsBehind } from '../../../server/services/report/sheet-index/index-job';
import { catchUpSheetIndex, configureSheetIndex } from '../../../server/services/report/sheet-index/index-store';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { head, indexFacts, maxSheetId, newSurvey, sqlFacts, type Survey } from './fixture';

/**
 * The report-index job (issue 54 item 2): rounds in small batches, two runners at once with submits and bin moves
 * in between (nothing missed, nothing applied twice, in the bitmaps or the rollup), enrolment by size, and the
 * report's counting note while the rollup is behind.
 */
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ env: { REPORT_INDEX_MIN_SHEETS: 3 } as never });
  owner = await loginNewUser(t, 4);
});
afterAll(async () => {
  configureSheetIndex({ tail: 1000 });
  await t.close();
});

const R = 'question/statement/';
const rollupOf = async (s: Survey) =>
  (
    await t.database.query<{ sheets: number; watermark: number; facts: unknown }>('SELECT sheets, watermark, facts FROM report_rollups WHERE project_id = $1', [
      s.projectId,
    ])
  )[0];
const statement = async (s: Survey) => {
  const r = await t.call<TStatement>(`${R}getStatement`, { questionId: s.questionId }, owner.headers);
  expect(r.resultCode, r.resultMsg).toBe('200');
  return r.data;
};

describe(`report index job on ${engineName()}`, () => {
  it('catches up batch by batch; a project with enough sheets is enrolled before its report is asked', async () => {
    const s = await newSurvey(t, owner.headers);
    for (let i = 0; i < 7; i++) await s.submit(i);
    expect(await head(t, s.projectId)).toBeUndefined();
    // Enrolled by size (REPORT_INDEX_MIN_SHEETS 3) in a round: its head is made and it is caught up.
    for (let round = 0; round < 5 && (await head(t, s.projectId))?.state !== 'ready'; round++) await t.app.reportIndexRunner.runOnce();
    expect(await head(t, s.projectId)).toMatchObject({ state: 'ready', watermark: await maxSheetId(t, s.projectId) });
    for (let i = 7; i < 14; i++) await s.submit(i);
    const batches = await catchUpProject(t.database, s.projectId, { batch: 2 });
    expect(batches).toBeGreaterThanOrEqual(4);
    expect((await indexFacts(t, s))?.facts).toEqual(await sqlFacts(t, s));
    expect((await rollupOf(s))?.facts).toEqual(await sqlFacts(t, s));
  });

  it('a head wanted for another plan on a project without sheets is settled in one round, not taken again', async () => {
    const s = await newSurvey(t, owner.headers);
    await t.database.query(`INSERT INTO sheet_index_heads (project_id, shape, state) VALUES ($1, 'another plan', 'building')`, [s.projectId]);
    await t.app.reportIndexRunner.runOnce();
    expect(await head(t, s.projectId)).toMatchObject({ state: 'ready', watermark: 0 });
    const behind = await projectsBehind(t.database.query, 100, null);
    expect(behind).not.toContain(s.projectId);
  });

  it('two runners, submits and bin moves at once: nothing missed, nothing counted twice', async () => {
    const s = await newSurvey(t, owner.headers);
    for (let i = 0; i < 8; i++) await s.submit(i);
    await catchUpSheetIndex(t.database, s.projectId);
    const other = await siblingApp(t, {});
    try {
      const binned = (
        await t.database.query<{ public_id: string }>('SELECT public_id FROM answer_sheets WHERE project_id = $1 ORDER BY id LIMIT 3', [s.projectId])
      ).map((r) => r.public_id);
      await Promise.all([
        ...Array.from({ length: 20 }, (_, i) => s.submit(100 + i)),
        ...Array.from({ length: 4 }, () => catchUpProject(t.database, s.projectId, { batch: 3, skipLocked: true })),
        ...Array.from({ length: 4 }, () => catchUpProject(other.database, s.projectId, { batch: 2 })),
        t.app.reportIndexRunner.runOnce(),
        other.app.reportIndexRunner.runOnce(),
        ...binned.map((sheetId) => t.call(`${R}delAnswerSheet`, { questionId: s.questionId, sheetId }, owner.headers)),
        ...Array.from({ length: 20 }, (_, i) => s.submit(200 + i)),
      ]);
      await catchUpSheetIndex(t.database, s.projectId);
      const sql = await sqlFacts(t, s);
      expect(sql.sheets).toBe(45);
      expect((await indexFacts(other, s))?.facts).toEqual(sql);
      const rollup = await rollupOf(s);
      expect(rollup?.sheets).toBe(45);
      expect(rollup?.facts).toEqual(sql);
    } finally {
      await other.close();
    }
  });

  it('a report behind by more than the tail answers at once with a counting note, gone once the job caught up', async () => {
    const s = await newSurvey(t, owner.headers);
    for (let i = 0; i < 3; i++) await s.submit(i);
    expect((await statement(s)).counting).toBeUndefined();
    for (let i = 3; i < 9; i++) await s.submit(i);
    configureSheetIndex({ tail: 2 });
    try {
      const counting = await statement(s);
      expect(counting.counting).toEqual({ counted: 5, total: 9 });
      expect(counting.total).toBe(5);
      // The report did not roll the sheets up itself.
      expect((await rollupOf(s))?.sheets).toBe(3);
      await t.app.reportIndexRunner.runOnce();
      const done = await statement(s);
      expect(done.counting).toBeUndefined();
      expect(done.total).toBe(9);
      expect(done.subjects).toEqual(
        (await t.call<TStatement>(`${R}getStatement`, { questionId: s.questionId, filter: { from: '2000-01-01T00:00:00.000Z' } }, owner.headers)).data.subjects,
      );
    } finally {
      configureSheetIndex({ tail: 1000 });
    }
  });
});
