import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import * as CALL_PATHS from '../../../schemas/api/paths/calls';
import * as FILE_PATHS from '../../../schemas/api/paths/files';
import type { TAnswerOf, TBodyOf, TCallPath } from '../../../schemas/api/call-path-types';
import type { TResponseOf } from '../../../schemas/api/contract';
import type { writeCalls } from '../../../schemas/api/write';
import { DOC_PATHS } from '../../../server/routes/docs/api-docs.routes';
import { PATHS_DIR, pathModules } from '../../../scripts/call-paths';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// Issue 45 item 4: the phone pages take their paths from CALL_PATHS / FILE_PATHS (schemas/api/paths/, generated
// from the contracts) and their callOf accepts only the table's paths. This holds the table to the
// server: every path in it is a route the app registered, and every route is in it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const values = (table: Record<string, Record<string, unknown>>) => Object.values(table).flatMap((group) => Object.values(group));

describe('the table of call paths', () => {
  it('is what scripts/call-paths.ts makes of the contracts today (run it after adding, renaming or removing a call)', () => {
    const made = pathModules();
    expect(readdirSync(PATHS_DIR).sort()).toEqual([...made.keys()].sort());
    for (const [name, source] of made) expect(readFileSync(path.join(PATHS_DIR, name), 'utf8'), name).toBe(source);
  });

  it('equals the routes the server registered: each POST call and each GET file route, no more, no fewer', () => {
    const registered = t.app.apiRoutes.filter((r) => !(DOC_PATHS as readonly string[]).includes(r.path));
    const posts = registered.filter((r) => r.method === 'POST').map((r) => r.path);
    const gets = registered.filter((r) => r.method === 'GET').map((r) => r.path);
    expect(new Set(values(CALL_PATHS)).size).toBe(values(CALL_PATHS).length);
    expect([...values(CALL_PATHS)].sort()).toEqual([...posts].sort());
    expect([...values(FILE_PATHS)].sort()).toEqual([...gets].sort());
  });

  it("types a call by its path: only registered paths, with their contract's body and answer", () => {
    expectTypeOf<typeof CALL_PATHS.write.submit>().toEqualTypeOf<'active/write/submit'>();
    expectTypeOf<TAnswerOf<typeof CALL_PATHS.write.getQuestion>>().toEqualTypeOf<TResponseOf<typeof writeCalls.getQuestion>>();
    expectTypeOf<TBodyOf<typeof CALL_PATHS.vote.getVotePraise>>().toHaveProperty('ballotId');
    // Every contract keeps its literal path (a helper that widens one to `${prefix}${string}` would match any path).
    expectTypeOf<'active/write/noSuchCall'>().not.toMatchTypeOf<TCallPath>();
    expectTypeOf<string>().not.toMatchTypeOf<TCallPath>();
  });
});
