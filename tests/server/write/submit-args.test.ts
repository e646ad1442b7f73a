import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manyParams, SUBMIT_ARGS, submitParams, type SubmitArgs } from '../../../server/services/submit/submit-batch.service';

const MIGRATIONS = path.resolve('server/db/migrations');

/** The parameter names of the newest definition of a SQL function, as written in the migrations (`p_public_id` → publicId). */
function parametersOf(fn: string): string[] {
  const pattern = new RegExp(`FUNCTION "${fn}"\\(([\\s\\S]*?)\\)\\s*(?:RETURNS|LANGUAGE)`, 'g');
  const definitions = readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .flatMap((name) => [...readFileSync(path.join(MIGRATIONS, name), 'utf8').matchAll(pattern)].map((m) => m[1]!));
  return [...definitions.at(-1)!.matchAll(/\bp_(\w+)/g)].map((m) => m[1]!.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()));
}

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
});

describe('the submit statement’s arguments by name (submit-batch.service.ts)', () => {
  it('SUBMIT_ARGS is wj_submit’s parameter list, in order, as the migrations define it', () => {
    expect(SUBMIT_ARGS).toEqual(parametersOf('wj_submit'));
  });

  it('places each named argument at its parameter: the answers and result as JSON, lists as array literals', () => {
    const params = submitParams(sheet(7));
    expect(params).toHaveLength(24);
    expect(params[SUBMIT_ARGS.indexOf('project')]).toBe(7);
    expect(params[SUBMIT_ARGS.indexOf('answers')]).toBe('{"q":7}');
    expect(params[SUBMIT_ARGS.indexOf('optionIds')]).toBe('{10,20}');
    expect(params[SUBMIT_ARGS.indexOf('cap')]).toBeNull();
  });

  it('builds wj_submit_many’s 27 parameters from several sheets, each list group after its end offsets', () => {
    const names = parametersOf('wj_submit_many');
    const params = manyParams([sheet(1), sheet(2)]);
    expect(params).toHaveLength(names.length);
    const at = (name: string) => params[names.indexOf(name)];
    expect(at('project')).toBe('{1,2}');
    expect(at('answers')).toBe('[{"q":1},{"q":2}]');
    expect(at('choiceEnds')).toBe('{2,4}');
    expect(at('optionIds')).toBe('{10,20,10,20}');
    expect(at('shards')).toBe(16);
    expect(at('quotaEnds')).toBe('{1,2}');
    expect(at('limitValues')).toBe('{1,1}');
    expect(at('cap')).toBe('{NULL,NULL}');
  });
});
