import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/client';
import { buildApp, type BuildOptions } from '../../server/app';
import { offlineResolver } from './offline-resolver';
import { isAiPath, signedAiHeaders } from './ai-sign';
import { openTestDatabase } from './test-db';
import { clearIndexCache } from '../../server/services/report/sheet-index/index-cache';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /**
   * POST an API call and return the envelope. A call of the AI base (`ai/…`) with a `token` header is signed
   * (tests/helpers/ai-sign.ts) unless the headers already carry a signature.
   */
  call<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<{ resultCode: string; resultMsg: string; data: T }>;
  close(): Promise<void>;
}

export async function createTestApp(options: Partial<BuildOptions> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  // A process serves one database, so the report index's cache is keyed by project and version; test files share
  // their worker's modules (vitest.config.ts) but each has a database of its own, where project 1 version 1 is
  // another project: a new database starts with an empty cache.
  clearIndexCache();
  return appOn(database, options, () => database.close());
}

/**
 * Another app on the same database, built with other options: the concurrency tests build one with the naive
 * strategies (naive-strategies.ts) to race it against the same data. It runs no background jobs (the first app
 * does), and closing it leaves the database open.
 */
export function siblingApp(t: TestApp, options: Partial<BuildOptions>): Promise<TestApp> {
  return appOn(t.database, { jobs: 'manual', ...options }, async () => {});
}

async function appOn(database: Database, options: Partial<BuildOptions>, closeDatabase: () => Promise<void>): Promise<TestApp> {
  // The report-index runner stays off in test apps unless a test asks (its rounds would move rollups under other tests).
  const reportIndexRunner = { enabled: false, ...options.reportIndexRunner };
  const app = await buildApp({ database, clientDir: '/nonexistent', resolveHost: offlineResolver, ...options, reportIndexRunner });
  await app.ready();
  return {
    app,
    database,
    async call(path, body = {}, headers = {}) {
      const response =
        isAiPath(path) && headers.token && !headers.signature
          ? await signedInject(app, path, body, headers)
          : await app.inject({ method: 'POST', url: `/api/${path}`, payload: body as object, headers });
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
      return response.json();
    },
    async close() {
      await app.close();
      await closeDatabase();
    },
  };
}

/** Read the newest code sent to a phone from the development outbox. */
export async function lastCode(database: Database, phone: string): Promise<string> {
  const rows = await database.query<{ text: string }>('SELECT text FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
  const match = rows[0]?.text.match(/(\d{6})/);
  if (!match) throw new Error(`no code for ${phone}`);
  return match[1]!;
}

/** An AI call with its token signed: the body sent as the exact text that was signed. */
function signedInject(app: FastifyInstance, path: string, body: unknown, headers: Record<string, string>) {
  const payload = JSON.stringify(body) ?? '';
  const signed = signedAiHeaders(app, headers.token!, path, payload);
  return app.inject({ method: 'POST', url: `/api/${path}`, payload, headers: { 'content-type': 'application/json', ...signed, ...headers } });
}
