/**
 * bench/submit-statement: what one wj_submit_many statement costs PostgreSQL, per statement and per sheet, by the
 * number of sheets it carries (BENCH_SIZES, default 1,2,5,10,20). One sheet is submitted through the app, as a
 * respondent's would be; its stored row is the template of every sheet sent here (fresh ids each), as the batcher
 * sends them (submit-batch.service.ts manyParams), one prepared statement at a time on one connection. The backend's
 * user and system CPU come from /proc, so Node's side is not in the figures. PostgreSQL only (DATABASE_URL).
 * Issue 54: the fixed part of a statement is what a larger batch spreads out; bench/submit prints the batch sizes
 * its load makes. Run: node --import tsx bench/submit-statement.ts
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { COUNTER_SHARDS } from '../server/services/answers/answer-store.service';
import { manyParams, type SubmitArgs } from '../server/services/submit/submit-batch.service';
import { plainSubmitArgs } from '../tests/helpers/submit-args';
import { benchProject } from './submit-project';

const SIZES = (process.env.BENCH_SIZES ?? '1,2,5,10,20').split(',').map(Number);
/** Sheets sent at each size (after 50 statements of warm-up). */
const SHEETS = Number(process.env.BENCH_SHEETS ?? 4000);

interface StoredSheet {
  project_id: number;
  version: number;
  stamp: string;
  body_hash: string;
  device_id: string;
  ip: string;
  source: string;
  answers: unknown;
  result: unknown;
  duration_seconds: number;
  choice_subjects: number[];
  choice_options: number[];
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) {
    console.log('bench/submit-statement: PostgreSQL only (its backend CPU from /proc); set DATABASE_URL. Skipped.');
    return;
  }
  const database = await openDatabase({ databaseUrl: url });
  await migrateDatabase(database);
  const project = await benchProject(database, {});
  const app = await buildApp({ database, clientDir: '/nonexistent', env: { NODE_ENV: 'development' } });
  const submitted = await app.inject({
    method: 'POST',
    url: '/api/active/write/submit',
    headers: { 'content-type': 'application/json' },
    payload: project.body.replace('[<id>]', 'template'),
  });
  if (submitted.json<{ resultCode: string }>().resultCode !== '200') throw new Error(`the template sheet was refused: ${submitted.body}`);
  const [row] = await database.query<StoredSheet>(
    `SELECT a.project_id, p.version, p.conclusions_version::text AS stamp, a.body_hash, a.device_id, a.ip, a.source, a.answers, a.result,
            a.duration_seconds, a.choice_subjects, a.choice_options
     FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1`,
    [project.questionId],
  );
  await app.close();
  await database.close();

  let seq = 0;
  const run = `${Date.now().toString(36)}`;
  const sheet = (): SubmitArgs => {
    seq += 1;
    return plainSubmitArgs({
      project: row!.project_id,
      version: row!.version,
      stamp: row!.stamp,
      publicId: `st${run}${seq}`.slice(-16),
      submission: `statement-${run}-${seq}`,
      hash: row!.body_hash,
      device: row!.device_id,
      ip: row!.ip,
      source: row!.source,
      answers: row!.answers,
      result: row!.result,
      duration: row!.duration_seconds,
      subjectIds: row!.choice_subjects,
      optionIds: row!.choice_options,
      shards: COUNTER_SHARDS,
    });
  };

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
  const ticks = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 }; // ms at 100 ticks a second
  };
  const statement = { name: 'bench_submit_many', text: 'SELECT i, outcome, replay, envelope, err_message, err_detail FROM wj_submit_many($1::jsonb)' };
  const send = async (n: number) => {
    const { rows } = await client.query<{ outcome: string }>({ ...statement, values: manyParams(Array.from({ length: n }, sheet)) });
    if (rows.some((r) => r.outcome !== 'ok')) throw new Error(`a sheet was not stored: ${rows.map((r) => r.outcome).join(', ')}`);
  };
  console.log(`engine: postgres, one connection, one statement at a time, 20-subject sheets, ${SHEETS} sheets a size`);
  for (const n of SIZES) {
    for (let i = 0; i < 50; i++) await send(n);
    const statements = Math.max(50, Math.round(SHEETS / n));
    const before = ticks();
    const started = performance.now();
    for (let i = 0; i < statements; i++) await send(n);
    const after = ticks();
    const user = (after.user - before.user) / statements;
    const system = (after.system - before.system) / statements;
    console.log(
      `${String(n).padStart(2)} sheets a statement: backend ${user.toFixed(3)} ms user + ${system.toFixed(3)} ms system a statement, ` +
        `${((user + system) / n).toFixed(3)} ms a sheet; wall ${((performance.now() - started) / statements).toFixed(2)} ms a statement`,
    );
  }
  await client.end();
}

void main();
