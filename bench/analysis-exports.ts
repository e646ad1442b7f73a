/**
 * Issue 53 analysis exports: the SPSS .sav (two passes over the sheets), the long-format CSV and the codebook of
 * N bulk-inserted sheets × 20 subjects (6 single, 4 multiple, 4 text, 3 NPS, 3 matrix single of 3 rows), beside the
 * wide CSV export of the same sheets. Prints time and size. PGlite by default, PostgreSQL with DATABASE_URL;
 * BENCH_ROWS overrides the 10,000 sheets. Run: `node --import tsx bench/analysis-exports.ts`.
 */
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { createSubject, type TSubject } from '../schemas/subjects/registry';
import type { ProjectRow } from '../server/db/rows';
import { writeCodebook } from '../server/services/report/analysis/analysis-codebook';
import { writeLongCsv } from '../server/services/report/analysis/analysis-long';
import { writeSav } from '../server/services/report/analysis/analysis-sav';
import { writeCsv } from '../server/services/report/report-export';
import { openTestDatabase } from '../tests/helpers/test-db';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
let k = 0;
const nid = () => `b${k++}`;
const opts = (p: string, n: number) => Array.from({ length: n }, (_, j) => ({ uuid: `${p}o${j}`, title: `${p} 选项${j + 1}` }));

function subjects(): TSubject[] {
  const out: TSubject[] = [];
  let i = 0;
  const add = (type: 1 | 2 | 6 | 11 | 22, extra: object) => {
    i += 1;
    out.push({ ...createSubject(type, { uuid: `q${i}`, indexSort: i, newId: nid }), title: `第${i}题`, required: false, ...extra } as TSubject);
  };
  for (let j = 0; j < 6; j++) add(1, { options: opts(`q${i + 1}`, 4) });
  for (let j = 0; j < 4; j++) add(2, { options: opts(`q${i + 1}`, 5) });
  for (let j = 0; j < 4; j++) add(6, {});
  for (let j = 0; j < 3; j++) add(22, {});
  for (let j = 0; j < 3; j++) add(11, { rows: opts(`q${i + 1}r`, 3), columns: opts(`q${i + 1}c`, 5) });
  return out;
}

/** The answers JSON of sheet g, built in SQL. */
function answersSql(list: TSubject[]): string {
  const parts = list.map((s) => {
    const id = s.uuid;
    if (s.subjectType === 1) return `'${id}', jsonb_build_object('optionIds', jsonb_build_array('${id}o' || (g % 4)))`;
    if (s.subjectType === 2) return `'${id}', jsonb_build_object('optionIds', jsonb_build_array('${id}o' || (g % 5), '${id}o' || ((g + 2) % 5)))`;
    if (s.subjectType === 6) return `'${id}', '第 ' || g || ' 份的回答：服务很好，价格合适'`;
    if (s.subjectType === 22) return `'${id}', (g * 7) % 11`;
    return `'${id}', jsonb_build_object('${id}ro0', '${id}co' || (g % 5), '${id}ro1', '${id}co' || ((g + 1) % 5), '${id}ro2', '${id}co' || ((g + 3) % 5))`;
  });
  return `jsonb_build_object(${parts.join(', ')})`;
}

class Counter extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.bytes += chunk.length;
    done();
  }
}

async function measure(label: string, work: (out: Counter) => Promise<void>): Promise<void> {
  const out = new Counter();
  const finished = new Promise((resolve) => out.on('finish', resolve));
  const t0 = performance.now();
  await work(out);
  await finished;
  const ms = performance.now() - t0;
  console.log(
    `${label.padEnd(40)} ${(ms / 1000).toFixed(2).padStart(7)} s ${(out.bytes / 1024 / 1024).toFixed(2).padStart(8)} MB ${((ROWS / ms) * 1000).toFixed(0).padStart(8)} sheets/s`,
  );
}

async function main() {
  const db = await openTestDatabase();
  const list = subjects();
  console.log(`engine: ${db.engine}; sheets: ${ROWS.toLocaleString()}; subjects: ${list.length}`);
  const [user] = await db.query<{ id: number }>(`INSERT INTO users (public_id, phone, username) VALUES ('bench-ae', '19900000053', 'bench') RETURNING id`);
  const [project] = await db.query<ProjectRow>(
    `INSERT INTO projects (public_id, owner_id, question_type, title, status) VALUES ('bench-ae', $1, 1, '分析导出基准', 1) RETURNING *`,
    [user!.id],
  );
  for (const s of list)
    await db.query('INSERT INTO subjects (project_id, uuid, subject_type, index_sort, config) VALUES ($1, $2, $3, $4, $5::jsonb)', [
      project!.id,
      s.uuid,
      s.subjectType,
      s.indexSort,
      JSON.stringify(s),
    ]);
  await db.query(
    `INSERT INTO answer_sheets (public_id, project_id, submission_id, body_hash, device_id, ip, source, answers, result, duration_seconds)
     SELECT 'ae-' || g, $1, 'sub-' || g, '', 'd' || g, '127.0.0.1', 'link', ${answersSql(list)}, '{}'::jsonb, 30 + g % 600
     FROM generate_series(1, $2::int) g`,
    [project!.id, ROWS],
  );
  await db.query('UPDATE projects SET data_count = $2 WHERE id = $1', [project!.id, ROWS]);
  const p = project!;
  await measure('wide CSV (existing export)', (out) =>
    writeCsv(db.query, p, { questionId: p.public_id, userId: user!.id, format: 'csv', mode: 'subject', expires: 0 }, '', out),
  );
  await measure('SPSS .sav (two passes)', (out) => writeSav(db.query, p, undefined, out, ROWS));
  await measure('long CSV', (out) => writeLongCsv(db.query, p, undefined, out, ROWS));
  await measure('codebook (.xlsx)', (out) => writeCodebook(db.query, p, out));
  await db.close?.();
}

void main();
