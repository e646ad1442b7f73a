import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUpSheetIndex, configureSheetIndex, sheetAnswersChanged } from '../../../server/services/report/sheet-index/index-store';
import { cachedIndexStats, clearIndexCache, isIndexCached, setIndexMemoryBound } from '../../../server/services/report/sheet-index/index-cache';
import { loadStoredIndex } from '../../../server/services/report/sheet-index/index-segments';
import { projectPlan } from '../../../server/services/report/sheet-index/index-job';
import { factsInSlices } from '../../../server/services/report/sheet-index/facts-in-slices';
import { factsOf, RoaringBitmap32, validSheets } from '../../../server/services/report/sheet-index/sheet-index';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { answersOf, head, indexFacts, maxSheetId, newSurvey, single, sqlFacts, type Survey } from './fixture';

/**
 * The stored filter index (issue 54 items 1–2): after the job's rounds the persisted bitmaps plus the tail count
 * exactly what SQL counts, through bin moves, restores, suspect marks, edits and 清空数据; the version tells a
 * process's cached copy stale from fresh; the memory bound evicts.
 */
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
});
afterAll(async () => {
  configureSheetIndex({ memoryMb: 256, tail: 1000 });
  await t.close();
});

const R = 'question/statement/';
const ok = (r: { resultCode: string; resultMsg: string }) => expect(r.resultCode, r.resultMsg).toBe('200');

async function expectExact(s: Survey) {
  const [sql, indexed] = [await sqlFacts(t, s), await indexFacts(t, s)];
  expect(indexed?.facts).toEqual(sql);
  return indexed!;
}

describe(`stored filter index on ${engineName()}`, () => {
  let s: Survey;
  beforeAll(async () => {
    s = await newSurvey(t, owner.headers);
  });

  it('persists the bitmaps up to the exact high water, and reads later sheets as a tail', async () => {
    for (let i = 0; i < 10; i++) await s.submit(i);
    // Never asked: the first use makes the head and answers from its tail alone.
    const first = await expectExact(s);
    expect(first.version).toBe(0);
    await catchUpSheetIndex(t.database, s.projectId);
    const h = await head(t, s.projectId);
    expect(h).toMatchObject({ watermark: await maxSheetId(t, s.projectId), state: 'ready' });
    const [{ n }] = (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sheet_index_bitmaps WHERE project_id = $1', [s.projectId])) as [
      { n: number },
    ];
    expect(n).toBeGreaterThan(10);
    const stored = await expectExact(s);
    expect(stored.version).toBe(h!.version);
    for (let i = 10; i < 14; i++) await s.submit(i);
    const tailed = await expectExact(s);
    expect(tailed.watermark).toBe(await maxSheetId(t, s.projectId));
    expect(tailed.facts.sheets).toBe(14);
    // The rollup followed: the unfiltered report equals the sheets.
    await catchUpSheetIndex(t.database, s.projectId);
    const [rollup] = await t.database.query<{ sheets: number; watermark: number }>('SELECT sheets, watermark FROM report_rollups WHERE project_id = $1', [
      s.projectId,
    ]);
    expect(rollup).toEqual({ sheets: 14, watermark: await maxSheetId(t, s.projectId) });
  });

  it('loads page by page the same bitmaps as in one page, and counts in slices what factsOf counts', async () => {
    await catchUpSheetIndex(t.database, s.projectId);
    const [paged, whole] = [await loadStoredIndex(t.database.query, s.projectId, 2), await loadStoredIndex(t.database.query, s.projectId, 100_000)];
    try {
      expect(paged!.version).toBe(whole!.version);
      expect(paged!.bytes).toBe(whole!.bytes);
      expect([...paged!.bitmaps].map(([k, b]) => [k, b.toArray()])).toEqual([...whole!.bitmaps].map(([k, b]) => [k, b.toArray()]));
      const index = { projectId: s.projectId, shape: whole!.shape, watermark: whole!.watermark, version: whole!.version, bitmaps: whole!.bitmaps };
      const flags = { bin: new RoaringBitmap32(), suspect: new RoaringBitmap32() };
      const all = validSheets({ ...index, ...flags });
      expect(await factsInSlices({ ...index, ...flags }, all, 0)).toEqual(factsOf({ ...index, ...flags }, all));
      all.dispose();
      flags.bin.dispose();
      flags.suspect.dispose();
    } finally {
      for (const b of [...paged!.bitmaps.values(), ...whole!.bitmaps.values()]) b.dispose();
    }
  });

  it('bin moves, restores and suspect marks need no change to the stored bitmaps (flags are read fresh)', async () => {
    await catchUpSheetIndex(t.database, s.projectId);
    const before = await head(t, s.projectId);
    const ids = (
      await t.database.query<{ public_id: string }>('SELECT public_id FROM answer_sheets WHERE project_id = $1 ORDER BY id LIMIT 3', [s.projectId])
    ).map((r) => r.public_id);
    for (const sheetId of ids) ok(await t.call(`${R}delAnswerSheet`, { questionId: s.questionId, sheetId }, owner.headers));
    expect((await expectExact(s)).facts.sheets).toBe(11);
    ok(await t.call(`${R}restoreAnswerSheet`, { questionId: s.questionId, sheetId: ids[0] }, owner.headers));
    expect((await expectExact(s)).facts.sheets).toBe(12);
    ok(await t.call(`${R}markSuspect`, { questionId: s.questionId, sheetId: ids[0], suspect: true }, owner.headers));
    expect((await expectExact(s)).suspect).toBe(1);
    ok(await t.call(`${R}markSuspect`, { questionId: s.questionId, sheetId: ids[0], suspect: false }, owner.headers));
    expect((await expectExact(s)).suspect).toBe(0);
    expect((await head(t, s.projectId))?.version).toBe(before?.version);
  });

  it('an edit of a stored sheet moves it between keys and bumps the version; another app sees the new version', async () => {
    await catchUpSheetIndex(t.database, s.projectId);
    const other = await siblingApp(t, {});
    try {
      const before = await indexFacts(other, s);
      const [sheet] = await t.database.query<{ id: number }>('SELECT id FROM answer_sheets WHERE project_id = $1 AND status = 1 ORDER BY id DESC LIMIT 1', [
        s.projectId,
      ]);
      await editSheet(t, s, sheet!.id, 5);
      const after = await indexFacts(other, s);
      expect(after!.version).toBeGreaterThan(before!.version);
      expect(after!.facts).toEqual(await sqlFacts(t, s));
      expect(after!.facts).not.toEqual(before!.facts);
    } finally {
      await other.close();
    }
  });

  it('清空数据 drops the stored bitmaps and bumps the version; new sheets are counted again', async () => {
    const before = await head(t, s.projectId);
    ok(await t.call('activity/question/getQuestionClear', { questionId: s.questionId }, owner.headers));
    const cleared = await head(t, s.projectId);
    expect(cleared).toMatchObject({ watermark: 0 });
    expect(cleared!.version).toBeGreaterThan(before!.version);
    expect((await expectExact(s)).facts.sheets).toBe(0);
    for (let i = 0; i < 3; i++) await s.submit(i);
    await catchUpSheetIndex(t.database, s.projectId);
    expect((await expectExact(s)).facts.sheets).toBe(3);
  });

  it('a project past the tail is still building (null) until the job catches up', async () => {
    const big = await newSurvey(t, owner.headers);
    for (let i = 0; i < 6; i++) await big.submit(i);
    configureSheetIndex({ tail: 2 });
    try {
      expect(await indexFacts(t, big)).toBeNull();
      expect((await head(t, big.projectId))?.state).toBe('building');
      await t.app.reportIndexRunner.runOnce();
      expect((await head(t, big.projectId))?.state).toBe('ready');
      await expectExact(big);
    } finally {
      configureSheetIndex({ tail: 1000 });
    }
  });

  it('the memory bound evicts the least recently used project', async () => {
    const a = await newSurvey(t, owner.headers);
    const b = await newSurvey(t, owner.headers);
    for (const x of [a, b]) {
      for (let i = 0; i < 4; i++) await x.submit(i);
      await catchUpSheetIndex(t.database, x.projectId);
    }
    clearIndexCache();
    await expectExact(a);
    const one = cachedIndexStats().bytes;
    expect(one).toBeGreaterThan(0);
    setIndexMemoryBound((one * 1.5) / 1024 / 1024);
    try {
      await expectExact(b);
      expect(isIndexCached(b.projectId)).toBe(true);
      expect(isIndexCached(a.projectId)).toBe(false);
      setIndexMemoryBound(0);
      expect(cachedIndexStats().projects).toBe(0);
      // Larger than the bound: still served, then let go.
      await expectExact(a);
      expect(cachedIndexStats().projects).toBe(0);
    } finally {
      setIndexMemoryBound(256);
    }
  });
});

/** An edit as the submit path makes it (answers, choices, then the index), in one transaction. */
async function editSheet(t: TestApp, s: Survey, sheetId: number, i: number) {
  const answers = answersOf(i);
  await t.database.transaction(async (q) => {
    await q('UPDATE answer_sheets SET answers = $2::jsonb WHERE id = $1', [sheetId, JSON.stringify(answers)]);
    await q(
      `UPDATE answer_sheets SET choice_subjects = ARRAY[(SELECT j.id FROM option_keys j WHERE j.project_id = $1 AND j.subject_uuid = $4 AND j.option_uuid = '')],
         choice_options = ARRAY[(SELECT k.id FROM option_keys k WHERE k.project_id = $1 AND k.subject_uuid = $4 AND k.option_uuid = $2)]
       WHERE id = $3`,
      [s.projectId, (answers[single.uuid] as { optionIds: string[] }).optionIds[0], sheetId, single.uuid],
    );
    await sheetAnswersChanged(q, s.projectId, sheetId, (await projectPlan(q, s.projectId))!);
  });
}
