/**
 * Which server suites `npm test` runs again on PostgreSQL (issue 54): the second pass is there for the data layer,
 * so a file that never opens a database (a pure function, a signature, a fake provider over HTTP) gains nothing
 * from it. Derived at run time, never kept as a list: a suite is pure when no file it reaches through relative
 * imports inside tests/ names a way to a database (the test app or database helpers, the server's app or client,
 * DATABASE_URL, PGlite, a child process or worker that could open one). Everything else — a new file included —
 * goes to PostgreSQL. tests/helpers/database-guard-setup.ts fails a suite classed pure that queries PGlite anyway
 * (a database opened through server code the rule cannot see), so a database suite cannot be silently left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildImportGraph, listSources } from './import-cycles';

/** The server suites, the folder the PostgreSQL pass runs (`--project unit tests/server`). */
export const SERVER_SUITES = 'tests/server';

const isSuite = (file: string) => /\.test\.tsx?$/.test(file);

/** Any of these in a file a suite reaches (comments included: a mention costs a pass, never a miss). */
const DATABASE_MARKERS =
  /\b(openTestDatabase|createTestApp|siblingApp|openDatabase|buildApp|engineName|DATABASE_URL|PGlite|pglite|production-server|child_process|worker_threads)\b|server\/db\//;

function reachedFrom(graph: Map<string, Set<string>>, start: string): Set<string> {
  const seen = new Set([start]);
  const pending = [start];
  while (pending.length) {
    for (const next of graph.get(pending.pop()!) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      pending.push(next);
    }
  }
  return seen;
}

/** The suites under tests/server (paths relative to `root`, with `/`) that cannot open a database, sorted. */
export function pureServerSuites(root = process.cwd()): string[] {
  const graph = buildImportGraph(root, ['tests']);
  const text = new Map<string, string>();
  const mentionsDatabase = (file: string) => {
    if (!text.has(file)) text.set(file, fs.readFileSync(path.join(root, file), 'utf8'));
    return DATABASE_MARKERS.test(text.get(file)!);
  };
  return [...graph.keys()]
    .filter((file) => file.startsWith(`${SERVER_SUITES}/`) && isSuite(file))
    .filter((file) => ![...reachedFrom(graph, file)].some(mentionsDatabase))
    .sort();
}

/**
 * A server suite that runs every server it starts on PGlite whatever DATABASE_URL says (tests/server/start.test.ts:
 * first starts, the data directory's lock, the built template) says so on a line of its own, `// pglite-only: <why>`:
 * a PostgreSQL pass would run the same PGlite starts again. Held to it here: such a file uses none of the test
 * database helpers, and every environment it hands on (`...process.env`) sets `DATABASE_URL: ''` on that line.
 */
const PGLITE_ONLY = /^\/\/ pglite-only: \S/m;
const TEST_DATABASE = /\b(openTestDatabase|createTestApp|siblingApp|openDatabase|buildApp)\b/;

/** The marked PGlite-only suites under tests/server (sorted); throws on a marked file that could reach PostgreSQL. */
export function pgliteOnlySuites(root = process.cwd()): string[] {
  return listSources(root, SERVER_SUITES)
    .filter(isSuite)
    .filter((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      if (!PGLITE_ONLY.test(text)) return false;
      const leaks = text.split('\n').filter((line) => line.includes('...process.env') && !line.includes("DATABASE_URL: ''"));
      if (TEST_DATABASE.test(text) || leaks.length)
        throw new Error(`${file} is marked pglite-only but could open PostgreSQL: ${TEST_DATABASE.exec(text)?.[0] ?? leaks[0]!.trim()}`);
      return true;
    })
    .sort();
}
