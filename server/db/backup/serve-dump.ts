import { existsSync, readFileSync, renameSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../client';

/**
 * A running PGlite server dumps its own database for `npm run backup` (nothing else may open its directory). The
 * backup writes a request file into DATA_DIR naming where the dump goes and sends SIGUSR2 to the pid of the lock
 * file; the server runs CHECKPOINT then PGlite's dumpDataDir (which holds PGlite's query queue, so the dump is one
 * consistent state), writes it under a temporary name, renames it, and writes a done or error marker beside it.
 * The server names its pid in DATA_DIR/backup-hook.pid, so a backup never signals a process without the handler
 * (SIGUSR2's default action would end it).
 */
export const REQUEST_FILE = 'backup-request.json';
export const HOOK_FILE = 'backup-hook.pid';
const DUMP_NAME = /^wenjuan-dump-[\w-]+\.tar\.gz$/;

interface DumpRequest {
  target: string;
}

export const doneMarker = (target: string) => `${target}.done`;
export const errorMarker = (target: string) => `${target}.error`;

export interface DumpLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** server/start.ts, PGlite only: answer backup requests until the process ends. Returns the uninstaller. */
export function serveDumps(dataDir: string, database: Pick<Database, 'dump' | 'query'>, log: DumpLog): () => void {
  let busy: Promise<void> = Promise.resolve();
  const onSignal = () => {
    busy = busy.then(() => answerRequest(dataDir, database, log));
  };
  process.on('SIGUSR2', onSignal);
  const hook = path.join(dataDir, HOOK_FILE);
  writeFileSync(hook, String(process.pid));
  return () => {
    process.off('SIGUSR2', onSignal);
    rmSync(hook, { force: true });
  };
}

async function answerRequest(dataDir: string, database: Pick<Database, 'dump' | 'query'>, log: DumpLog): Promise<void> {
  const requestFile = path.join(dataDir, REQUEST_FILE);
  if (!existsSync(requestFile)) return;
  let target: string;
  try {
    target = (JSON.parse(readFileSync(requestFile, 'utf8')) as DumpRequest).target;
  } catch {
    return; // a request still being written: its signal follows
  }
  rmSync(requestFile, { force: true });
  if (typeof target !== 'string' || !path.isAbsolute(target) || !DUMP_NAME.test(path.basename(target))) {
    log.error({ target }, 'backup: refused a dump request naming an unexpected file');
    return;
  }
  const started = Date.now();
  try {
    if (!database.dump) throw new Error('this database cannot dump itself');
    await database.query('CHECKPOINT');
    const dump = await database.dump('gzip');
    const partial = `${target}.part`;
    await pipeline(Readable.fromWeb(dump.stream() as never), createWriteStream(partial));
    renameSync(partial, target);
    writeFileSync(doneMarker(target), String(dump.size));
    log.info({ target, bytes: dump.size, ms: Date.now() - started }, 'backup: database dumped');
  } catch (error) {
    writeFileSync(errorMarker(target), (error as Error).message);
    log.error({ target, error: (error as Error).message }, 'backup: dump failed');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The backup's side: ask the server `pid` for a dump into `target` and wait for its marker. */
export async function requestServerDump(dataDir: string, pid: number, target: string, timeoutMs: number): Promise<void> {
  const hook = path.join(dataDir, HOOK_FILE);
  const hookPid = existsSync(hook) ? Number(readFileSync(hook, 'utf8')) : 0;
  if (hookPid !== pid)
    throw new Error(
      `The server running on ${dataDir} (pid ${pid}) does not take backup requests (a wenjuan older than the backup ` +
        'command?). Stop it and run the backup again: the backup then opens the database itself.',
    );
  const requestFile = path.join(dataDir, REQUEST_FILE);
  writeFileSync(`${requestFile}.tmp`, JSON.stringify({ target } satisfies DumpRequest));
  renameSync(`${requestFile}.tmp`, requestFile);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(errorMarker(target))) {
      const message = readFileSync(errorMarker(target), 'utf8');
      rmSync(errorMarker(target), { force: true });
      throw new Error(`The running server (pid ${pid}) could not dump its database: ${message}`);
    }
    if (existsSync(doneMarker(target))) {
      rmSync(doneMarker(target), { force: true });
      return;
    }
    await sleep(200);
  }
  rmSync(requestFile, { force: true });
  throw new Error(
    `The running server (pid ${pid}) did not finish its dump within ${Math.round(timeoutMs / 1000)} s ` +
      '(BACKUP_TIMEOUT_S sets the wait). Its log says why; the backup wrote nothing.',
  );
}
