import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths';

/**
 * The database's functions as current files (issue 45 item 1): each PL/pgSQL function lives as one file,
 * `server/db/functions/<name>.sql`, holding its whole `CREATE OR REPLACE FUNCTION`, settings included — the one place
 * a reader opens to see what runs today. Migrations keep the schema and the history (a function's older bodies,
 * its triggers' CREATE TRIGGER); these files are applied after them, under the same lock, each when its content
 * differs from the one recorded in `db_functions` (migration 0050) — Flyway's repeatable migrations. A file whose
 * argument list changed makes a new overload: applying it drops every other function of that name, so the old
 * signature never lingers (a function retired altogether goes through a migration that drops it). The test
 * tests/server/db/functions-as-files.test.ts fails on a function without a file, a file without a function, or a
 * live body that differs from its file.
 */
export const FUNCTIONS_DIR = path.join(ROOT, 'server', 'db', 'functions');

export interface FunctionFile {
  /** The function's name, which is the file's name. */
  name: string;
  sql: string;
  hash: string;
}

export function functionFiles(dir = FUNCTIONS_DIR): FunctionFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const sql = readFileSync(path.join(dir, file), 'utf8');
      return { name: file.slice(0, -'.sql'.length), sql, hash: createHash('sha256').update(sql).digest('hex') };
    });
}

/** Runs one statement; `params` only where the statement has placeholders. */
export type RunSql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** Applies the files whose content changed since they were last applied; answers the names applied. */
export async function applyFunctions(run: RunSql, files: FunctionFile[] = functionFiles()): Promise<string[]> {
  const recorded = new Map((await run<{ name: string; hash: string }>('SELECT name, hash FROM db_functions')).map((row) => [row.name, row.hash]));
  const applied: string[] = [];
  for (const file of files) {
    if (recorded.get(file.name) === file.hash) continue;
    await run(file.sql);
    await dropOtherOverloads(run, file);
    await run('INSERT INTO db_functions (name, hash) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET hash = EXCLUDED.hash, applied_at = now()', [
      file.name,
      file.hash,
    ]);
    applied.push(file.name);
  }
  return applied;
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The argument list a file's function declares (as pg_get_function_arguments prints it, OUT arguments included). */
export function argumentsOf(file: FunctionFile): string {
  const match = new RegExp(`FUNCTION public\\.${file.name}\\(([\\s\\S]*?)\\)\\s*RETURNS`).exec(file.sql);
  if (!match) throw new Error(`server/db/functions/${file.name}.sql: no "CREATE OR REPLACE FUNCTION public.${file.name}(…) RETURNS" header`);
  return squeeze(match[1]!);
}

/**
 * After a file ran: every function of its name whose arguments are not the file's is an old signature, dropped. A
 * file whose argument list the database does not print back as written is an error, not a reason to drop them all.
 */
async function dropOtherOverloads(run: RunSql, file: FunctionFile): Promise<void> {
  const wanted = argumentsOf(file);
  const overloads = await run<{ signature: string; args: string }>(
    `SELECT p.oid::regprocedure::text AS signature, pg_get_function_arguments(p.oid) AS args FROM pg_proc p
     WHERE p.proname = $1 AND p.pronamespace = 'public'::regnamespace`,
    [file.name],
  );
  if (!overloads.some((o) => squeeze(o.args) === wanted))
    throw new Error(`server/db/functions/${file.name}.sql: write its arguments as the database prints them (${overloads.map((o) => o.args).join(' | ')})`);
  for (const o of overloads) if (squeeze(o.args) !== wanted) await run(`DROP FUNCTION ${o.signature}`);
}
