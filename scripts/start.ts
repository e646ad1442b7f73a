/**
 * `npm start`: builds only when the build is missing or older than its sources, then runs the built server
 * (dist/server.mjs) in a child process of plain node. A restart with nothing changed skips the ~45 s build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The node flags of every production start of the built server: this script's, deploy/systemd/wenjuan@.service's,
 * deploy/docker/Dockerfile's (tests/cluster/deploy.test.ts holds them to this list), the cluster suite's and the soak's.
 * - `--enable-source-maps`: stack traces name the TypeScript files and lines.
 * - `--no-allocation-site-pretenuring`: V8 allocates straight into the old generation every object of an allocation
 *   site whose objects once all survived a young collection (a burst of rows, a batch in flight), for good. Under a
 *   steady load that put ~1 MB/s of per-request garbage (pg's rows and the strings they hold) into the old generation,
 *   so the heap grew 55 → 150–200 MB and then full collections came every few seconds; without it the old generation
 *   grows ~0.2 MB/s (issue 54, docs/benchmarks.md "Issue 54 (helper soak)"). A V8 flag, so NODE_OPTIONS cannot set it.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--no-allocation-site-pretenuring'];

/** What the build reads: a change to any of these makes the build out of date. */
export const BUILD_INPUTS = [
  'src',
  'schemas',
  'machines',
  'server',
  'public',
  'index.html',
  'respond.html',
  'vote.html',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'vite.respond.config.ts',
  'vite.vote.config.ts',
  'scripts/bundle.ts',
  'scripts/precompress.ts',
  'scripts/browser-targets.ts',
  'scripts/pglite-template.ts',
];

function newestUnder(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestUnder(path.join(file, entry)));
  return newest;
}

/** Why the build in `root` must be made again, or null when it is current. */
export function staleReason(root: string, clientDir = path.join(root, 'dist', 'client')): string | null {
  const outputs = [
    path.join(root, 'dist', 'server.mjs'),
    // The first start's database (scripts/pglite-template.ts): a build from before it existed is made again.
    path.join(root, 'dist', 'pglite-template.json'),
    path.join(clientDir, 'index.html'),
    path.join(clientDir, 'respond.html'),
    path.join(clientDir, 'vote.html'),
  ];
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${path.relative(root, missing)} is missing`;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  for (const input of BUILD_INPUTS) {
    if (newestUnder(path.join(root, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = process.cwd();
  const clientDir = process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : undefined;
  const reason = process.env.FORCE_BUILD ? 'FORCE_BUILD is set' : staleReason(root, clientDir);
  if (reason) {
    console.log(`Building (${reason}) …`);
    const build = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  } else {
    console.log('The build is current: starting without rebuilding (FORCE_BUILD=1 npm start rebuilds).');
  }
  // The server runs as a child of its own, in plain node: run in this process, every module it loads would pass
  // through tsx's loader hooks (this script's TypeScript loader), ~1 s of CPU of each start (issue 54 item 5).
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'dist', 'server.mjs')], { stdio: 'inherit' });
  // Signals are passed on (Ctrl-C reaches both, one process group: the server's stop ignores the second); this
  // process ends with the server.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1)));
}
