/**
 * Issue 52 (helper analysis): the built-in analysis of a report (reportSummary: the statement, 45 cross-tabs with
 * their chi-square tests, answered counts, suspect share, themes) for projects of 1,000 and 10,000 sheets inserted
 * in bulk (generate_series, not through the API), beside getStatement alone (what the report page itself costs)
 * and beside the 45 cross-tabs asked one by one as the report's getCrossTab does (the naive way to the same counts).
 * PGlite by default; PostgreSQL with DATABASE_URL. `npx tsx bench/ai-analysis.ts`; BENCH_SIZES=1000,10000 overrides.
 */
import { performance } from 'node:perf_hooks';
import { createSubject } from '../schemas/subjects/registry';
import type { Database } from '../server/db/client';
import type { ProjectRow } from '../server/db/rows';
import { reportSummary } from '../server/services/ai/analysis/report-summary';
import { buildStatement, crossTab } from '../server/services/report/report.service';
import { openTestDatabase } from '../tests/helpers/test-db';
import { fillChoiceArrays } from './choice-arrays';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);
const CHOICES = 10;
let k = 0;
const nid = () => `b${k++}`;
const single = (i: number, n: number) => ({
  ...createSubject(1, { uuid: `q${i}`, indexSort: i, newId: nid }),
  options: Array.from({ length: n }, (_, j) => ({ uuid: `q${i}o${j}`, title: `选项${j + 1}` })),
});
const CHOICE_SUBJECTS = Array.from({ length: CHOICES }, (_, i) => single(i + 1, 2 + (i % 4)));
const SUBJECTS = [...CHOICE_SUBJECTS, { ...createSubject(7, { uuid: 'qt', indexSort: CHOICES + 1, newId: nid }), required: false }];
const TEXTS = ['希望减少加班', '食堂饭菜一般', '加班太多', '培训机会少', '希望涨薪', '通勤太远', '加班费按时发'];

async function seed(db: Database, rows: number): Promise<ProjectRow> {
  const [user] = await db.query<{ id: number }>(`INSERT INTO users (public_id, phone, username) VALUES ($1, $2, $1) RETURNING id`, [
    `bench-ai-${rows}`,
    `198${String(rows).padStart(8, '0')}`.slice(0, 11),
  ]);
  const [project] = await db.query<ProjectRow>(
    `INSERT INTO projects (public_id, owner_id, question_type, title, status) VALUES ($1, $2, 1, $3, 1) RETURNING *`,
    [`bench-ai-${rows}`, user!.id, `AI 分析基准 ${rows}`],
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
  const keys = SUBJECTS.flatMap((s) => [[s.uuid, ''], ...((s as { options?: { uuid: string }[] }).options ?? []).map((o) => [s.uuid, o.uuid])]);
  await db.query('INSERT INTO option_keys (project_id, subject_uuid, option_uuid) SELECT $1, s, o FROM unnest($2::text[], $3::text[]) AS k(s, o)', [
    pid,
    keys.map((x) => x[0]),
    keys.map((x) => x[1]),
  ]);
  // Choice i answers option (g / (i + 1)) mod n, so some pairs depend on each other; every third sheet writes a text.
  const answers = CHOICE_SUBJECTS.map(
    (s, i) => `'${s.uuid}', jsonb_build_object('optionIds', jsonb_build_array('${s.uuid}o' || ((g / ${i + 1}) % ${s.options.length})))`,
  ).join(', ');
  await db.query(
    `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, device_id, ip, source, answers, result, duration_seconds, created_at, suspect)
     SELECT 'ai' || $1::text || '-' || g, $1::int, 'sub-' || g, '', 'd' || g, '127.0.0.1', 'link',
       jsonb_build_object(${answers}) || CASE WHEN g % 3 = 0 THEN jsonb_build_object('qt', ($3::text[])[1 + g % ${TEXTS.length}]) ELSE '{}'::jsonb END,
       '{}'::jsonb, 30 + g % 600, now() - make_interval(secs => g), g % 17 = 0
     FROM generate_series(1, $2::int) g`,
    [pid, rows, TEXTS],
  );
  await fillChoiceArrays(db, pid);
  await db.query('UPDATE projects SET data_count = $2 WHERE id = $1', [pid, rows]);
  if (db.engine === 'postgres') await db.query('ANALYZE');
  return (await db.query<ProjectRow>('SELECT * FROM projects WHERE id = $1', [pid]))[0]!;
}

async function time(label: string, work: () => Promise<unknown>, runs = 5): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`${label.padEnd(62)} median ${median.toFixed(1).padStart(8)} ms   min ${times[0]!.toFixed(1).padStart(8)} ms`);
  return median;
}

async function main() {
  const db = await openTestDatabase();
  console.log(`engine: ${db.engine}; ${CHOICES} single choices (45 pairs) and one optional text subject`);
  for (const rows of SIZES) {
    const project = await seed(db, rows);
    console.log(`\n-- ${rows.toLocaleString()} sheets`);
    const summary = await reportSummary(db, project);
    const kinds = summary.findings.reduce<Record<string, number>>((m, f) => ({ ...m, [f.kind]: (m[f.kind] ?? 0) + 1 }), {});
    console.log(`findings: ${JSON.stringify(kinds)}; charts: ${summary.charts.length}`);
    await time('reportSummary (built-in analysis, whole)', () => reportSummary(db, project));
    await time('getStatement alone (the report page)', () => buildStatement(db, project, undefined));
    const uuids = CHOICE_SUBJECTS.map((s) => s.uuid);
    await time(
      'naive: 45 getCrossTab calls one by one',
      async () => {
        for (let i = 0; i < uuids.length; i++) for (let j = i + 1; j < uuids.length; j++) await crossTab(db, project, uuids[i]!, uuids[j]!, undefined);
      },
      3,
    );
  }
  await db.close();
}

void main();
