import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { ArchiveReader } from '../../../server/db/backup/archive-read';
import { ArchiveWriter } from '../../../server/db/backup/archive-write';
import { ARCHIVE_NAME, runBackup } from '../../../server/db/backup/backup';
import { MANIFEST_ENTRY, parseManifest, PGLITE_ENTRY } from '../../../server/db/backup/manifest';
import { pruneArchives } from '../../../server/db/backup/retention';
import { runRestore, sumsTable } from '../../../server/db/backup/restore';
import { codeMigrations, databaseSums } from '../../../server/db/move/catalog';
import { openTestDatabase } from '../../helpers/test-db';

/**
 * `npm run backup` / `npm run restore` on the embedded database (the PostgreSQL round trip, and a running server's own
 * dump, are tests/cluster/backup-restore.test.ts): a DATA_DIR with rows and an upload file, backed up and restored
 * into another DATA_DIR, gives equal sums and the file back.
 */
const root = mkdtempSync(path.join(tmpdir(), 'wj-backup-'));
const source = path.join(root, 'source');
const PHOTO = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251));
const NOTE = Buffer.from('plain text compresses\n'.repeat(2000));
let archive: string;

async function sumsIn(dataDir: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    return await databaseSums(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  // A migrated database with rows, written into source/pglite as a server would leave it. This file is about the
  // embedded database on either lane, so the PostgreSQL lane's DATABASE_URL is set aside for the copy.
  const url = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const memory: Database = await openTestDatabase().finally(() => url !== undefined && (process.env.DATABASE_URL = url));
  await memory.query(`INSERT INTO users (public_id, phone, username) VALUES ('p1', '13800000001', '甲'), ('p2', '13800000002', 'O''Brien')`);
  await memory.query(`INSERT INTO uploads (name, original_name, mime, size) VALUES ('a.jpg', '照片.jpg', 'image/jpeg', ${PHOTO.length})`);
  const dump = await memory.dump!('gzip');
  await memory.close();
  const disk = await openDatabase({ dataDir: path.join(source, 'pglite'), loadDataDir: dump });
  await disk.close();
  mkdirSync(path.join(source, 'uploads'));
  writeFileSync(path.join(source, 'uploads', 'a.jpg'), PHOTO);
  writeFileSync(path.join(source, 'uploads', 'b.txt'), NOTE);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('backup and restore of a PGlite DATA_DIR', () => {
  it('writes a dated archive whose manifest holds the sums, migrations and uploads', async () => {
    const result = await runBackup({ dataDir: source, outDir: path.join(root, 'backups'), now: new Date('2026-12-06T07:08:09Z') });
    archive = result.file;
    expect(path.basename(archive)).toBe('wenjuan-pglite-20261206-070809.zip');
    expect(ARCHIVE_NAME.test(path.basename(archive))).toBe(true);
    const reader = await ArchiveReader.open(archive);
    expect(reader.names().sort()).toEqual([PGLITE_ENTRY, MANIFEST_ENTRY, 'uploads/a.jpg', 'uploads/b.txt']);
    // Already compressed files are stored; text is deflated.
    expect(reader.entries.get('uploads/a.jpg')!.method).toBe(0);
    expect(reader.entries.get('uploads/b.txt')!.method).toBe(8);
    expect(reader.entries.get('uploads/b.txt')!.compressedSize).toBeLessThan(NOTE.length / 10);
    const manifest = parseManifest((await reader.readBytes(MANIFEST_ENTRY)).toString(), archive);
    expect(manifest).toMatchObject({ engine: 'pglite', uploads: { files: 2, bytes: PHOTO.length + NOTE.length }, database: PGLITE_ENTRY });
    expect(manifest.tables).toEqual(await sumsIn(source));
    expect(manifest.tables.find((t) => t.table === 'users')!.rows).toBe(2);
    expect(manifest.migrations.map((m) => m.hash)).toEqual(codeMigrations().map((m) => m.hash));
    expect(manifest.codeMigration).toBe(codeMigrations().at(-1)!.tag);
    expect(readdirSync(path.join(root, 'backups'))).toEqual([path.basename(archive)]);
    expect(existsSync(path.join(source, 'wenjuan.lock'))).toBe(false);
  }, 120_000);

  it('restores into another DATA_DIR with equal sums and the files back', async () => {
    const target = path.join(root, 'target');
    const result = await runRestore({ archive, dataDir: target });
    expect(result.differing).toEqual([]);
    expect(result.uploads).toBe(2);
    expect(await sumsIn(target)).toEqual(result.manifest.tables);
    expect(readFileSync(path.join(target, 'uploads', 'a.jpg')).equals(PHOTO)).toBe(true);
    expect(readFileSync(path.join(target, 'uploads', 'b.txt')).equals(NOTE)).toBe(true);
  }, 120_000);

  it('refuses a DATA_DIR that holds a database, or upload files', async () => {
    await expect(runRestore({ archive, dataDir: source })).rejects.toThrow(/uploads holds files already/);
    rmSync(path.join(source, 'uploads'), { recursive: true });
    await expect(runRestore({ archive, dataDir: source })).rejects.toThrow(/pglite holds a database already/);
    expect(await sumsIn(source)).toEqual(await sumsIn(path.join(root, 'target')));
  }, 120_000);

  it('refuses the archive on PostgreSQL, pointing to db:move', async () => {
    await expect(runRestore({ archive, dataDir: path.join(root, 'other'), databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(
      /npm run db:move/,
    );
  });

  it('refuses a PostgreSQL archive in a PGlite DATA_DIR', async () => {
    const other = path.join(root, 'wenjuan-postgres-20261206-000000.zip');
    const manifest = { ...parseManifest((await (await ArchiveReader.open(archive)).readBytes(MANIFEST_ENTRY)).toString(), archive), engine: 'postgres' };
    const writer = new ArchiveWriter(other);
    await writer.addBytes(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)), true);
    await writer.finish();
    await expect(runRestore({ archive: other, dataDir: path.join(root, 'fourth') })).rejects.toThrow(/backup of a PostgreSQL database: set DATABASE_URL/);
    expect(existsSync(path.join(root, 'fourth'))).toBe(false);
  });

  it('names the tables whose restored sums differ from the manifest', async () => {
    const reader = await ArchiveReader.open(archive);
    const manifest = parseManifest((await reader.readBytes(MANIFEST_ENTRY)).toString(), archive);
    const users = manifest.tables.find((t) => t.table === 'users')!;
    users.rows += 1;
    const altered = path.join(root, 'altered.zip');
    const writer = new ArchiveWriter(altered);
    await writer.addBytes(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)), true);
    await writer.addBytes(PGLITE_ENTRY, await reader.readBytes(PGLITE_ENTRY), false);
    await writer.finish();
    const result = await runRestore({ archive: altered, dataDir: path.join(root, 'fifth') });
    expect(result.differing).toEqual(['users']);
    expect(sumsTable(manifest.tables, result.restored)).toMatch(/\nusers +3 +2 +[0-9a-f]{16} +DIFFERS\n/);
  }, 120_000);

  it('finds a damaged archive', async () => {
    const bytes = readFileSync(archive);
    const entry = (await ArchiveReader.open(archive)).entries.get('uploads/a.jpg')!;
    bytes[entry.localOffset + 30 + 'uploads/a.jpg'.length + 100]! ^= 0xff;
    const damaged = path.join(root, 'damaged.zip');
    writeFileSync(damaged, bytes);
    await expect(runRestore({ archive: damaged, dataDir: path.join(root, 'third') })).rejects.toThrow(/a\.jpg is damaged/);
  }, 120_000);
});

describe('retention', () => {
  it('keeps the newest N archives and nothing but archives is touched', () => {
    const dir = path.join(root, 'retention');
    mkdirSync(dir);
    const names = [
      'wenjuan-pglite-20261201-020000.zip',
      'wenjuan-postgres-20261202-020000.zip',
      'wenjuan-pglite-20261203-020000.zip',
      'wenjuan-pglite-20261204-020000.zip',
      'wenjuan-pglite-20261130-020000.zip.part',
      'notes.zip',
      'wenjuan-pglite-latest.zip',
    ];
    for (const name of names) writeFileSync(path.join(dir, name), 'x');
    expect(pruneArchives(dir, 2, path.join(dir, names[3]!)).sort()).toEqual([names[0], names[1]]);
    expect(readdirSync(dir).sort()).toEqual([names[2], names[3], names[4], names[5], names[6]].sort());
    // The one just written stays even when it is not among the newest (a clock set back).
    expect(pruneArchives(dir, 1, path.join(dir, names[2]!))).toEqual([]);
    expect(() => pruneArchives(dir, 0, '')).toThrow(/at least 1/);
  });
});
