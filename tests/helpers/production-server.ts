import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real production start (`NODE_ENV=production node server/start.ts`) on a database of its own — a PGlite
 * directory, or a new PostgreSQL database when DATABASE_URL is set — for the tests of what a default production
 * start gives away (issue 42). Starts run one after another on the same database, as an operator restarts with
 * other settings; each start's output (banner and JSON log lines) is kept.
 */
export interface ProductionDatabase {
  /** Start the server with these settings (NODE_ENV=production unless given); resolves once it listens. */
  start(env?: Record<string, string>): Promise<ProductionServer>;
  /** Start it expecting it to refuse: its exit code and everything it printed. */
  refusedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }>;
  close(): Promise<void>;
}

export interface ProductionServer {
  /** http://127.0.0.1:port, reached from this machine. */
  local: string;
  /** The same server through this machine's network address, so it sees a client that is not local; null without one. */
  network: string | null;
  /** Everything it printed so far. */
  output(): string;
  /** The JSON log lines it printed at warn level or above. */
  warnings(): { level: number; msg: string; setting?: string }[];
  /** POST an API call from this machine (headers may name a forwarded visitor). */
  call<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>, base?: string): Promise<{ resultCode: string; resultMsg: string; data: T }>;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '0.0.0.0', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** This machine's first non-loopback IPv4 address: a request to it comes from an address that is not loopback. */
const networkAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? null;

function run(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SHUTDOWN_GRACE_MS: '3000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function productionDatabase(): Promise<ProductionDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-production-'));
  let databaseUrl = '';
  let drop = async () => {};
  const admin = process.env.DATABASE_URL;
  if (admin) {
    const { Client } = (await import('pg')).default;
    const name = `prod_${randomBytes(5).toString('hex')}`;
    const client = new Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const target = new URL(admin);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    drop = async () => {
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await c.end();
    };
  }
  const base = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  const running = new Set<ProductionServer>();

  return {
    async start(env = {}) {
      const port = await freePort();
      const child = run({ ...base, PORT: String(port), ...env });
      let out = '';
      child.stdout!.on('data', (chunk) => (out += chunk));
      child.stderr!.on('data', (chunk) => (out += chunk));
      await new Promise<void>((resolve, reject) => {
        const ready = () => out.includes('is running') && resolve();
        child.stdout!.on('data', ready);
        child.once('exit', (code) => reject(new Error(`the production start exited ${code}:\n${out}`)));
      });
      // The log is buffered and written at least every half second (server/logger.ts): let the start's lines out.
      await new Promise((resolve) => setTimeout(resolve, 800));
      const address = networkAddress();
      const server: ProductionServer = {
        local: `http://127.0.0.1:${port}`,
        network: address ? `http://${address}:${port}` : null,
        output: () => out,
        warnings: () =>
          out
            .split('\n')
            .filter((line) => line.startsWith('{'))
            .map((line) => JSON.parse(line) as { level: number; msg: string; setting?: string })
            .filter((line) => line.level >= 40),
        async call(call, body = {}, headers = {}, origin = server.local) {
          const response = await fetch(`${origin}/api/${call}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          });
          return response.json() as never;
        },
        async stop() {
          running.delete(server);
          if (child.exitCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        },
      };
      running.add(server);
      return server;
    },
    async refusedStart(env) {
      const child = run({ ...base, PORT: String(await freePort()), ...env });
      let out = '';
      child.stdout!.on('data', (chunk) => (out += chunk));
      child.stderr!.on('data', (chunk) => (out += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { code, output: out };
    },
    async close() {
      for (const server of [...running]) await server.stop();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
