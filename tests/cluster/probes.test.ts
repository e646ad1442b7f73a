/**
 * Health and readiness as an orchestrator sees them: with HEALTH_PORT, /healthz and /readyz answer while the
 * process waits for the migration lock (held here, as by another process migrating), readiness is false then and
 * while draining after SIGTERM (SHUTDOWN_DELAY_MS), and the app's port opens only once the process is ready.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK } from '../../server/db/client';
import { buildServerBundle, createDatabase, freePort, waitFor } from './harness';

const dir = mkdtempSync(path.join(tmpdir(), 'wj-probes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const probe = async (port: number, what: string) => {
  const response = await fetch(`http://127.0.0.1:${port}/${what}`);
  return { status: response.status, body: (await response.json()) as { status: string; phase: string; node: string } };
};
const closed = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => false,
    () => true,
  );

describe('probes through a process life', () => {
  it('migrating: alive, not ready, app port closed; ready: both; draining: not ready while still serving; then gone', async () => {
    const bundle = await buildServerBundle();
    const database = await createDatabase('wjp');
    const lockHolder = new pg.Client({ connectionString: database.url });
    await lockHolder.connect();
    await lockHolder.query('SELECT pg_advisory_lock($1, 0)', [MIGRATION_LOCK]);
    const [port, healthPort] = [await freePort(), await freePort()];
    const proc = spawn(process.execPath, [bundle], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        HEALTH_PORT: String(healthPort),
        NODE_NAME: 'probe',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        APP_SECRET: 'probe-test-secret-0123456789',
        DATA_DIR: path.join(dir, 'data'),
        SHUTDOWN_DELAY_MS: '1500',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<string>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? String(code))));
    try {
      await waitFor(async () => (await probe(healthPort, 'readyz')).body.phase === 'migrating', 'the health port saying migrating', 120_000);
      expect(await probe(healthPort, 'healthz')).toMatchObject({ status: 200, body: { status: 'ok', node: 'probe', phase: 'migrating' } });
      expect(await probe(healthPort, 'readyz')).toMatchObject({ status: 503, body: { status: 'migrating' } });
      expect(await closed(port)).toBe(true);

      await lockHolder.query('SELECT pg_advisory_unlock($1, 0)', [MIGRATION_LOCK]);
      await waitFor(async () => (await probe(port, 'readyz')).status === 200, 'ready on the app port', 120_000);
      expect(await probe(healthPort, 'readyz')).toMatchObject({ status: 200, body: { status: 'ok', phase: 'ready' } });

      proc.kill('SIGTERM');
      await waitFor(async () => (await probe(healthPort, 'readyz')).body.phase === 'draining', 'draining', 10_000);
      // Within SHUTDOWN_DELAY_MS: not ready, yet the app's port still serves.
      expect(await probe(port, 'readyz')).toMatchObject({ status: 503, body: { status: 'draining' } });
      expect(await probe(port, 'healthz')).toMatchObject({ status: 200, body: { phase: 'draining' } });
      expect(await exited).toBe('0');
      expect(await closed(port)).toBe(true);
    } finally {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await lockHolder.end();
      await database.drop();
    }
  });
});
