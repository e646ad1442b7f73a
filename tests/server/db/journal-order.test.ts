import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// drizzle's migrator runs journal entries in array order and skips any whose `when` is not newer than the
// last one a database has applied: a merged migration must go at the end with the largest `when`.
const dir = path.resolve('server/db/migrations');
const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };

describe('migration journal', () => {
  it('lists every migration file once, with `when` increasing in the order they run', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''));
    expect(journal.entries.map((e) => e.tag).sort()).toEqual(files.sort());
    for (let i = 1; i < journal.entries.length; i++) {
      const [before, after] = [journal.entries[i - 1]!, journal.entries[i]!];
      expect(after.when, `${after.tag} must run after ${before.tag}`).toBeGreaterThan(before.when);
    }
  });
});
