import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { offlineResolver } from '../../helpers/offline-resolver';
import type { TestApp } from '../../helpers/test-app';
import { pgliteTemplateFile } from '../../helpers/test-db';
import { buildApp } from '../../../server/app';
import { migrateDatabase, openDatabase } from '../../../server/db/client';
import { untar } from '../../../server/db/pglite-template';
import { readEnv } from '../../../server/env';
import { clearIndexCache } from '../../../server/services/report/sheet-index/index-cache';

/**
 * One install of the app, in this process, the way server/start.ts builds it: PGlite in DATA_DIR/pglite, or the
 * PostgreSQL database at `databaseUrl`; uploads and exports in DATA_DIR either way. Background jobs stay manual
 * (the test runs the export job itself), so nothing writes between a snapshot and the move.
 */
export interface InstallOptions {
  dataDir: string;
  /** PostgreSQL: the moved database. Without it, PGlite in DATA_DIR/pglite (never DATABASE_URL's server). */
  databaseUrl?: string;
  /** APP_SECRET: the same on both sides, so signed links stay valid after the move. */
  secret: string;
}

/** A development start (demo accounts on), as `npm run dev` would make it. */
export const installEnv = (dataDir: string) => ({ ...readEnv({ NODE_ENV: 'development' }), DATA_DIR: dataDir });

export async function openInstall(options: InstallOptions): Promise<TestApp> {
  const dataDir = path.join(options.dataDir, 'pglite');
  // A first start takes a migrated database from a template (server/start.ts: the build's; here the tests' own,
  // the same migrations), rather than running initdb and every migration in WebAssembly again.
  if (!options.databaseUrl && !existsSync(dataDir)) untar(readFileSync(await pgliteTemplateFile()), dataDir);
  const database = await openDatabase(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir });
  await migrateDatabase(database);
  // The report index's in-process cache is keyed by project and version: a new install must read what its own
  // database holds, never what the install before it had cached (which would hide a table the move lost).
  clearIndexCache();
  const app = await buildApp({
    database,
    env: installEnv(options.dataDir),
    secret: options.secret,
    clientDir: '/nonexistent',
    resolveHost: offlineResolver,
    jobs: 'manual',
    reportIndexRunner: { enabled: false },
    exportRunner: { worker: 'main', progressIntervalMs: 0 },
  });
  await app.ready();
  return {
    app,
    database,
    async call(url, body = {}, headers = {}) {
      const response = await app.inject({ method: 'POST', url: `/api/${url}`, payload: body as object, headers });
      if (response.statusCode !== 200) throw new Error(`${url}: HTTP ${response.statusCode}: ${response.body}`);
      return response.json();
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
