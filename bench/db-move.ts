/**
 * The move to PostgreSQL (issue 55, server/db/move/move.ts): rows per second carrying a PGlite DATA_DIR of N answer
 * sheets (default 100,000, two choices each) into a new database on DATABASE_URL's server (dropped after).
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/db-move.ts [sheets]`
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { moveToPostgres } from '../server/db/move/move';
import { loginNewUser, singleChoices } from '../tests/helpers/fixtures';
import { pick, publishProject, submissionId } from '../tests/helpers/publish';
import { openInstall } from '../tests/cluster/move/install';

const SHEETS = Number(process.argv[2] ?? 100_000);
const ADMIN = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function fill(dataDir: string): Promise<void> {
  const t = await openInstall({ dataDir, secret: 'db-move-bench' });
  const owner = await loginNewUser(t);
  const subjects = singleChoices(2);
  const questionId = await publishProject(t, owner.headers, { subjects });
  const answers = { [subjects[0]!.uuid]: pick(subjects[0]!, 0), [subjects[1]!.uuid]: pick(subjects[1]!, 1) };
  await t.call('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'bench', durationSeconds: 30, source: 'link' });
  // The one sheet copied N-1 times (new public and submission ids), its chosen options with it (on the row since 0098).
  const [columns] = await t.database.query<{ list: string }>(
    `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS list FROM pg_attribute
      WHERE attrelid = 'answer_sheets'::regclass AND attnum > 0 AND NOT attisdropped AND attname NOT IN ('id', 'public_id', 'submission_id')`,
  );
  await t.database.query(
    `INSERT INTO answer_sheets (public_id, submission_id, ${columns!.list})
     SELECT s.public_id || '-' || g, s.submission_id || '-' || g, ${columns!.list.replace(/(^|, )/g, '$1s.')}
       FROM answer_sheets s, generate_series(2, $1) g`,
    [SHEETS],
  );
  await t.close();
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-move-bench-'));
  const name = `move_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  try {
    let started = Date.now();
    await fill(dataDir);
    console.log(`filled ${SHEETS} sheets in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN);
    url.pathname = `/${name}`;
    started = Date.now();
    let copyDone = 0;
    const report = await moveToPostgres({ dataDir, targetUrl: url.toString(), onProgress: () => (copyDone = Date.now()) });
    const seconds = (Date.now() - started) / 1000;
    const rows = report.tables.reduce((sum, line) => sum + line.sourceRows, 0);
    console.log(`moved ${rows} rows (${SHEETS} sheets) in ${seconds.toFixed(1)} s: ${Math.round(rows / seconds)} rows/s overall, ok=${report.ok}`);
    console.log(`of which the checks after the copy (FKs, sums on both sides) ${((Date.now() - copyDone) / 1000).toFixed(1)} s`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().then(() => process.exit(0));
