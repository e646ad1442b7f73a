/**
 * Report bench (issue 54 items 1, 2 and 7): a 20-subject survey like the issue's (14 single choices, 3 multiple,
 * NPS, a number, a text) with BENCH_ROWS sheets inserted in bulk (generate_series, as an import lands them), then:
 * the first report right after the load (getStatement at once, not waiting for the background job) and how long
 * catchUpSheetIndex takes; a filtered report (one condition), a two-condition report and a cross-tab, each against
 * the bare SQL of the same run on the same data. The last line is for scripts:
 * `report ratios: filtered F×, two-condition T×, cross-tab C×, first after load S s`.
 * BENCH_ROWS (default 100,000 on PGlite, 1,000,000 with DATABASE_URL); BENCH_RUNS timed runs after a warm one (3).
 * Each timed line gives the median and minimum wall time, the median CPU time of this process (the rest is
 * PostgreSQL and waiting for a core) and every run's wall time in the order run.
 * BENCH_KEEP=1 (PostgreSQL) keeps the loaded sheets in database bench_report_<rows> for the next run, which skips the
 * load and starts from the index and rollup dropped (as right after a load); BENCH_KEEP=drop drops it at the end.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ZReportFilter } from '../schemas/api/report';
import { createSubject } from '../schemas/subjects/registry';
import type { Database } from '../server/db/client';
import type { ProjectRow } from '../server/db/rows';
import { buildStatement, crossTab } from '../server/services/report/report.service';
import { reportPlan } from '../server/services/report/report-subjects';
import { filterBitmap, resolveFilter } from '../server/services/report/sheet-index/filter-bitmap';
import { catchUpSheetIndex, withSheetIndex } from '../server/services/report/sheet-index/index-store';
import { factsOf } from '../server/services/report/sheet-index/sheet-index';
import { dropKept, openKeptPostgres, openTestDatabase } from '../tests/helpers/test-db';
import { fillChoiceArrays } from './choice-arrays';

const postgres = Boolean(process.env.DATABASE_URL);
const ROWS = Number(process.env.BENCH_ROWS ?? (postgres ? 1_000_000 : 100_000));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

let k = 0;
const nid = () => `b${k++}`;
const choice = (type: 1 | 2, i: number, n: number) => ({
  ...createSubject(type, { uuid: `q${i}`, indexSort: i, newId: nid }),
  options: Array.from({ length: n }, (_, j) => ({ uuid: `q${i}o${j}`, title: `选项${j + 1}` })),
});
const SINGLES = Array.from({ length: 14 }, (_, i) => choice(1, i + 1, 3 + (i % 4)));
const MULTIPLES = [15, 16, 17].map((i) => choice(2, i, 4 + (i % 2)));
const SUBJECTS = [
  ...SINGLES,
  ...MULTIPLES,
  { ...createSubject(22, { uuid: 'q18', indexSort: 18 }) },
  { ...createSubject(21, { uuid: 'q19', indexSort: 19 }), decimals: 0 },
  { ...createSubject(7, { uuid: 'q20', indexSort: 20 }) },
];

/** A per-sheet, per-subject pseudo-random number (hashint4), so subjects are not in lockstep. */
const h = (i: number) => `(hashint4(g * 31 + ${i}) & 2147483647)`;

/** The answers jsonb of sheet g: every choice and number answered, the text by three sheets in ten. */
function answersSql(): string {
  const parts: string[] = [];
  for (const s of SINGLES)
    parts.push(`'${s.uuid}', jsonb_build_object('optionIds', jsonb_build_array('${s.uuid}o' || ${h(s.indexSort)} % ${s.options.length}))`);
  for (const s of MULTIPLES) {
    const n = s.options.length;
    parts.push(
      `'${s.uuid}', jsonb_build_object('optionIds', (SELECT jsonb_agg('${s.uuid}o' || b) FROM generate_series(0, ${n - 1}) b WHERE (${h(s.indexSort)} >> (b + 3)) & 1 = 1 OR b = ${h(s.indexSort)} % ${n}))`,
    );
  }
  parts.push(`'q18', ${h(18)} % 11`, `'q19', ${h(19)} % 1000`);
  return `jsonb_build_object(${parts.join(', ')}) || CASE WHEN ${h(20)} % 10 < 3 THEN jsonb_build_object('q20', '意见' || ${h(21)} % 50) ELSE '{}'::jsonb END`;
}

async function seedProject(db: Database): Promise<ProjectRow> {
  const [user] = await db.query<{ id: number }>(`INSERT INTO users (public_id, phone, username) VALUES ('bench-report', '19900000002', 'bench') RETURNING id`);
  const [project] = await db.query<ProjectRow>(
    `INSERT INTO projects (public_id, owner_id, question_type, title, status) VALUES ($1, $2, 1, $3, 1) RETURNING *`,
    ['bench-report', user!.id, `报告基准 ${ROWS}`],
  );
  const pid = project!.id;
  for (const s of SUBJECTS)
    await db.query('INSERT INTO subjects (project_id, uuid, subject_type, index_sort, config) VALUES ($1, $2, $3, $4, $5::jsonb)', [
      pid,
      s.uuid,
      s.subjectType,
      s.indexSort,
      JSON.stringify(s),
    ]);
  const keys: [string, string][] = [];
  for (const s of SUBJECTS) {
    keys.push([s.uuid, '']);
    for (const o of (s as { options?: { uuid: string }[] }).options ?? []) keys.push([s.uuid, o.uuid]);
  }
  await db.query('INSERT INTO option_keys (project_id, subject_uuid, option_uuid) SELECT $1, s, o FROM unnest($2::text[], $3::text[]) AS k(s, o)', [
    pid,
    keys.map((x) => x[0]),
    keys.map((x) => x[1]),
  ]);
  const t0 = performance.now();
  // In slices, so PGlite's single WebAssembly heap is not asked for a million rows' choices at once.
  for (let from = 1; from <= ROWS; from += 100_000) await insertSheets(db, pid, from, Math.min(from + 99_999, ROWS));
  await db.query('UPDATE projects SET data_count = $2 WHERE id = $1', [pid, ROWS]);
  if (postgres) await db.query('ANALYZE');
  console.log(`seeded ${ROWS.toLocaleString()} sheets in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return (await db.query<ProjectRow>('SELECT * FROM projects WHERE id = $1', [pid]))[0]!;
}

/** Sheets numbered from..to with their chosen options (choice_subjects, choice_options), as the submit writes them. */
async function insertSheets(db: Database, pid: number, from: number, to: number) {
  const [before] = await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM answer_sheets');
  await db.query(
    `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, device_id, ip, source, answers, result, duration_seconds, created_at)
     SELECT 's-' || g, $1, 'sub-' || g, '', 'd' || g, '127.0.0.1', (ARRAY['link','qr','wechat'])[1 + g % 3], ${answersSql()},
       '{}'::jsonb, 30 + g % 600, now() - make_interval(secs => $3 - g)
     FROM generate_series($2::int, $3::int) g`,
    [pid, from, to],
  );
  await fillChoiceArrays(db, pid, before!.id);
}

const KEEP = postgres ? process.env.BENCH_KEEP : undefined;
const keptName = `bench_report_${ROWS}`;

/** The bench's database and its project: a fresh one loaded now, or (BENCH_KEEP) the kept one with its index dropped. */
async function openLoaded(): Promise<{ db: Database; project: ProjectRow }> {
  if (!KEEP) {
    const db = await openTestDatabase();
    return { db, project: await seedProject(db) };
  }
  const opened = await openKeptPostgres(process.env.DATABASE_URL!, keptName);
  const fresh = opened.fresh;
  let db = opened.database;
  const [kept] = fresh ? [] : await db.query<ProjectRow>(`SELECT * FROM projects WHERE public_id = 'bench-report' AND data_count = $1`, [ROWS]);
  if (!fresh && !kept) {
    // A load that did not finish: start again from the template.
    await db.close();
    await dropKept(process.env.DATABASE_URL!, keptName);
    db = (await openKeptPostgres(process.env.DATABASE_URL!, keptName)).database;
  }
  if (!kept) return { db, project: await seedProject(db) };
  for (const table of ['sheet_index_bitmaps', 'sheet_index_heads', 'report_rollups']) await db.query(`DELETE FROM ${table} WHERE project_id = $1`, [kept.id]);
  console.log(`kept database ${keptName}: load skipped, index and rollup dropped`);
  return { db, project: kept };
}

async function time(label: string, work: () => Promise<unknown>): Promise<number> {
  await work(); // warm
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  const runs = times.map((t) => t.toFixed(0)).join(' ');
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  // This process's CPU (user + sys) beside the wall time: the rest is PostgreSQL's work and waiting for a core.
  console.log(
    `${label.padEnd(66)} median ${median.toFixed(1).padStart(9)} ms   min ${times[0]!.toFixed(1).padStart(9)} ms   cpu ${cpus[cpus.length >> 1]!.toFixed(1).padStart(6)} ms   runs ${runs}`,
  );
  return median;
}

async function once(label: string, work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  console.log(`${label.padEnd(66)} once   ${ms.toFixed(1).padStart(9)} ms`);
  return ms;
}

/** The bare SQL of a filtered report: every option's count among the valid sheets that chose all of `options`. */
const bareFiltered = (db: Database, pid: number, options: number[]) =>
  db.query(
    `SELECT c.option_id, count(*) FROM answer_sheets a CROSS JOIN LATERAL unnest(a.choice_options) AS c(option_id)
     WHERE a.project_id = $1 AND a.status = 1 AND ${options.map((_, i) => `$${i + 2}::int = ANY(a.choice_options)`).join(' AND ')}
     GROUP BY c.option_id`,
    [pid, ...options],
  );

async function main() {
  const load = () => loadavg()[0]!.toFixed(1);
  const { db, project } = await openLoaded();
  console.log(`engine: ${db.engine}; rows: ${ROWS.toLocaleString()}; 20 subjects (14 single, 3 multiple, NPS, number, text); load ${load()}`);
  const pid = project.id;

  // Right after the bulk load: the report is asked at once, before any background job ran.
  const first = await once('first getStatement right after the load (unfiltered)', () => buildStatement(db, project, undefined));
  const chose = (subject: string, option: string) => ({ op: 'chose' as const, subject, option });
  const one = ZReportFilter.parse({ conditions: [chose('q1', 'q1o1')] });
  const two = ZReportFilter.parse({ conditions: [chose('q1', 'q1o1'), chose('q3', 'q3o0')] });
  await once('first filtered getStatement right after the load', () => buildStatement(db, project, one));
  await once('catchUpSheetIndex (what the background job does)', () => catchUpSheetIndex(db, pid));

  const keyId = async (s: string, o: string) =>
    (await db.query<{ id: number }>('SELECT id FROM option_keys WHERE project_id = $1 AND subject_uuid = $2 AND option_uuid = $3', [pid, s, o]))[0]!.id;
  const q1o1 = await keyId('q1', 'q1o1');
  const q3o0 = await keyId('q3', 'q3o0');
  const q1 = await keyId('q1', '');
  const q3 = await keyId('q3', '');

  console.log('');
  const filtered = await time('getStatement filtered (q1 chose option 2)', () => buildStatement(db, project, one));
  const bareOne = await time('bare SQL: same filter, GROUP BY option_id via ANY(choice_options)', () => bareFiltered(db, pid, [q1o1]));
  const twoCond = await time('getStatement two conditions (q1 option 2 and q3 option 1)', () => buildStatement(db, project, two));
  const bareTwo = await time('bare SQL: both filters, GROUP BY option_id via ANY(choice_options)', () => bareFiltered(db, pid, [q1o1, q3o0]));
  const cross = await time('getCrossTab q1 × q3 (unfiltered)', () => crossTab(db, project, 'q1', 'q3', undefined));
  const bareCross = await time('bare SQL: choice_options q1 × q3 GROUP BY the pair', () =>
    db.query(
      `SELECT r.option_id, c.option_id, count(*) FROM answer_sheets a
       CROSS JOIN LATERAL unnest(a.choice_subjects, a.choice_options) AS r(subject_id, option_id)
       CROSS JOIN LATERAL unnest(a.choice_subjects, a.choice_options) AS c(subject_id, option_id)
       WHERE a.project_id = $1 AND a.status = 1 AND r.subject_id = $2 AND c.subject_id = $3 GROUP BY 1, 2`,
      [pid, q1, q3],
    ),
  );
  await time('getStatement unfiltered (after catch-up)', () => buildStatement(db, project, undefined));

  // The bitmap work alone, with the index already in memory: what a request costs once the index is cached.
  const plan = await reportPlan(db.query, project);
  const resolvedOne = (await resolveFilter(db.query, pid, one, plan))!;
  const resolvedTwo = (await resolveFilter(db.query, pid, two, plan))!;
  await withSheetIndex(db, pid, plan, async (index) => {
    const factsFor = async (resolved: typeof resolvedOne) => {
      const set = filterBitmap(index, resolved);
      factsOf(index, set);
      set.dispose();
    };
    await time('index in memory: bitmap + facts, one condition', () => factsFor(resolvedOne));
    await time('index in memory: bitmap + facts, two conditions', () => factsFor(resolvedTwo));
  });
  await db.close();
  if (KEEP === 'drop') await dropKept(process.env.DATABASE_URL!, keptName);

  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.log(`\nload ${load()} at the end (machine shared)`);
  console.log(
    `report ratios: filtered ${ratio(filtered, bareOne)}×, two-condition ${ratio(twoCond, bareTwo)}×, cross-tab ${ratio(cross, bareCross)}×, first after load ${(first / 1000).toFixed(2)} s`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
