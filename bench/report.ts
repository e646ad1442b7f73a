/**
 * Report bench: N answer sheets inserted in bulk (generate_series, not through the API), then the time of
 * getStatement against the bare SQL GROUP BY on the same data: unfiltered (the first call rolls every sheet
 * up; then TAIL more sheets arrive and the report reads the rollup plus those), and with one answer filter
 * (one pass over the filtered sheets). The unfiltered statement at 10,000 rows is compared with the full size.
 * PGlite: 100,000 rows by default; PostgreSQL (DATABASE_URL): 1,000,000. BENCH_ROWS, BENCH_TAIL override.
 */
import { performance } from 'node:perf_hooks';
import { ZReportFilter } from '../schemas/api/report';
import { createSubject } from '../schemas/subjects/registry';
import type { Database } from '../server/db/client';
import type { ProjectRow } from '../server/db/rows';
import { buildStatement } from '../server/services/report/report.service';
import { openTestDatabase } from '../tests/helpers/test-db';

const postgres = Boolean(process.env.DATABASE_URL);
const FULL = Number(process.env.BENCH_ROWS ?? (postgres ? 1_000_000 : 100_000));
const SMALL = 10_000;
const TAIL = Number(process.env.BENCH_TAIL ?? 500);

let k = 0;
const nid = () => `b${k++}`;
const single = (i: number, n: number) => ({
  ...createSubject(1, { uuid: `q${i}`, indexSort: i, newId: nid }),
  options: Array.from({ length: n }, (_, j) => ({ uuid: `q${i}o${j}`, title: `选项${j + 1}` })),
});
const multiple = (i: number, n: number) => ({
  ...createSubject(2, { uuid: `q${i}`, indexSort: i, newId: nid }),
  options: Array.from({ length: n }, (_, j) => ({ uuid: `q${i}o${j}`, title: `选项${j + 1}` })),
});
const SUBJECTS = [
  single(1, 4),
  multiple(2, 5),
  single(3, 3),
  { ...createSubject(22, { uuid: 'q4', indexSort: 4 }) },
  { ...createSubject(21, { uuid: 'q5', indexSort: 5 }), decimals: 0 },
  single(6, 5),
  single(7, 2),
  multiple(8, 4),
];

async function seedProject(db: Database, label: string, rows: number): Promise<ProjectRow> {
  const [user] = await db.query<{ id: number }>(`INSERT INTO users (public_id, phone, username) VALUES ($1, $2, $1) RETURNING id`, [
    `bench-${label}`,
    `199${String(rows).padStart(8, '0')}`.slice(0, 11),
  ]);
  const [project] = await db.query<ProjectRow>(
    `INSERT INTO projects (public_id, owner_id, question_type, title, status) VALUES ($1, $2, 1, $3, 1) RETURNING *`,
    [`bench-project-${label}`, user!.id, `报告基准 ${rows}`],
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
  await insertSheets(db, label, pid, 1, rows);
  await db.query('UPDATE projects SET data_count = $2 WHERE id = $1', [pid, rows]);
  if (postgres) await db.query('ANALYZE');
  console.log(`seeded ${rows.toLocaleString()} sheets in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return (await db.query<ProjectRow>('SELECT * FROM projects WHERE id = $1', [pid]))[0]!;
}

/** Sheets numbered from..to, with their answer_choices rows, as the submit writes them. */
async function insertSheets(db: Database, label: string, pid: number, from: number, to: number) {
  const [before] = await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM answer_sheets');
  // Deterministic answers from the row number g: single choices by modulo, multiple choices by bits.
  await db.query(
    `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, device_id, ip, source, answers, result, duration_seconds, created_at)
     SELECT 's' || $1::text || '-' || g, $2, 'sub-' || g, '', 'd' || g, '127.0.0.1', (ARRAY['link','qr','wechat'])[1 + g % 3],
       jsonb_build_object(
         'q1', jsonb_build_object('optionIds', jsonb_build_array('q1o' || (g % 4))),
         'q2', jsonb_build_object('optionIds', (SELECT jsonb_agg('q2o' || b) FROM generate_series(0, 4) b WHERE (g >> b) & 1 = 1 OR b = g % 5)),
         'q3', jsonb_build_object('optionIds', jsonb_build_array('q3o' || ((g / 7) % 3))),
         'q4', (g * 7) % 11,
         'q5', (g * 13) % 1000,
         'q6', jsonb_build_object('optionIds', jsonb_build_array('q6o' || ((g / 3) % 5))),
         'q7', jsonb_build_object('optionIds', jsonb_build_array('q7o' || ((g / 11) % 2))),
         'q8', jsonb_build_object('optionIds', (SELECT jsonb_agg('q8o' || b) FROM generate_series(0, 3) b WHERE (g >> (b + 2)) & 1 = 1 OR b = g % 4))),
       '{}'::jsonb, 30 + g % 600, now() - make_interval(secs => g)
     FROM generate_series($3::int, $4::int) g`,
    [label, pid, from, to],
  );
  await db.query(
    `INSERT INTO answer_choices (project_id, subject_id, option_id, sheet_id)
     SELECT a.project_id, ks.id, ko.id, a.id
     FROM answer_sheets a
     CROSS JOIN LATERAL jsonb_each(a.answers) e(subject, value)
     CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(e.value) = 'object' THEN e.value -> 'optionIds' ELSE '[]'::jsonb END) o(option)
     JOIN option_keys ks ON ks.project_id = a.project_id AND ks.subject_uuid = e.subject AND ks.option_uuid = ''
     JOIN option_keys ko ON ko.project_id = a.project_id AND ko.subject_uuid = e.subject AND ko.option_uuid = o.option
     WHERE a.project_id = $1 AND a.id > $2`,
    [pid, before!.id],
  );
}

async function time(label: string, work: () => Promise<unknown>, runs = 5): Promise<number> {
  await work(); // warm
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`${label.padEnd(64)} median ${median.toFixed(1).padStart(9)} ms   min ${times[0]!.toFixed(1).padStart(9)} ms`);
  return median;
}

async function once(label: string, work: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  console.log(`${label.padEnd(64)} once   ${ms.toFixed(1).padStart(9)} ms`);
  return ms;
}

async function main() {
  const db = await openTestDatabase();
  console.log(`engine: ${db.engine}; rows: ${FULL.toLocaleString()} + ${TAIL} (8 subjects: 6 choice, NPS, number)`);
  const small = await seedProject(db, 'small', SMALL);
  const full = await seedProject(db, 'full', FULL);
  const filter = ZReportFilter.parse({ conditions: [{ op: 'chose', subject: 'q1', option: 'q1o1' }] });
  for (const [label, project, rows] of [
    ['small', small, SMALL],
    ['full', full, FULL],
  ] as const) {
    console.log(`\n-- ${rows.toLocaleString()} rows`);
    await once('getStatement unfiltered, first call (rolls every sheet up)', () => buildStatement(db, project, undefined));
    await insertSheets(db, label, project.id, rows + 1, rows + TAIL);
    await db.query('UPDATE projects SET data_count = data_count + $2 WHERE id = $1', [project.id, TAIL]);
    await time(`getStatement unfiltered (rollup + ${TAIL} sheets past it)`, () => buildStatement(db, project, undefined));
    await time('bare SQL: GROUP BY option_id on answer_choices (all rows)', () =>
      db.query('SELECT option_id, count(*) FROM answer_choices WHERE project_id = $1 GROUP BY option_id', [project.id]),
    );
    await time('getStatement filtered ("Q1 chose option 2")', () => buildStatement(db, project, filter), 3);
    const id = (
      await db.query<{ id: number }>(`SELECT id FROM option_keys WHERE project_id = $1 AND subject_uuid = 'q1' AND option_uuid = 'q1o1'`, [project.id])
    )[0]!.id;
    await time(
      'bare SQL: same filter, GROUP BY option_id via EXISTS join',
      () =>
        db.query(
          `SELECT c.option_id, count(*) FROM answer_sheets a JOIN answer_choices c ON c.project_id = a.project_id AND c.sheet_id = a.id
         WHERE a.project_id = $1 AND a.status = 1 AND EXISTS (SELECT 1 FROM answer_choices x WHERE x.project_id = a.project_id AND x.sheet_id = a.id AND x.option_id = $2) GROUP BY c.option_id`,
          [project.id, id],
        ),
      3,
    );
  }
  await db.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
