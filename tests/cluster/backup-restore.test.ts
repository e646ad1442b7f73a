import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { subjectEntry } from '../../schemas/subjects/registry';
import { ArchiveReader } from '../../server/db/backup/archive-read';
import { runBackup } from '../../server/db/backup/backup';
import { MANIFEST_ENTRY, parseManifest, POSTGRES_ENTRY } from '../../server/db/backup/manifest';
import { runRestore } from '../../server/db/backup/restore';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { databaseSums, type TableSum } from '../../server/db/move/catalog';
import { ADMIN_URL, waitFor } from './harness';

/**
 * `npm run backup` / `npm run restore` on PostgreSQL (pg_dump / pg_restore of a fresh database, restored into
 * another), and a RUNNING PGlite server backed up through its own dump (SIGUSR2, server/db/backup/serve-dump.ts),
 * restored into a new DATA_DIR with equal sums.
 */
const root = mkdtempSync(path.join(tmpdir(), 'wj-backup-cluster-'));
const dropped: string[] = [];
const PORT = 3621;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<string> {
  const name = `backup_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  dropped.push(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function sumsOf(options: { databaseUrl?: string; dataDir?: string }): Promise<TableSum[]> {
  const database = await openDatabase(options);
  try {
    return await databaseSums(database);
  } finally {
    await database.close();
  }
}

afterAll(async () => {
  await admin(async (c) => {
    for (const name of dropped) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  });
  rmSync(root, { recursive: true, force: true });
});

describe('backup and restore on PostgreSQL', () => {
  it('round-trips a database with equal sums and the upload files, and refuses a database that is not empty', async () => {
    const source = await freshDatabase();
    const database = await openDatabase({ databaseUrl: source });
    await migrateDatabase(database);
    await database.query(
      `INSERT INTO users (public_id, phone, username, created_at) VALUES ('p1', '13800000001', '甲', '2026-12-06T08:00:00+08'), ('p2', '13800000002', 'O''Brien', now())`,
    );
    await database.query(`INSERT INTO uploads (name, original_name, mime, size) VALUES ('a.png', 'a.png', 'image/png', 3)`);
    await database.close();
    const dataDir = path.join(root, 'pg-source');
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'a.png'), 'png');
    const { file, manifest } = await runBackup({ dataDir, databaseUrl: source, outDir: path.join(root, 'pg-backups') });
    expect(path.basename(file)).toMatch(/^wenjuan-postgres-\d{8}-\d{6}\.zip$/);
    expect(manifest.tables).toEqual(await sumsOf({ databaseUrl: source }));
    expect(manifest.tables.find((t) => t.table === 'users')!.rows).toBe(2);
    const reader = await ArchiveReader.open(file);
    expect(reader.names().sort()).toEqual([POSTGRES_ENTRY, MANIFEST_ENTRY, 'uploads/a.png']);
    expect(parseManifest((await reader.readBytes(MANIFEST_ENTRY)).toString(), file).engine).toBe('postgres');

    const target = await freshDatabase();
    const targetDir = path.join(root, 'pg-target');
    const result = await runRestore({ archive: file, dataDir: targetDir, databaseUrl: target });
    expect(result.differing).toEqual([]);
    expect(await sumsOf({ databaseUrl: target })).toEqual(await sumsOf({ databaseUrl: source }));
    expect(readFileSync(path.join(targetDir, 'uploads', 'a.png'), 'utf8')).toBe('png');
    // New ids continue past the restored ones (the sequences came back with the rows).
    const restored = await openDatabase({ databaseUrl: target });
    const [next] = await restored.query<{ id: number }>(`INSERT INTO users (public_id, phone, username) VALUES ('p3', '13800000003', '丙') RETURNING id`);
    await restored.close();
    expect(next!.id).toBe(3);

    await expect(runRestore({ archive: file, dataDir: path.join(root, 'pg-third'), databaseUrl: target })).rejects.toThrow(
      /is not empty \(it holds drizzle\.__drizzle_migrations/,
    );
  }, 180_000);
});

async function post<T>(call: string, body: unknown, token?: string): Promise<{ resultCode: string; data: T }> {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return response.json() as Promise<{ resultCode: string; data: T }>;
}

const npmScript = (script: string, args: string[], env: NodeJS.ProcessEnv) =>
  spawnSync('node', ['--import', 'tsx', script, ...args], { env: { ...process.env, DATABASE_URL: '', ...env }, encoding: 'utf8', timeout: 170_000 });

describe('backup of a running PGlite server', () => {
  it('is its own dump, taken while it serves, and restores into a new DATA_DIR with equal sums', async () => {
    const dataDir = path.join(root, 'live');
    const server: ChildProcess = spawn('node', ['--import', 'tsx', 'server/start.ts'], {
      env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'error' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => server.once('exit', resolve));
    try {
      await waitFor(async () => (await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok, 'the PGlite server', 150_000);
      const token = (await post<{ token: string }>('activity/user/userNameLogin', { userName: '13800138000', password: 'demo1234' })).data.token;
      let option = 0;
      const subject = subjectEntry(1).create({ uuid: 'bk-q1', indexSort: 1, newId: () => `bk-o${++option}` });
      const { questionId } = (
        await post<{ questionId: string }>('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '备份', subjects: [subject] }, token)
      ).data;
      expect((await post('activity/question/getQuestionStatus', { questionId, status: 1 }, token)).resultCode).toBe('200');
      const submitted = await post('active/write/submit', {
        questionId,
        submissionId: 'backup-before-1',
        deviceId: 'backup-device-1',
        durationSeconds: 5,
        answers: { 'bk-q1': { optionIds: ['bk-o1'] } },
      });
      expect(submitted.resultCode).toBe('200');

      const out = path.join(root, 'live-backups');
      const backup = npmScript('scripts/backup.ts', ['--out', out, '--keep', '3'], { DATA_DIR: dataDir });
      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);
      // The server kept serving, and what it takes after the backup is not in it.
      const later = await post('activity/question/saveOrUpdateWxQuestion', { questionType: 1, title: '备份之后', subjects: [] }, token);
      expect(later.resultCode).toBe('200');
      const [archive] = readdirSync(out);
      expect(archive).toMatch(/^wenjuan-pglite-\d{8}-\d{6}\.zip$/);

      const restoredDir = path.join(root, 'restored');
      const restore = npmScript('scripts/restore.ts', [path.join(out, archive!)], { DATA_DIR: restoredDir });
      expect(restore.stdout).toContain('Every table matches the backup.');
      expect(restore.status).toBe(0);
      server.kill('SIGTERM');
      await exited;
      const restored = await sumsOf({ dataDir: path.join(restoredDir, 'pglite') });
      const live = await sumsOf({ dataDir: path.join(dataDir, 'pglite') });
      const rowsOf = (sums: TableSum[], table: string) => sums.find((t) => t.table === table)!.rows;
      expect(rowsOf(restored, 'projects')).toBe(rowsOf(live, 'projects') - 1);
      expect(rowsOf(restored, 'answer_sheets')).toBeGreaterThan(0);
      const untouched = (sums: TableSum[]) => sums.filter((t) => t.table === 'answer_sheets' || t.table === 'users');
      expect(untouched(restored)).toEqual(untouched(live));
    } finally {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
      await exited;
    }
  }, 240_000);
});
