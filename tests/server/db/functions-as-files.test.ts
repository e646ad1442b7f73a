import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import { applyFunctions, functionFiles, type FunctionFile } from '../../../server/db/functions';
import { engineName, openTestDatabase } from '../../helpers/test-db';

/**
 * Issue 45 item 1: each function of the database lives as one current file (server/db/functions/<name>.sql), applied
 * after the migrations when it changes. A function without a file, a file without a function, or a live definition
 * that is not its file's, fails here.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close());

const ROLLBACK = new Error('rollback');
const definition =
  'SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 AND p.proname = $2';

/** The functions of the public schema by name. */
async function liveFunctions(): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/**
 * The files whose function, as it is live, is not what the file makes: each file is run in a transaction that is
 * rolled back, and the definition the database prints after it is compared with the one before (the same printer on
 * both sides, so PostgreSQL's and PGlite's layout cannot differ).
 */
async function drifted(files: FunctionFile[]): Promise<string[]> {
  const names: string[] = [];
  for (const file of files) {
    await database
      .transaction(async (query) => {
        const [before] = await query<{ def: string }>(definition, ['public', file.name]);
        await query(file.sql);
        const [after] = await query<{ def: string }>(definition, ['public', file.name]);
        if (!before || before.def !== after?.def) names.push(file.name);
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
  }
  return names;
}

describe(`the database's functions as files on ${engineName()}`, () => {
  it('every function of a migrated database has exactly one file, and every file a function', async () => {
    const files = functionFiles().map((file) => file.name);
    expect(files.length).toBeGreaterThanOrEqual(9);
    expect(await liveFunctions()).toEqual(files);
    // One file holds one function, named as the file.
    for (const file of functionFiles()) {
      expect(file.sql.match(/CREATE OR REPLACE FUNCTION/g), file.name).toHaveLength(1);
      expect(file.sql, file.name).toContain(`FUNCTION public.${file.name}(`);
    }
  });

  it('each live definition is its file, and the dead wj_vote is gone', async () => {
    expect(await drifted(functionFiles())).toEqual([]);
    expect(await liveFunctions()).not.toContain('wj_vote');
    // The check sees a difference: a file with another body drifts.
    const [first] = functionFiles();
    const changed = { ...first!, sql: first!.sql.replace('BEGIN', 'BEGIN\n\tPERFORM 1;') };
    expect(await drifted([changed])).toEqual([first!.name]);
  });

  it('a function whose file changed is applied at the next migration, and only it; an unchanged set applies nothing', async () => {
    expect(await applyFunctions(database.query)).toEqual([]);
    const files = functionFiles();
    const target = files.find((file) => file.name === 'wj_bump_conclusions_version')!;
    const edited = { ...target, sql: target.sql.replace('RETURN NULL;', 'RETURN NULL; -- edited'), hash: `${target.hash}-edited` };
    const next = files.map((file) => (file === target ? edited : file));
    expect(await applyFunctions(database.query, next)).toEqual(['wj_bump_conclusions_version']);
    const [live] = await database.query<{ def: string }>(definition, ['public', target.name]);
    expect(live!.def).toContain('-- edited');
    expect(await applyFunctions(database.query, next)).toEqual([]);
    // Back to the file, as the next start of this code would.
    expect(await applyFunctions(database.query)).toEqual(['wj_bump_conclusions_version']);
    expect(await drifted(files)).toEqual([]);
  });

  it('a file whose arguments changed replaces the old signature: the other overload is dropped, not left beside it', async () => {
    const probe = (args: string, body: string): FunctionFile => {
      const sql = `CREATE OR REPLACE FUNCTION public.wj_probe(${args})\n RETURNS integer\n LANGUAGE sql\nAS $function$ SELECT ${body} $function$;`;
      return { name: 'wj_probe', sql, hash: sql };
    };
    const overloads = async () =>
      (
        await database.query<{ args: string }>(
          `SELECT pg_get_function_arguments(oid) AS args FROM pg_proc WHERE proname = 'wj_probe' AND pronamespace = 'public'::regnamespace`,
        )
      ).map((row) => row.args);
    try {
      expect(await applyFunctions(database.query, [probe('a integer', 'a')])).toEqual(['wj_probe']);
      expect(await applyFunctions(database.query, [probe('a integer, b text', 'a + length(b)')])).toEqual(['wj_probe']);
      expect(await overloads()).toEqual(['a integer, b text']);
      // Arguments written otherwise than the database prints them: refused before anything is dropped.
      await expect(applyFunctions(database.query, [probe('a INTEGER', 'a * 2')])).rejects.toThrow(/as the database prints them/);
      expect((await overloads()).sort()).toEqual(['a integer', 'a integer, b text']);
    } finally {
      await database.query('DROP FUNCTION IF EXISTS wj_probe(integer)');
      await database.query('DROP FUNCTION IF EXISTS wj_probe(integer, text)');
      await database.query(`DELETE FROM db_functions WHERE name = 'wj_probe'`);
    }
    expect(await liveFunctions()).toEqual(functionFiles().map((file) => file.name));
  });

  it('no migration after 0050 defines a function: a change goes to its file', () => {
    const dir = path.resolve('server/db/migrations');
    const later = readdirSync(dir).filter((name) => /^\d{4}_.*\.sql$/.test(name) && Number(name.slice(0, 4)) > 50);
    for (const name of later) expect(readFileSync(path.join(dir, name), 'utf8'), name).not.toMatch(/CREATE (OR REPLACE )?FUNCTION/i);
  });
});
