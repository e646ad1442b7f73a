import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL's own pg_dump / pg_restore, found on PATH or under Debian's /usr/lib/postgresql/<major>/bin (the
 * newest there). A pg_dump older than the server cannot dump it, so the tool's major version is checked first.
 */
export function findPgTool(tool: 'pg_dump' | 'pg_restore', serverMajor: number): string {
  const candidates: string[] = [];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) if (dir) candidates.push(path.join(dir, tool));
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) for (const major of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, major, 'bin', tool));
  const found = candidates.filter((file) => existsSync(file)).map((file) => ({ file, major: toolMajor(file) }));
  const fitting = found.filter((t) => t.major !== null && t.major >= serverMajor).sort((a, b) => a.major! - b.major!);
  if (fitting.length) return fitting[0]!.file;
  if (found.length)
    throw new Error(
      `${tool} ${found.map((t) => `${t.file} is version ${t.major ?? '?'}`).join(', ')}; the server is PostgreSQL ${serverMajor}. ` +
        `Install the PostgreSQL ${serverMajor} client tools (Debian: apt install postgresql-client-${serverMajor}).`,
    );
  throw new Error(
    `${tool} was not found on PATH or in /usr/lib/postgresql/*/bin. Install the PostgreSQL client tools (Debian: apt install postgresql-client).`,
  );
}

function toolMajor(file: string): number | null {
  const run = spawnSync(file, ['--version'], { encoding: 'utf8' });
  const match = /(\d+)(?:\.\d+)?/.exec(run.stdout ?? '');
  return match ? Number(match[1]) : null;
}

/** Runs a tool to its end; rejects with its stderr when it fails. */
export function runTool(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (exit ${code}): ${stderr.trim()}`))));
  });
}
