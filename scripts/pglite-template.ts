/**
 * Build step (`npm run build`, after the server bundle): the first start's database, made here once instead of at
 * every newcomer's first start (server/db/pglite-template.ts). A PGlite database created in memory, migrated, given
 * the catalogues every start seeds (templates, vote templates, banks and regions, help articles) — never the demo
 * accounts, which a start adds behind their own gate (server/seed/seed-start.ts) — checkpointed and written as a
 * plain tar without the WAL segments past the current one (dist/pglite-template.tar) with its manifest (dist/pglite-template.json: PGlite version, migrations).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase } from '../server/db/client';
import { currentManifest, TEMPLATE_TAR, templateFiles, withoutSpareWal } from '../server/db/pglite-template';
import { seedCatalogues } from '../server/seed/seed';

/** Writes the template to `tarFile` and its manifest beside it (the same name, .json), as PGLITE_TEMPLATE reads them. */
export async function buildPgliteTemplate(tarFile = TEMPLATE_TAR): Promise<void> {
  const manifestFile = templateFiles(tarFile, MIGRATIONS_DIR)!.manifest;
  // Read first: a migration added while this runs must not end up in a manifest that claims it.
  const manifest = currentManifest(MIGRATIONS_DIR);
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    await seedCatalogues(database);
    await database.query('CHECKPOINT');
    const [wal] = await database.query<{ redo: string; current: string }>(
      'SELECT pg_walfile_name(redo_lsn) AS redo, pg_walfile_name(pg_current_wal_insert_lsn()) AS current FROM pg_control_checkpoint()',
    );
    const tar = withoutSpareWal(Buffer.from(await (await database.dump!('none')).arrayBuffer()), wal!.redo, wal!.current);
    mkdirSync(path.dirname(tarFile), { recursive: true });
    // The old manifest goes first, then the tar and the manifest are each renamed into place: a manifest never
    // describes a tar it was not written with.
    rmSync(manifestFile, { force: true });
    writeFileSync(`${tarFile}.tmp`, tar);
    renameSync(`${tarFile}.tmp`, tarFile);
    writeFileSync(`${manifestFile}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(`${manifestFile}.tmp`, manifestFile);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const tarFile = process.argv[2] ? path.resolve(process.argv[2]) : TEMPLATE_TAR;
  await buildPgliteTemplate(tarFile);
  console.log(`first start's database → ${path.relative(process.cwd(), tarFile)} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
