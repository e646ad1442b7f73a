/**
 * Report index bench (issue 54 items 2 and 6). Four figures:
 *  1. Memory: the filter index of BENCH_ROWS sheets (default 1,000,000) × 50 subjects (40 single choices of 4
 *     options, 10 NPS of 11 values) as stored ('portable' Roaring, one row per key and segment of 65,536 ids) —
 *     the bytes the per-process cache counts twice (with the counting copies) against REPORT_INDEX_MEMORY_MB
 *     (Roaring's portable form is its in-memory layout, so this is also the WebAssembly memory the bitmaps take).
 *  2. Event loop (PGlite, or PostgreSQL with DATABASE_URL): an index of BENCH_LOAD_ROWS sheets (default 100,000) ×
 *     50 subjects written through the store (appendToSegments), then loaded as a report does (loadStoredIndex: the
 *     SELECT and the deserialization, which yields every 256 rows) and counted whole (factsOf): wall time and the
 *     longest stretch the event loop was held (a 1 ms timer's worst lateness), against the ~50 ms goal; and
 *     factsInSlices, the same count yielding every 20 ms.
 *  3. The job after a bulk load (jobFigure below).
 *  4. Filtered counting in memory (issue 54, helper filter): an index shaped as bench/report.ts's survey (14 single
 *     choices, 3 multiple, NPS, a number of 1,000 values, a text three in ten answer, 3 sources) at each of
 *     BENCH_FILTER_ROWS (default 10,000, 100,000 and 1,000,000 sheets): the filter's bitmap and its facts for one and
 *     two conditions, and a cross-tab's counts, each counted by roaring's andCardinality (how it was) and over the
 *     keys' JavaScript copies (bitmap-mirror.ts, how the report counts now), in the same run; the two must agree.
 * Ids are consecutive, answers drawn at random (seeded), as a bulk of submits would give. BENCH_PARTS picks figures
 * (default memory,load,job,filtered).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { factKey, ALL_KEY } from '../server/services/report/sheet-index/index-keys';
import { factsInSlices } from '../server/services/report/sheet-index/facts-in-slices';
import { appendToSegments, loadStoredIndex, segmentOf } from '../server/services/report/sheet-index/index-segments';
import { factsOf, RoaringBitmap32, validSheets, type SheetIndex } from '../server/services/report/sheet-index/sheet-index';
import { counterWithin, mirrorOf } from '../server/services/report/sheet-index/bitmap-mirror';
import { filterBitmap, type ResolvedFilter } from '../server/services/report/sheet-index/filter-bitmap';
import { factsFromRows } from '../server/services/report/report-facts';
import { parseFactKey } from '../server/services/report/sheet-index/index-keys';
import { loadavg } from 'node:os';
import { createSubject } from '../schemas/subjects/registry';
import { fillChoiceArrays } from './choice-arrays';
import { reportShapedIndex } from './report-shaped-index';
import type { ProjectRow } from '../server/db/rows';
import { buildStatement } from '../server/services/report/report.service';
import { catchUpProject } from '../server/services/report/sheet-index/index-job';
import { openTestDatabase } from '../tests/helpers/test-db';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const LOAD_ROWS = Number(process.env.BENCH_LOAD_ROWS ?? 100_000);
const CHOICES = 40;
const NPS = 10;

let seed = 54;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

/** Fact key → ascending ids of `rows` sheets with ids from `first`. */
function synthetic(rows: number, first = 1): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const push = (key: string, id: number) => {
    const list = out.get(key);
    if (list) list.push(id);
    else out.set(key, [id]);
  };
  for (let id = first; id < first + rows; id++) {
    push(ALL_KEY, id);
    for (let s = 0; s < CHOICES; s++) push(factKey('c', String(s * 4 + Math.floor(random() * 4)), 0), id);
    for (let s = 0; s < NPS; s++) if (random() < 0.9) push(factKey('n', `nps${s}`, Math.floor(random() * 11)), id);
  }
  return out;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function memoryFigure() {
  const ids = synthetic(ROWS);
  let stored = 0;
  let rows = 0;
  const bitmaps: RoaringBitmap32[] = [];
  for (const list of ids.values()) {
    const bits = RoaringBitmap32.from(list);
    bitmaps.push(bits);
    // Stored as one row per segment: sum the segments' own sizes.
    let start = 0;
    for (let i = 1; i <= list.length; i++) {
      if (i === list.length || segmentOf(list[i]!) !== segmentOf(list[start]!)) {
        const part = RoaringBitmap32.from(list.slice(start, i));
        stored += part.getSerializationSizeInBytes('portable');
        part.dispose();
        rows++;
        start = i;
      }
    }
  }
  console.log(`index memory: ${ROWS} sheets × ${CHOICES + NPS} subjects = ${ids.size} keys, ${rows} stored rows, ${mb(stored)} stored (the cache's measure)`);
  for (const b of bitmaps) b.dispose();
}

async function loadFigure() {
  const db = await openTestDatabase();
  try {
    const [user] = await db.query<{ id: number }>(`INSERT INTO users (public_id, phone, username) VALUES ('bench-ix', '19900000054', 'bench-ix') RETURNING id`);
    const [project] = await db.query<{ id: number }>(
      `INSERT INTO projects (public_id, owner_id, question_type, title, status) VALUES ('bench-ix', $1, 1, '索引基准', 1) RETURNING id`,
      [user!.id],
    );
    const pid = project!.id;
    const ids = synthetic(LOAD_ROWS);
    const write = performance.now();
    await db.transaction(async (q) => {
      await appendToSegments(q, pid, ids);
      await q(`INSERT INTO sheet_index_heads (project_id, shape, watermark, version, state) VALUES ($1, 'bench', $2, 1, 'ready')`, [pid, LOAD_ROWS]);
    });
    console.log(`index load (${db.engine}): stored ${LOAD_ROWS} sheets in ${(performance.now() - write).toFixed(0)} ms`);
    for (let round = 0; round < 3; round++) {
      const delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      const start = performance.now();
      const stored = await loadStoredIndex(db.query, pid);
      const loaded = performance.now();
      const loadDelay = delay.max;
      delay.reset();
      const index: SheetIndex = {
        projectId: pid,
        shape: 'bench',
        watermark: LOAD_ROWS,
        version: 1,
        bitmaps: stored!.bitmaps,
        bin: new RoaringBitmap32(),
        suspect: new RoaringBitmap32(),
      };
      const valid = validSheets(index);
      const counted = performance.now();
      const facts = factsOf(index, valid);
      const done = performance.now();
      delay.disable();
      const sliced = monitorEventLoopDelay({ resolution: 1 });
      sliced.enable();
      const slicedStart = performance.now();
      const same = await factsInSlices(index, valid);
      const slicedDone = performance.now();
      sliced.disable();
      if (JSON.stringify(same) !== JSON.stringify(facts)) throw new Error('factsInSlices differs from factsOf');
      console.log(
        `index load (${db.engine}) round ${round + 1}: load ${(loaded - start).toFixed(0)} ms (${mb(stored!.bytes)}, worst delay ${(loadDelay / 1e6).toFixed(0)} ms), factsOf ${(done - counted).toFixed(0)} ms (one synchronous stretch, ${facts.sheets} sheets), worst delay ${(delay.max / 1e6).toFixed(0)} ms; factsInSlices ${(slicedDone - slicedStart).toFixed(0)} ms, worst delay ${(sliced.max / 1e6).toFixed(0)} ms`,
      );
      valid.dispose();
      for (const b of stored!.bitmaps.values()) b.dispose();
      index.bin.dispose();
      index.suspect.dispose();
    }
  } finally {
    await db.close();
  }
}

/**
 * 3. The job after a bulk load: BENCH_JOB_ROWS sheets (default 20,000) of 50 single choices inserted by SQL, then the
 *    first unfiltered report (answers at once with its counting note), the job's catch-up (index and rollup, in the
 *    engine's batches: on PGlite each batch's transaction holds every other request) and the report after it.
 */
async function jobFigure() {
  const rows = Number(process.env.BENCH_JOB_ROWS ?? 20_000);
  const db = await openTestDatabase();
  try {
    const [user] = await db.query<{ id: number }>(
      `INSERT INTO users (public_id, phone, username) VALUES ('bench-job', '19900000055', 'bench-job') RETURNING id`,
    );
    const [project] = await db.query<ProjectRow>(
      `INSERT INTO projects (public_id, owner_id, question_type, title, status) VALUES ('bench-job', $1, 1, '索引任务基准', 1) RETURNING *`,
      [user!.id],
    );
    const pid = project!.id;
    const subjects = Array.from({ length: 50 }, (_, i) => ({
      ...createSubject(1, { uuid: `q${i}`, indexSort: i + 1, newId: () => `n${i}-${Math.random()}` }),
      options: Array.from({ length: 4 }, (_, j) => ({ uuid: `q${i}o${j}`, title: `选项${j + 1}` })),
    }));
    for (const subject of subjects)
      await db.query('INSERT INTO subjects (project_id, uuid, subject_type, index_sort, config) VALUES ($1, $2, $3, $4, $5::jsonb)', [
        pid,
        subject.uuid,
        subject.subjectType,
        subject.indexSort,
        JSON.stringify(subject),
      ]);
    await db.query(
      `INSERT INTO option_keys (project_id, subject_uuid, option_uuid) SELECT $1, 'q' || s, o FROM generate_series(0, 49) s
       CROSS JOIN LATERAL (SELECT '' AS o UNION ALL SELECT 'q' || s || 'o' || j FROM generate_series(0, 3) j) x`,
      [pid],
    );
    const seeded = performance.now();
    await db.query(
      `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, device_id, ip, source, answers, result, duration_seconds)
       SELECT 'bj-' || g, $1, 'bj-' || g, '', 'd' || g, '127.0.0.1', 'link',
         (SELECT jsonb_object_agg('q' || s, jsonb_build_object('optionIds', jsonb_build_array('q' || s || 'o' || ((g * (s + 1) + s) % 4)))) FROM generate_series(0, 49) s),
         '{}'::jsonb, 60
       FROM generate_series(1, $2::int) g`,
      [pid, rows],
    );
    await fillChoiceArrays(db, pid);
    await db.query('UPDATE projects SET data_count = $2 WHERE id = $1', [pid, rows]);
    console.log(`index job (${db.engine}): seeded ${rows} sheets × 50 subjects in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const row = (await db.query<ProjectRow>('SELECT * FROM projects WHERE id = $1', [pid]))[0]!;
    let start = performance.now();
    const first = await buildStatement(db, row, undefined);
    console.log(`index job (${db.engine}): first report ${(performance.now() - start).toFixed(0)} ms, counting ${JSON.stringify(first.counting ?? null)}`);
    start = performance.now();
    const batches = await catchUpProject(db, pid);
    const took = performance.now() - start;
    console.log(
      `index job (${db.engine}): catch-up ${(took / 1000).toFixed(1)} s in ${batches} transactions (index + rollup), ${(took / batches).toFixed(0)} ms each on average`,
    );
    start = performance.now();
    const after = await buildStatement(db, row, undefined);
    console.log(
      `index job (${db.engine}): report after ${(performance.now() - start).toFixed(0)} ms, total ${after.total}, counting ${JSON.stringify(after.counting ?? null)}`,
    );
  } finally {
    await db.close();
  }
}

/** Median and minimum of `runs` timed runs after a warm one. */
function timed(work: () => unknown, runs = 7): string {
  work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `median ${times[runs >> 1]!.toFixed(1)} ms (min ${times[0]!.toFixed(1)})`;
}

/** How the facts were counted before bitmap-mirror.ts: one andCardinality per key. */
const factsByRoaring = (index: SheetIndex, set: RoaringBitmap32) =>
  factsFromRows(
    [...index.bitmaps].flatMap(([key, bits]) => {
      const fact = parseFactKey(key);
      const n = fact ? bits.andCardinality(set) : 0;
      return fact && n > 0 ? [{ ...fact, n }] : [];
    }),
    (n) => n,
  );

function filteredFigure() {
  const sizes = (process.env.BENCH_FILTER_ROWS ?? '10000,100000,1000000').split(',').map(Number);
  const chose = (option: number) => ({ op: 'chose' as const, option });
  const base: Omit<ResolvedFilter, 'conditions'> = { scope: 'valid', otherStatus: [], sqlIds: null, sources: null, suspect: 'all', match: 'all' };
  const one: ResolvedFilter = { ...base, conditions: [chose(11)] };
  const two: ResolvedFilter = { ...base, conditions: [chose(11), chose(30)] };
  for (const rows of sizes) {
    const index = reportShapedIndex(rows, random);
    const label = `filtered in memory (${rows} sheets, ${index.bitmaps.size} keys, load ${loadavg()[0]!.toFixed(1)})`;
    const firstSet = filterBitmap(index, one);
    const firstStart = performance.now();
    factsOf(index, firstSet);
    console.log(`${label}: the first count, making every dense key's copy, ${(performance.now() - firstStart).toFixed(1)} ms`);
    firstSet.dispose();
    for (const [name, filter] of [
      ['one condition', one],
      ['two conditions', two],
    ] as const) {
      const set = filterBitmap(index, filter);
      if (JSON.stringify(factsOf(index, set)) !== JSON.stringify(factsByRoaring(index, set))) throw new Error('the copies count differently');
      set.dispose();
      const run = (count: typeof factsOf) => () => {
        const bits = filterBitmap(index, filter);
        count(index, bits);
        bits.dispose();
      };
      console.log(`${label}: bitmap + facts, ${name}: roaring ${timed(run(factsByRoaring))}; copies ${timed(run(factsOf))}`);
    }
    const cross = (byCopies: boolean) => () => {
      const set = validSheets(index);
      for (let r = 10; r < 13; r++) {
        const inRow = index.bitmaps.get(factKey('c', String(r), 0))!.clone();
        inRow.andInPlace(set);
        const count = byCopies ? counterWithin(inRow).count : (bits: RoaringBitmap32) => bits.andCardinality(inRow);
        for (let c = 30; c < 35; c++) count(index.bitmaps.get(factKey('c', String(c), 0))!);
        inRow.dispose();
      }
      set.dispose();
    };
    console.log(`${label}: cross-tab q1 × q3 counts: roaring ${timed(cross(false))}; copies ${timed(cross(true))}`);
    let stored = 0;
    let copies = 0;
    for (const bits of index.bitmaps.values()) {
      stored += bits.getSerializationSizeInBytes('portable');
      for (const part of mirrorOf(bits)?.parts ?? []) copies += part.byteLength;
    }
    console.log(`${label}: stored ${mb(stored)}, counting copies ${mb(copies)} (the cache counts twice the stored bytes)`);
    for (const bits of index.bitmaps.values()) bits.dispose();
  }
}

const parts = (process.env.BENCH_PARTS ?? 'memory,load,job,filtered').split(',');
if (parts.includes('memory')) memoryFigure();
if (parts.includes('load')) await loadFigure();
if (parts.includes('job')) await jobFigure();
if (parts.includes('filtered')) filteredFigure();
