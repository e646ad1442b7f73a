import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The pid of the live server holding DATA_DIR (its lock file, server/db/pglite-lock.ts), or 0. */
export function dataDirOwner(dataDir: string): number {
  const file = path.join(dataDir, 'wenjuan.lock');
  if (!existsSync(file)) return 0;
  const pid = Number(readFileSync(file, 'utf8'));
  if (!pid || pid === process.pid) return 0;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : 0;
  }
}

/** Whether a directory exists and holds anything. */
export function holdsFiles(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}
