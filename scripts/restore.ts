/**
 * `npm run restore -- <archive>`: an archive of `npm run backup` into an empty target — DATABASE_URL's PostgreSQL
 * database, else DATA_DIR's PGlite directory — and its upload files into DATA_DIR/uploads, then every table's
 * rows and checksum compared with the archive's manifest (exit 1 when one differs). server/db/backup/restore.ts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runRestore, sumsTable } from '../server/db/backup/restore';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new Error('Usage: npm run restore -- <archive.zip>');
  const dataDir = path.resolve(process.env.DATA_DIR || '.data');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const result = await runRestore({ archive: path.resolve(positionals[0]!), dataDir, databaseUrl });
  console.log(sumsTable(result.manifest.tables, result.restored));
  const target = databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : path.join(dataDir, 'pglite');
  console.log(`\nRestored the backup of ${result.manifest.createdAt} into ${target}; ${result.uploads} upload files into ${path.join(dataDir, 'uploads')}.`);
  if (result.differing.length) {
    console.error(`Restored, but ${result.differing.length} table(s) differ from the backup: ${result.differing.join(', ')}`);
    process.exit(1);
  }
  console.log('Every table matches the backup.');
}

main().catch((error: unknown) => {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
});
