/**
 * The multi-process harness: nginx (Debian's, run as this user with its own config, pid and logs in a temp
 * folder, on free ports) in front of N server processes — the production bundle (scripts/bundle.ts, what
 * `npm start` runs) — on one new PostgreSQL database, dropped at the end. Every answer carries the process that
 * served it (x-wj-node), so journeys can show that consecutive calls landed on different processes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../../scripts/start';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const SITE_FILE = path.resolve('deploy/nginx/wenjuan.conf');
export const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const BUNDLE = path.resolve('.test-results', 'cluster-server.mjs');

export interface Envelope<T = unknown> {
  resultCode: string;
  resultMsg: string;
  data: T;
  /** The process that answered (x-wj-node). */
  node: string;
}

export interface ClusterNode {
  name: string;
  port: number;
  proc: ChildProcess | null;
  /** The exit of the current process (code, or the signal's name). */
  exited: Promise<string>;
  logFile: string;
}

export interface Cluster {
  /** nginx's address, e.g. http://127.0.0.1:41234 */
  url: string;
  databaseUrl: string;
  dir: string;
  nodes: ClusterNode[];
  /** POST an API call through nginx. */
  call<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Envelope<T>>;
  /** POST an API call to one process directly, bypassing nginx. */
  callNode<T = unknown>(node: ClusterNode, path: string, body?: unknown, headers?: Record<string, string>): Promise<Envelope<T>>;
  /** SQL on the cluster's database (checks and fixtures). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Signal a process and wait for it to end; its exit (code or signal). */
  stop(node: ClusterNode, signal: NodeJS.Signals): Promise<string>;
  /** Start a stopped process again on its port and wait until it is ready. */
  start(node: ClusterNode): Promise<void>;
  /** nginx's error log so far. */
  nginxErrors(): string;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown by a probe to stop waiting at once (other errors count as "not yet"). */
export class StopWaiting extends Error {}

/** Wait until `probe` is true, checking every 100 ms; `what` names it in the timeout error. */
export async function waitFor(probe: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const attempt = () =>
    Promise.resolve()
      .then(probe)
      .catch((error: unknown) => {
        if (error instanceof StopWaiting) throw error;
        return false;
      });
  while (!(await attempt())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Names the bundle the run's global setup compiled (tests/cluster/bundle-setup.ts), for the files' workers. */
export const BUNDLE_ENV = 'WJ_CLUSTER_BUNDLE';

/**
 * The server compiled as `npm run build` compiles it, one level below the package root (server/paths.ts): once per
 * run, by the global setup before any file starts; every cluster start compiled it again before (issue 54).
 */
export async function buildServerBundle(): Promise<string> {
  if (process.env[BUNDLE_ENV] === BUNDLE && existsSync(BUNDLE)) return BUNDLE;
  return compileServerBundle();
}

export async function compileServerBundle(): Promise<string> {
  mkdirSync(path.dirname(BUNDLE), { recursive: true });
  const { bundle } = await import('../../scripts/bundle');
  await bundle('server/start.ts', BUNDLE);
  return BUNDLE;
}

/** Names the migrated database the run's global setup made (tests/cluster/bundle-setup.ts), for the files' workers. */
export const TEMPLATE_ENV = 'WJ_CLUSTER_TEMPLATE_DB';

/**
 * A new database on the test server, empty or a copy of `template` (CREATE DATABASE … TEMPLATE); `drop` removes it
 * (connections and all).
 */
export async function createDatabase(prefix = 'wjc', template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: ADMIN_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await dropper.end();
    },
  };
}

/** The site file as shipped, with its upstream servers and listen address replaced by the test's. */
export function siteConfig(upstreamPorts: number[], listenPort: number): string {
  const site = readFileSync(SITE_FILE, 'utf8');
  const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n');
  const replaced = site.replace(/^(\s*server 127\.0\.0\.1:\d+[^\n]*\n)+/m, `${servers}\n`).replace(/^\s*listen 80;/m, `    listen 127.0.0.1:${listenPort};`);
  if (replaced === site || !replaced.includes(`listen 127.0.0.1:${listenPort}`))
    throw new Error('deploy/nginx/wenjuan.conf: upstream servers or listen line not found');
  return replaced;
}

/** A main nginx.conf around a site file: one worker (so round robin is strict), everything under `dir`. */
export function mainConfig(dir: string, siteFile: string): string {
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/nginx-access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${siteFile};
}
`;
}

export interface ClusterOptions {
  nodes?: number;
  /** One DATA_DIR for all (default, as on one machine), or one each (as on several machines without a shared volume). */
  sharedDataDir?: boolean;
  /** Extra environment for every process; `undefined` removes a variable the harness sets. */
  env?: Record<string, string | undefined>;
  /**
   * Start on an empty database, so the processes race to migrate it. Otherwise (the default) they start on a copy
   * of the database the global setup migrated once for the run (when it made one): every cluster start migrated
   * an empty database again before (issue 54).
   */
  emptyDatabase?: boolean;
}

/** A database migrated once per run, for the cluster starts that do not test migrating (tests/cluster/bundle-setup.ts). */
export async function createTemplateDatabase(): Promise<{ name: string; drop: () => Promise<void> }> {
  const { url, drop } = await createDatabase('wjc_template');
  const { migrateDatabase, openDatabase } = await import('../../server/db/client');
  const database = await openDatabase({ databaseUrl: url });
  try {
    await migrateDatabase(database);
  } finally {
    // A template takes no connection while it is copied.
    await database.close();
  }
  return { name: new URL(url).pathname.slice(1), drop };
}

/**
 * Start nginx and `nodes` processes at once on a new database (empty with `emptyDatabase`, so they also race to
 * migrate it), and wait until every process is ready and nginx answers.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.nodes ?? 3;
  const dir = mkdtempSync(path.join(tmpdir(), 'wj-cluster-'));
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir);
  const bundle = await buildServerBundle();
  const database = await createDatabase('wjc', options.emptyDatabase ? undefined : process.env[TEMPLATE_ENV]);
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => {});
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const nodes: ClusterNode[] = ports.map((port, i) => ({
    name: `n${i + 1}`,
    port,
    proc: null,
    exited: Promise.resolve('not started'),
    logFile: path.join(dir, `n${i + 1}.log`),
  }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    APP_SECRET: 'cluster-test-secret-shared-by-every-process',
    TRUST_PROXY: '1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    CLIENT_DIR: path.join(dir, 'no-client'),
    ...options.env,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];

  const launch = (node: ClusterNode) => {
    const log = createWriteStream(node.logFile, { flags: 'a' });
    const own = options.sharedDataDir === false ? { DATA_DIR: path.join(dataDir, node.name) } : {};
    const proc = spawn(process.execPath, [...SERVER_NODE_FLAGS, bundle], {
      env: { ...env, PORT: String(node.port), NODE_NAME: node.name, ...own },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout.pipe(log);
    proc.stderr.pipe(log);
    node.proc = proc;
    node.exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? String(code))));
  };
  const ready = async (node: ClusterNode) => {
    let gone: string | null = null;
    void node.exited.then((how) => (gone = how));
    await waitFor(
      async () => {
        if (gone) throw new StopWaiting(`${node.name} exited (${gone}) before it was ready:\n${tail(node.logFile)}`);
        return (await fetch(`http://127.0.0.1:${node.port}/readyz`)).status === 200;
      },
      `${node.name} ready`,
      120_000,
    );
  };

  let nginx: ChildProcess | null = null;
  const cluster: Cluster = {
    url: '',
    databaseUrl: database.url,
    dir,
    nodes,
    call: <T>(callPath: string, body?: unknown, headers?: Record<string, string>) => post<T>(cluster.url, callPath, body, headers),
    callNode: <T>(node: ClusterNode, callPath: string, body?: unknown, headers?: Record<string, string>) =>
      post<T>(`http://127.0.0.1:${node.port}`, callPath, body, headers),
    query: async (text, params = []) => (await pool.query(text, params)).rows,
    async stop(node, signal) {
      node.proc?.kill(signal);
      const how = await node.exited;
      node.proc = null;
      return how;
    },
    async start(node) {
      launch(node);
      await ready(node);
    },
    nginxErrors: () => (existsSync(path.join(dir, 'nginx-error.log')) ? readFileSync(path.join(dir, 'nginx-error.log'), 'utf8') : ''),
    async close() {
      nginx?.kill('SIGQUIT');
      await Promise.all(nodes.map((node) => (node.proc ? cluster.stop(node, 'SIGTERM') : null)));
      await pool.end();
      await database.drop();
      if (!process.env.KEEP_CLUSTER_DIR) rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    // All at once, on the empty database: they race to migrate it (the migration lock lets one do it).
    nodes.forEach(launch);
    await Promise.all(nodes.map(ready));
    const listen = await freePort();
    const siteFile = path.join(dir, 'site.conf');
    writeFileSync(siteFile, siteConfig(ports, listen));
    writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir, siteFile));
    const test = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
    cluster.url = `http://127.0.0.1:${listen}`;
    await waitFor(async () => (await fetch(`${cluster.url}/healthz`)).status === 200, 'nginx', 30_000);
    return cluster;
  } catch (error) {
    await cluster.close().catch(() => {});
    throw error;
  }
}

async function post<T>(base: string, callPath: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  const response = await fetch(`${base}/api/${callPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`HTTP ${response.status} from ${response.headers.get('x-wj-node') ?? 'nginx'}: ${text.slice(0, 300)}`);
  return { ...(JSON.parse(text) as Omit<Envelope<T>, 'node'>), node: response.headers.get('x-wj-node') ?? '' };
}

function tail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-30).join('\n') : '(no log)';
}

/** A log tail of a node, for failure messages. */
export const nodeLog = (node: ClusterNode): string => tail(node.logFile);
