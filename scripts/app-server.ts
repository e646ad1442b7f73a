/**
 * What the scripts that photograph the running app share (scripts/screenshots.ts, scripts/help-screenshots.ts and
 * the e2e spec that runs the help shots): a development start of its own on a fresh data directory, the JSON calls
 * of the API, the demo account's login and the browser it is seen in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext } from '@playwright/test';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The demo account the seed writes outside production (server/seed/seed-start.ts). */
export const DEMO_LOGIN = { userName: '13800138000', password: 'demo1234' } as const;

export interface TAppServer {
  base: string;
  stop: () => Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** A development start of its own (migrations, the demo seed) on a fresh data directory; resolves once it answers. */
export async function startServer(prefix: string): Promise<TAppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `wenjuan-${prefix}-`));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { base, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('the server did not answer within 3 minutes');
}

/** The server at `given` (left running), else one started for the script (stopped by `stop`). */
export const serverAt = async (given: string | undefined, prefix: string): Promise<TAppServer> =>
  given ? { base: given.replace(/\/$/, ''), stop: async () => {} } : startServer(prefix);

export async function call<T>(base: string, name: string, body: object, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${base}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { resultCode: string; resultMsg: string; data: T };
  if (answer.resultCode !== '200') throw new Error(`${name}: ${answer.resultMsg} (is the demo seed on? a production start has none)`);
  return answer.data;
}

/** The demo account's session token. */
export const demoToken = async (base: string): Promise<string> => (await call<{ token: string }>(base, 'activity/user/userNameLogin', DEMO_LOGIN)).token;

/** A brand's origin on the server's port (`<brand>.localhost`). */
export function brandOrigin(base: string, brand: string): string {
  const { port, protocol } = new URL(base);
  return `${protocol}//${brand}.localhost${port ? `:${port}` : ''}`;
}

/** The session is a cookie of each host (the app keeps its token in one): the context is logged in on each brand. */
export async function logIn(context: BrowserContext, base: string, token: string, brands: readonly string[]): Promise<void> {
  await context.addCookies([
    { name: 'token', value: token, url: base },
    ...brands.map((brand) => ({ name: 'token', value: token, url: brandOrigin(base, brand) })),
  ]);
}

/** Debian's Chromium (never a downloaded one). */
export const launchChromium = async (chromium: { launch: (options: object) => Promise<Browser> }): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
