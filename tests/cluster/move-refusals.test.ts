/**
 * `npm run db:move` (issue 55, server/db/move/move.ts): a PGlite DATA_DIR filled through the app moves into a fresh
 * PostgreSQL database with equal checksums per table, sequences past every id, triggers that did not fire a second
 * time and foreign keys back; the refusals (a server holding the directory, a target not empty, a source behind or
 * ahead of the code, no source) and the dry run write nothing.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { codeMigrations, occupiedBy } from '../../server/db/move/catalog';
import { MoveRefused, moveToPostgres, type MoveOptions, type MoveProgress } from '../../server/db/move/move';
import { loginNewUser, singleChoices } from '../helpers/fixtures';
import { pick, publishProject, submissionId } from '../helpers/publish';
import { createDatabase, waitFor } from './harness';
import { openInstall } from './move/install';

const work = mkdtempSync(path.join(tmpdir(), 'wj-move-'));
const dataDir = path.join(work, 'data');
const drops: (() => Promise<void>)[] = [];

/** A PGlite install with a user, a published project, three answers and two conclusions (whose trigger counts them). */
async function fillSource(dir: string): Promise<void> {
  const t = await openInstall({ dataDir: dir, secret: 'move-refusals' });
  try {
    const owner = await loginNewUser(t);
    const subjects = singleChoices(2);
    const questionId = await publishProject(t, owner.headers, { subjects });
    for (let i = 0; i < 3; i++) {
      const answer = await t.call('active/write/submit', {
        questionId,
        submissionId: submissionId(),
        answers: { [subjects[0]!.uuid]: pick(subjects[0]!, i % 2), [subjects[1]!.uuid]: pick(subjects[1]!, 0) },
        deviceId: `dev-move-${i}`,
        durationSeconds: 30,
        source: 'link',
      });
      if (answer.resultCode !== '200') throw new Error(answer.resultMsg);
    }
    for (let i = 0; i < 2; i++)
      await t.database.query(`INSERT INTO conclusions (public_id, project_id, config) SELECT 'c-move-' || $1, id, '{"名":"结论"}' FROM projects LIMIT 1`, [i]);
  } finally {
    await t.close();
  }
}

/** A copy of the source changed by `edits` (a source behind or ahead of the code, a row without its parent). */
async function editedCopy(name: string, ...edits: string[]): Promise<string> {
  const dir = path.join(work, name);
  cpSync(dataDir, dir, { recursive: true });
  const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
  for (const edit of edits) await database.query(edit);
  await database.close();
  return dir;
}

async function freshTarget(): Promise<string> {
  const { url, drop } = await createDatabase('move');
  drops.push(drop);
  return url;
}

async function onTarget<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function refusal(options: MoveOptions): Promise<string> {
  const error = await moveToPostgres(options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MoveRefused);
  return (error as MoveRefused).reason;
}

beforeAll(async () => {
  await fillSource(dataDir);
});

afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(work, { recursive: true, force: true });
});

describe('moving a PGlite DATA_DIR into PostgreSQL', () => {
  it('copies every table with equal sums, sets sequences past the ids, fires no trigger twice and puts the foreign keys back', async () => {
    const targetUrl = await freshTarget();
    // The target's sessions count PL/pgSQL calls, so a trigger that fired during the copy shows (whatever the order of tables).
    await onTarget(targetUrl, `ALTER DATABASE ${new URL(targetUrl).pathname.slice(1)} SET track_functions = 'pl'`);
    const events: MoveProgress[] = [];
    const source = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const [before] = await source.query<{ version: number; keys: number }>(
      `SELECT (SELECT conclusions_version FROM projects ORDER BY id LIMIT 1) AS version,
              (SELECT count(*)::int FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace) AS keys`,
    );
    const [maxSheet] = await source.query<{ id: number }>('SELECT max(id) AS id FROM answer_sheets');
    await source.close();
    expect(before!.version).toBe(2);

    const report = await moveToPostgres({ dataDir, targetUrl, batchRows: 2, onProgress: (e) => events.push(e) });
    expect(report.tables.filter((line) => !line.equal)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.migration).toBe(codeMigrations().at(-1)!.tag);
    expect(report.uploadsDir).toBe(path.join(dataDir, 'uploads'));
    const sheets = report.tables.find((line) => line.table === 'answer_sheets')!;
    expect([sheets.sourceRows, sheets.targetRows]).toEqual([3, 3]);
    expect(events.filter((e) => e.table === 'answer_sheets').at(-1)).toEqual({ table: 'answer_sheets', copied: 3, total: 3 });

    const [after] = await onTarget<{ version: number; keys: number; disabled: number }>(
      targetUrl,
      `SELECT (SELECT conclusions_version FROM projects ORDER BY id LIMIT 1) AS version,
              (SELECT count(*)::int FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace) AS keys,
              (SELECT count(*)::int FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D') AS disabled`,
    );
    expect(after).toEqual({ version: 2, keys: before!.keys, disabled: 0 });
    const fired = await onTarget<{ calls: string }>(targetUrl, `SELECT calls FROM pg_stat_user_functions WHERE funcname = 'wj_bump_conclusions_version'`);
    expect(fired.map((row) => Number(row.calls))).toEqual([]);
    expect(report.sequences).toBeGreaterThan(0);
    const [next] = await onTarget<{ id: number }>(
      targetUrl,
      `INSERT INTO conclusions (public_id, project_id, config) SELECT 'c-after', id, '{}' FROM projects LIMIT 1 RETURNING id`,
    );
    expect(next!.id).toBe(3);
    const [sheetSeq] = await onTarget<{ id: string }>(targetUrl, `SELECT nextval(pg_get_serial_sequence('answer_sheets', 'id')) AS id`);
    expect(Number(sheetSeq!.id)).toBeGreaterThan(maxSheet!.id);
    // The foreign keys are enforced again.
    await expect(onTarget(targetUrl, `INSERT INTO conclusions (public_id, project_id, config) VALUES ('c-orphan', 999999, '{}')`)).rejects.toThrow(
      /foreign key/,
    );
  });

  it('the dry run checks and counts but writes nothing', async () => {
    const targetUrl = await freshTarget();
    const report = await moveToPostgres({ dataDir, targetUrl, dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.tables.find((line) => line.table === 'answer_sheets')?.sourceRows).toBe(3);
    const target = await openDatabase({ databaseUrl: targetUrl });
    expect(await occupiedBy(target.query)).toEqual([]);
    await target.close();
  });

  it('refuses a target that is not empty, a missing source, and a source behind or ahead of the code', async () => {
    const occupied = await freshTarget();
    await onTarget(occupied, 'CREATE TABLE keep_me (id int)');
    expect(await refusal({ dataDir, targetUrl: occupied })).toBe('target-not-empty');
    expect(await onTarget(occupied, `SELECT to_regclass('drizzle.__drizzle_migrations') AS r`)).toEqual([{ r: null }]);

    const targetUrl = await freshTarget();
    expect(await refusal({ dataDir: path.join(work, 'nothing-here'), targetUrl })).toBe('no-source');
    const behind = await editedCopy('behind', 'DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)');
    expect(await refusal({ dataDir: behind, targetUrl })).toBe('version');
    const ahead = await editedCopy('ahead', `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('${'f'.repeat(64)}', 9999999999999)`);
    expect(await refusal({ dataDir: ahead, targetUrl })).toBe('version');
    expect(await refusal({ dataDir, targetUrl: 'postgres://postgres@127.0.0.1:5432/move_no_such_db' })).toBe('target-unreachable');
    const target = await openDatabase({ databaseUrl: targetUrl });
    expect(await occupiedBy(target.query)).toEqual([]);
    await target.close();
  });

  it('a move that fails midway leaves the target empty, so it can run again', async () => {
    const orphan = await editedCopy(
      'orphan',
      'ALTER TABLE conclusions DISABLE TRIGGER ALL',
      `INSERT INTO conclusions (public_id, project_id, config) VALUES ('c-orphan', 999999, '{}')`,
      'ALTER TABLE conclusions ENABLE TRIGGER ALL',
    );
    const targetUrl = await freshTarget();
    await expect(moveToPostgres({ dataDir: orphan, targetUrl })).rejects.toThrow(/foreign key/);
    const target = await openDatabase({ databaseUrl: targetUrl });
    expect(await occupiedBy(target.query)).toEqual([]);
    expect(await target.query(`SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace`)).toEqual([]);
    await target.close();
  });

  it('refuses while a server holds DATA_DIR', async () => {
    const running = path.join(work, 'running');
    cpSync(dataDir, running, { recursive: true });
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: { ...process.env, DATA_DIR: running, PORT: '3611', HOST: '127.0.0.1', DATABASE_URL: '', DEMO_ACCOUNTS: '0', NODE_ENV: 'test' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => server.once('exit', resolve));
    try {
      await waitFor(async () => (await fetch('http://127.0.0.1:3611/healthz').catch(() => null))?.status === 200, 'server on 3611', 120_000);
      expect(await refusal({ dataDir: running, targetUrl: await freshTarget() })).toBe('server-running');
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
  });

  it('the command prints the table and exits 0', async () => {
    const targetUrl = await freshTarget();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-move.ts'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: targetUrl } });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(out).toMatch(/answer_sheets\s+3\s+3\s+[0-9a-f]{16}\s+✓/);
    expect(out).toContain(`Uploaded files stay in ${path.join(dataDir, 'uploads')}`);
    expect(code).toBe(0);
  });
});
