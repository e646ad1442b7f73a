/**
 * Inline row types on SQL calls (issue 45 item 3): a `query`, `prepared` or `execute` call whose type argument is
 * a type literal written at the call — `query<{ id: number }>(…)`, on one line or several. Row types come from
 * the Drizzle tables (`RowOf`, `Pick<RowOf<…>>`, server/db/rows.ts) or from a statement declared once with its
 * row (`defineSql`, server/db/sql.ts) and checked against the database; a table row with a computed column added
 * beside it (`ProjectRow & { n: number }`) is derived, not inline. No parser needed: a pattern over the text.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Where the gate looks, relative to the repository root. */
export const ROW_TYPE_DIRS = ['server'] as const;
/** The most inline row types server/ may hold (issue 45: at most 20). */
export const INLINE_ROW_TYPE_LIMIT = 20;

const INLINE = /(?<![\w$])(?:query|prepared|execute)\s*<\s*\{/g;

/** The 1-based line numbers of the inline row types in one file's text (comments left out). */
export function inlineRowTypeLines(source: string): number[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  return [...text.matchAll(INLINE)].map((m) => text.slice(0, m.index).split('\n').length);
}

/** Every inline row type under `dirs`, as `file:line`, files sorted. */
export function findInlineRowTypes(root: string, dirs: readonly string[] = ROW_TYPE_DIRS): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) for (const line of inlineRowTypeLines(fs.readFileSync(path.join(root, file), 'utf8'))) found.push(`${file}:${line}`);
    }
  };
  for (const dir of dirs) walk(dir);
  return found;
}
