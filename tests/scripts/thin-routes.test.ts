import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Route handlers only connect contract → service → envelope (issue 18): SQL and transactions live in
// server/services/. A route may hand `database.query` to a service, but never call it, and imports from
// server/db/ only types.
const ROUTES = 'server/routes';
const DB_DIR = path.resolve('server/db');

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The value names an import or re-export brings in (type-only ones left out). */
function valueSpecifiers(clause: string): string[] {
  if (/^type\s/.test(clause)) return [];
  const named = /\{([\s\S]*)\}/.exec(clause);
  const outside = clause
    .replace(/\{[\s\S]*\}/, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const inside = named ? named[1]!.split(',').map((s) => s.trim()) : [];
  return [...outside, ...inside.filter((s) => s && !/^type\s/.test(s))];
}

/** Why a route file breaks the rule, one line each ('' text: none). */
function violations(file: string, source: string): string[] {
  const text = withoutComments(source);
  const found: string[] = [];
  const line = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(/(?<![\w$])(query|transaction|prepared)\s*(?:<[^()]*?>)?\s*\(/g)) found.push(`${file}:${line(m.index)}: calls ${m[1]}(…)`);
  for (const m of text.matchAll(/\.\s*session\s*(?:\?\.)?\s*(?:<[^()]*?>)?\s*\(/g)) found.push(`${file}:${line(m.index)}: calls database.session(…)`);
  for (const m of text.matchAll(/(?<![\w$])db\s*\.\s*(select|insert|update|delete|execute|transaction|query)\b/g))
    found.push(`${file}:${line(m.index)}: uses Drizzle (db.${m[1]})`);
  const fromDb = (target: string) => target.startsWith('.') && path.resolve(path.dirname(file), target).startsWith(DB_DIR + path.sep);
  for (const m of text.matchAll(/(?:^|[;\n])\s*(import|export)\s+([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/g)) {
    if (!fromDb(m[3]!)) continue;
    const values = valueSpecifiers(m[2]!);
    if (values.length) found.push(`${file}:${line(m.index)}: ${m[1]}s ${values.join(', ')} from ${m[3]} (only types may come from server/db)`);
  }
  for (const m of text.matchAll(/(?:^|[;\n])\s*import\s+['"]([^'"]+)['"]/g)) if (fromDb(m[1]!)) found.push(`${file}:${line(m.index)}: imports ${m[1]}`);
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) if (fromDb(m[1]!)) found.push(`${file}:${line(m.index)}: imports ${m[1]}`);
  return found;
}

const routeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe('thin routes: no SQL under server/routes', () => {
  const file = 'server/routes/x/x.routes.ts';

  it('sees the ways a route could run SQL itself', () => {
    const bad = [
      `await database.query('UPDATE users SET username = $2 WHERE id = $1', [1, 'a']);`,
      `const rows = await database.query<{ id: number }>('SELECT id FROM users', []);`,
      `return app.deps.database.query(\n  'SELECT 1',\n);`,
      `database.transaction(async (query) => accessProject(query, user, id, 'edit'));`,
      `const { query } = app.deps.database;\nawait query('DELETE FROM x');`,
      `const readOffset = async (q: Query) => (await q('SELECT 1'), query<{ value: string }>('SELECT value FROM meta'));`,
      `await database.prepared('x', 'SELECT 1', []);`,
      `await database.session?.(async (query) => lock(query));`,
      `await database.db.select().from(users);`,
      `import { openDatabase } from '../../db/client';`,
      `import { users, type UserRow } from '../../db/tables';`,
      `import * as tables from '../../db/tables';`,
      `export { openDatabase } from '../../db/client';`,
      `const client = await import('../../db/client');`,
    ];
    for (const source of bad) expect(violations(file, source), source).not.toEqual([]);
  });

  it('lets a route hand the database to a service and import types', () => {
    const good = [
      `import type { Query } from '../../db/client';`,
      `import { type Database, type Query } from '../../db/client';`,
      `const { project } = await accessProject(database.query, user, body.questionId, 'read');`,
      `return listExportJobs(database.query, user!.id, body.page, body.pageSize);`,
      `const { token } = z.object({ token: z.string() }).parse(request.query);`,
      `// database.query('SELECT 1') in a comment\n/* database.transaction(() => x) */`,
      `import { accessProject } from '../../services/access/powers.service';`,
      `return session(user, request, reply);`,
    ];
    for (const source of good) expect(violations(file, source), source).toEqual([]);
  });

  it('holds for every file under server/routes/', () => {
    const files = routeFiles(ROUTES);
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((f) => violations(f, readFileSync(f, 'utf8')))).toEqual([]);
  });
});
