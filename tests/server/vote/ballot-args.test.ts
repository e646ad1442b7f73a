import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import { FUNCTIONS_DIR } from '../../../server/db/functions';
import { BALLOT_FIELDS } from '../../../server/services/vote/ballot-strategy';
import { engineName, openTestDatabase } from '../../helpers/test-db';

/**
 * A ballot's arguments by name (issue 45 item 3): wj_ballot and wj_ballots take one JSON argument (a ballot, an array
 * of ballots) built from BallotInput; BALLOT_FIELDS declares its fields. wj_ballots reads them into wj_ballot_in by
 * name, wj_ballot_held by key: a field renamed on one side only fails here.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close());

/** The keys a function file reads from its jsonb argument `p` (p->>'voteId', p->'players'). */
const keysRead = (name: string) => [...readFileSync(path.join(FUNCTIONS_DIR, `${name}.sql`), 'utf8').matchAll(/\bp\s*->>?\s*'(\w+)'/g)].map((m) => m[1]!);

describe(`the ballot's arguments by name on ${engineName()}`, () => {
  it('BALLOT_FIELDS is the live type wj_ballot_in: every field, its name and its SQL type', async () => {
    const rows = await database.query<{ name: string; type: string }>(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
       WHERE a.attrelid = 'wj_ballot_in'::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, row.type]))).toEqual(BALLOT_FIELDS);
  });

  it('wj_ballot and wj_ballot_held read only keys BALLOT_FIELDS declares', () => {
    const read = [...keysRead('wj_ballot'), ...keysRead('wj_ballot_held')];
    expect(read.length).toBeGreaterThan(10);
    expect(read.filter((key) => !(key in BALLOT_FIELDS))).toEqual([]);
  });

  it('the ballot functions take one JSON argument each', async () => {
    const rows = await database.query<{ name: string; args: string }>(
      `SELECT p.proname AS name, pg_get_function_arguments(p.oid) AS args FROM pg_proc p
       WHERE p.proname IN ('wj_ballot', 'wj_ballots') AND p.pronamespace = 'public'::regnamespace ORDER BY 1`,
    );
    expect(rows).toEqual([
      { name: 'wj_ballot', args: 'p jsonb, OUT outcome text, OUT result jsonb' },
      { name: 'wj_ballots', args: 'ps jsonb' },
    ]);
  });
});
