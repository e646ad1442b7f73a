/**
 * `npm run backup [-- --out DIR] [--keep N]`: one dated archive of the database (PGlite or DATABASE_URL's
 * PostgreSQL) and the upload files into DIR (BACKUP_DIR, default DATA_DIR/backups); with --keep (BACKUP_KEEP) the
 * oldest archives beyond N are removed after a successful backup. server/db/backup/backup.ts does the work.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runBackup } from '../server/db/backup/backup';
import { pruneArchives } from '../server/db/backup/retention';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, keep: { type: 'string' } } });
  const dataDir = path.resolve(process.env.DATA_DIR || '.data');
  const outDir = path.resolve(values.out ?? process.env.BACKUP_DIR ?? path.join(dataDir, 'backups'));
  const keepText = values.keep ?? process.env.BACKUP_KEEP;
  const keep = keepText === undefined || keepText === '' ? undefined : Number(keepText);
  if (keep !== undefined && (!Number.isInteger(keep) || keep < 1)) throw new Error(`--keep must be a whole number of at least 1, not "${keepText}".`);
  const timeoutS = Number(process.env.BACKUP_TIMEOUT_S || 600);
  const started = Date.now();
  const { file, manifest } = await runBackup({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined, outDir, timeoutMs: timeoutS * 1000 });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Backup written: ${file}\n  ${manifest.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${manifest.tables.length} tables, ${rows} rows, ` +
      `${manifest.uploads.files} upload files (${manifest.uploads.bytes} bytes), at migration ${manifest.codeMigration}, ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (keep !== undefined) {
    const removed = pruneArchives(outDir, keep, file);
    console.log(removed.length ? `Removed ${removed.length} older archive(s), keeping ${keep}: ${removed.join(', ')}` : `Nothing to remove (keeping ${keep}).`);
  }
}

main().catch((error: unknown) => {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
});
