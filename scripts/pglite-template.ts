/**
 * Build step (`npm run build`, after the server bundle): the first start's database, made here once instead of at
 * every newcomer's first start (server/db/pglite-template.ts). A PGlite database created in memory, migrated, given
 * the catalogues every start seeds (templates, vote templates, banks and regions, help articles) — never the demo
 * accounts, which a start adds behind their own gate (server/seed/seed-start.ts) — checkpointed and written as a
 * plain tar (dist/pglite-template.tar) with its manifest (dist/pglite-template.json: PGlite version, migrations).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase } from '../server/db/client';
import { currentManifest, TEMPLATE_MANIFEST, TEMPLATE_TAR } from '../server/db/pglite-template';
import { seedCatalogues } from '../server/seed/seed';

export async function buildPgliteTemplate(tarFile = TEMPLATE_TAR, manifestFile = TEMPLATE_MANIFEST): Promise<void> {
  // Read first: a migration added while this runs must not end up in a manifest that claims it.
  const manifest = currentManifest(MIGRATIONS_DIR);
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    await seedCatalogues(database);
    await database.query('CHECKPOINT');
    const tar = Buffer.from(await (await database.dump!('none')).arrayBuffer());
    mkdirSync(path.dirname(tarFile), { recursive: true });
    // Tar, then manifest, each renamed into place: a manifest never describes a tar it was not written with.
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
  await buildPgliteTemplate();
  console.log(`first start's database → ${path.relative(process.cwd(), TEMPLATE_TAR)} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
