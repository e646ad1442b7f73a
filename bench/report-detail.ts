/**
 * Data detail bench: the keyset pages of getDataDetail (first page, and a page 50 % down the list reached by
 * its cursor) and the sheet page's previous / next, against the OFFSET query they replace, on N bulk-inserted
 * sheets. PGlite: 100,000 rows by default; PostgreSQL (DATABASE_URL): 1,000,000. BENCH_ROWS overrides.
 */
import { performance } from 'node:perf_hooks';
import { createSubject } from '../schemas/subjects/registry';
import type { ProjectRow } from '../server/db/rows';
import { dataDetail, encodeCursor, sheetDetail, type DetailView } from '../server/services/report/report-detail';
import { openTestDatabase } from '../tests/helpers/test-db';

const postgres = Boolean(process.env.DATABASE_URL);
const ROWS = Number(process.env.BENCH_ROWS ?? (postgres ? 1_000_000 : 100_000));
const PAGE = 100;

let k = 0;
const nid = () => `b${k++}`;
const SUBJECTS = [
  { ...createSubject(1, { uuid: 'q1', indexSort: 1, newId: nid }), options: [0, 1, 2, 3].map((j) => ({ uuid: `q1o${j}`, title: `选项${j + 1}` })) },
  { ...createSubject(22, { uuid: 'q2', indexSort: 2 }) },
  { ...createSubject(6, { uuid: 'q3', indexSort: 3 }), required: false },
];

async function time(label: string, work: () => Promise<unknown>, runs = 5): Promise<void> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(66)} median ${times[Math.floor(runs / 2)]!.toFixed(1).padStart(8)} ms   min ${times[0]!.toFixed(1).padStart(8)} ms`);
}

async function main() {
  const db = await openTestDatabase();
  console.log(`engine: ${db.engine}; rows: ${ROWS.toLocaleString()}; page: ${PAGE}`);
  const [user] = await db.query<{ id: number }>(`INSERT INTO users (public_id, phone, username) VALUES ('bench-detail', '19900000001', 'bench') RETURNING id`);
  const [project] = await db.query<ProjectRow>(
    `INSERT INTO projects (public_id, owner_id, question_type, title, status) VALUES ('bench-detail', $1, 1, '明细基准', 1) RETURNING *`,
    [user!.id],
  );
  for (const s of SUBJECTS)
    await db.query('INSERT INTO subjects (project_id, uuid, subject_type, index_sort, config) VALUES ($1, $2, $3, $4, $5::jsonb)', [
      project!.id,
      s.uuid,
      s.subjectType,
      s.indexSort,
      JSON.stringify(s),
    ]);
  const t0 = performance.now();
  // Submit times run backwards against ids (as after an import), so created_at order is not id order.
  await db.query(
    `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, device_id, ip, source, answers, result, duration_seconds, created_at)
     SELECT 'd-' || g, $1, 'sub-' || g, '', 'd' || g, '127.0.0.1', (ARRAY['link','qr','wechat'])[1 + g % 3],
       jsonb_build_object('q1', jsonb_build_object('optionIds', jsonb_build_array('q1o' || (g % 4))), 'q2', (g * 7) % 11, 'q3', '第 ' || g || ' 份的建议'),
       '{}'::jsonb, 30 + g % 600, now() - make_interval(secs => g)
     FROM generate_series(1, $2::int) g`,
    [project!.id, ROWS],
  );
  if (postgres) await db.query('ANALYZE answer_sheets');
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  const middle = Math.floor(ROWS / 2);
  for (const view of [
    { sort: 'createTime', order: 'desc' },
    { sort: 'duration', order: 'asc' },
  ] as DetailView[]) {
    const col = view.sort === 'createTime' ? 'created_at' : 'duration_seconds';
    const dir = view.order === 'asc' ? 'ASC' : 'DESC';
    const [row] = await db.query<{ id: number; public_id: string; k: string | number }>(
      `SELECT id, public_id, ${view.sort === 'createTime' ? `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : col} AS k
       FROM answer_sheets WHERE project_id = $1 AND status = 1 ORDER BY ${col} ${dir}, id ${dir} OFFSET ${middle - 1} LIMIT 1`,
      [project!.id],
    );
    const cursor = encodeCursor(view, view.sort === 'createTime' ? String(row!.k) : Number(row!.k), row!.id);
    console.log(`-- sort ${view.sort} ${view.order}`);
    await time('getDataDetail first page (with the total)', () => dataDetail(db, project!, { ...view, pageSize: PAGE }));
    await time(`getDataDetail page at row ${middle.toLocaleString()} (keyset cursor)`, () => dataDetail(db, project!, { ...view, pageSize: PAGE, cursor }));
    await time(`bare SQL: the same page by OFFSET ${middle.toLocaleString()}`, () =>
      db.query(`SELECT * FROM answer_sheets a WHERE a.project_id = $1 AND a.status = 1 ORDER BY ${col} ${dir}, id ${dir} LIMIT ${PAGE} OFFSET ${middle}`, [
        project!.id,
      ]),
    );
    await time('getAnswerSheetDetail with previous / next in this order', () => sheetDetail(db.query, project!, row!.public_id, view));
  }
  await db.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
