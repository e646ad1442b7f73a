import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Two processes on one PGlite directory corrupt it, so the directory is held with a lock file naming the
 * owner's pid. A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'wenjuan.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `Another wenjuan server (pid ${owner}) is already using the embedded database in ${dataDir}.\n` +
            'Two processes on one PGlite directory would corrupt it. Stop the other process, use another DATA_DIR, ' +
            'or set DATABASE_URL to a PostgreSQL server to run several processes.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
