import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ARCHIVE_NAME } from './backup';

/**
 * Keep the newest `keep` archives of `dir` (by the date in their names, which sort as text): older ones are removed.
 * Only files named like a backup archive are considered, and never `justWritten`. Returns the removed names.
 */
export function pruneArchives(dir: string, keep: number, justWritten: string): string[] {
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`--keep must be a whole number of at least 1, not ${keep}.`);
  const written = path.basename(justWritten);
  const ours = readdirSync(dir)
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort((a, b) => stampOf(b).localeCompare(stampOf(a)) || b.localeCompare(a));
  const removed: string[] = [];
  for (const name of ours.slice(keep)) {
    if (name === written) continue;
    rmSync(path.join(dir, name));
    removed.push(name);
  }
  return removed;
}

/** YYYYMMDD-HHMMSS of an archive's name, so PGlite's and PostgreSQL's archives sort together by date. */
const stampOf = (name: string) => name.slice(-19, -4);
