/**
 * `npm run dev`: the API and Vite's dev server side by side.
 * - API: server/start.ts (migrations, demo seed, the same configuration as `npm start`) on API_PORT (8081), run
 *   by `tsx watch`, so a change to a server file restarts it. The client is not built: Vite serves it.
 * - Vite on VITE_PORT (5173) with hot reload; vite.config.ts proxies /api, /healthz, /x/ and /uploads/ to API_PORT.
 * Ctrl-C (or SIGTERM) stops both; when one of them ends on its own, the other is stopped too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? '8081';
const vitePort = process.env.VITE_PORT ?? '5173';

for (const [name, value] of [
  ['API_PORT', apiPort],
  ['VITE_PORT', vitePort],
] as const) {
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    console.error(`Invalid configuration:\n  ${name}: must be a port number 1–65535 (got ${JSON.stringify(value)})`);
    process.exit(1);
  }
}

const children: Array<{ label: string; child: ChildProcess }> = [];
let stopping = false;

function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  const running = children.filter(({ child }) => child.exitCode === null && child.signalCode === null);
  if (!running.length) process.exit(code);
  let left = running.length;
  for (const { child } of running) {
    child.once('exit', () => {
      if (--left === 0) process.exit(code);
    });
    child.kill('SIGTERM');
  }
  // A child that ignores SIGTERM must not keep the terminal.
  setTimeout(() => {
    for (const { child } of running) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(code);
  }, 8_000).unref();
}

function start(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  child.on('error', (error) => {
    console.error(`[dev] ${label} could not start: ${error.message}`);
    stop(1);
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${label} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    stop(code ?? 1);
  });
  children.push({ label, child });
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
start('API', bin('tsx'), ['watch', '--clear-screen=false', 'server/start.ts'], { ...env, PORT: apiPort });
start('Vite', bin('vite'), ['--port', vitePort, '--strictPort'], { ...env, API_PORT: apiPort });
console.log(`[dev] API on http://localhost:${apiPort}/ (restarts on server changes) · app on http://localhost:${vitePort}/`);
