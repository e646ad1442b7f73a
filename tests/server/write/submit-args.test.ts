import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import { manyParams, SHEET_FIELDS, submitParams, type SubmitArgs } from '../../../server/services/submit/submit-batch.service';
import { engineName, openTestDatabase } from '../../helpers/test-db';

/**
 * The submit's arguments by name (issue 45 item 3): wj_submit and wj_submit_many take one JSON argument read into the
 * composite type wj_sheet by field name; SHEET_FIELDS declares that type on the TypeScript side.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close());

const sheet = (n: number): SubmitArgs => ({
  project: n,
  version: 3,
  stamp: 's',
  publicId: `p${n}`,
  submission: `sub${n}`,
  hash: 'h',
  user: null,
  device: 'd',
  ip: '1.2.3.4',
  source: 'web',
  answers: { q: n },
  result: { ok: true },
  score: null,
  duration: 12,
  suspect: false,
  subjectIds: [1, 2],
  optionIds: [10, 20],
  shards: 16,
  quotaIds: ['a'],
  quotaLimits: [5],
  limitKinds: ['device'],
  limitKeys: ['d'],
  limitValues: [1],
  cap: null,
  wechatOpenid: null,
});

/** A function's argument list as the database prints it. */
const argumentsOf = async (name: string) =>
  (
    await database.query<{ args: string }>(
      `SELECT pg_get_function_arguments(p.oid) AS args FROM pg_proc p WHERE p.proname = $1 AND p.pronamespace = 'public'::regnamespace`,
      [name],
    )
  ).map((row) => row.args);

describe(`the submit statement's arguments by name on ${engineName()}`, () => {
  it('SHEET_FIELDS is the live type wj_sheet: every field, its name and its SQL type', async () => {
    const rows = await database.query<{ name: string; type: string }>(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
       WHERE a.attrelid = 'wj_sheet'::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, row.type]))).toEqual(SHEET_FIELDS);
  });

  it('the submit functions take one JSON argument; the 24- and 27-argument signatures are gone', async () => {
    expect(await argumentsOf('wj_submit')).toEqual(['p jsonb, OUT outcome text, OUT replay jsonb, OUT envelope boolean']);
    expect(await argumentsOf('wj_submit_many')).toEqual(['ps jsonb']);
  });

  it('a sheet goes as one object, its fields by name, the chosen ids as array literals; a batch as one array of them', () => {
    // A null field is left out (wj_sheet reads a missing field as NULL); toEqual takes `undefined` as missing.
    const sent = (n: number) => ({
      ...sheet(n),
      user: undefined,
      score: undefined,
      cap: undefined,
      wechatOpenid: undefined,
      subjectIds: '{1,2}',
      optionIds: '{10,20}',
    });
    expect(JSON.parse(submitParams(sheet(7))[0])).toEqual(sent(7));
    const [many] = manyParams([sheet(1), sheet(2)]);
    expect(JSON.parse(many)).toEqual([sent(1), sent(2)]);
  });

  it('the chosen ids reach wj_sheet as the integers they were, and no ids as an empty array', async () => {
    const read = async (args: SubmitArgs) =>
      (
        await database.query<Pick<SubmitArgs, 'subjectIds' | 'optionIds'>>('SELECT (jsonb_populate_record(NULL::wj_sheet, $1::jsonb)).*', submitParams(args))
      )[0]!;
    const many = { ...sheet(3), subjectIds: [7, 2_000_000_000, 7], optionIds: [1, 40_000, 3] };
    expect(await read(many)).toMatchObject({ subjectIds: [7, 2_000_000_000, 7], optionIds: [1, 40_000, 3] });
    expect(await read({ ...sheet(4), subjectIds: [], optionIds: [] })).toMatchObject({ subjectIds: [], optionIds: [] });
  });

  it('nulls and empty lists are left out of the JSON and read as NULL: no quota, no limit, no cap', async () => {
    const bare = { ...sheet(5), quotaIds: [], quotaLimits: [], limitKinds: [], limitKeys: [], limitValues: [] };
    const [sent] = submitParams(bare);
    expect(Object.keys(JSON.parse(sent)).sort()).toEqual(
      [
        'answers',
        'device',
        'duration',
        'hash',
        'ip',
        'optionIds',
        'project',
        'publicId',
        'result',
        'shards',
        'source',
        'stamp',
        'subjectIds',
        'submission',
        'suspect',
        'version',
      ].sort(),
    );
    const [row] = await database.query<Record<string, unknown>>('SELECT (jsonb_populate_record(NULL::wj_sheet, $1::jsonb)).*', [sent]);
    expect(row).toMatchObject({ quotaIds: null, quotaLimits: null, limitKinds: null, limitKeys: null, limitValues: null, cap: null, user: null, score: null });
  });

  it('every field of a sheet reaches wj_sheet under its own name', async () => {
    const args = sheet(7);
    const [row] = await database.query<Record<string, unknown>>('SELECT (jsonb_populate_record(NULL::wj_sheet, $1::jsonb)).*', submitParams(args));
    expect(row).toEqual(args);
  });
});
