import type { MigrationMark, TableSum } from '../move/catalog';

/** The archive's description of itself (manifest.json), read first by a restore. */
export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  engine: 'pglite' | 'postgres';
  createdAt: string;
  /** The last migration of the code that wrote the backup. */
  codeMigration: string;
  /** The migrations the backed-up database had applied. */
  migrations: MigrationMark[];
  tables: TableSum[];
  uploads: { files: number; bytes: number };
  /** The database's entry in the archive. */
  database: string;
}

export const MANIFEST_FORMAT = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const PGLITE_ENTRY = 'database/pglite.tar.gz';
export const POSTGRES_ENTRY = 'database/postgres.dump';
export const UPLOADS_PREFIX = 'uploads/';

export function parseManifest(text: string, file: string): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new Error(`${file}: its manifest.json is not JSON.`);
  }
  if (manifest.format !== MANIFEST_FORMAT)
    throw new Error(`${file}: backup format ${String(manifest.format)} is not the format ${MANIFEST_FORMAT} this version restores.`);
  if (manifest.engine !== 'pglite' && manifest.engine !== 'postgres') throw new Error(`${file}: the manifest names no engine.`);
  if (!Array.isArray(manifest.tables) || !Array.isArray(manifest.migrations) || !manifest.uploads || typeof manifest.database !== 'string')
    throw new Error(`${file}: the manifest lacks tables, migrations, uploads or database.`);
  return manifest as Manifest;
}
