import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_CONTRACTS, FILE_ROUTES } from '../../schemas/api/calls';
import { contract } from '../../schemas/api/contract';
import { INT4_MAX, INT4_MIN, zInt } from '../../schemas/int';
import { integerFields } from '../helpers/integer-fields';

/**
 * Every integer a request carries lands in an int4 column, counter or parameter (schemas/int.ts): a contract that
 * lets one past that range through turns bad input into a database fault ("500"), as
 * active/template/getHotTemplateSearchPage {"questionType":-2147483649} once did. A field kept in a wider column says so here.
 */
const WIDER_COLUMNS = new Map<string, { max: number; why: string }>([
  [
    'GET activity/question/solitaire/events lastEventId',
    { max: Number.MAX_SAFE_INTEGER, why: 'chain_events.id is a bigserial; the route refuses a value past a JSON-exact integer' },
  ],
  [
    'activity/user/revokeSession sessionId',
    { max: Number.MAX_SAFE_INTEGER, why: 'sessions.id is a bigserial (migration 0054); the contract refuses a value past a JSON-exact integer' },
  ],
]);

/** The integer fields of a set of contracts that are not bounded to their column's range. */
function unbounded(requests: { name: string; schema: z.ZodType }[]): string[] {
  const out: string[] = [];
  for (const { name, schema } of requests) {
    for (const field of integerFields(schema)) {
      const key = `${name} ${field.path.join('.')}`;
      const max = WIDER_COLUMNS.get(key)?.max ?? INT4_MAX;
      const min = WIDER_COLUMNS.has(key) ? -max : INT4_MIN;
      if (!(field.min >= min && field.max <= max)) out.push(`${key} [${field.min}, ${field.max}]`);
    }
  }
  return [...new Set(out)];
}

const everyRequest = () => [
  ...ALL_CONTRACTS.map((c) => ({ name: c.path, schema: c.request })),
  ...FILE_ROUTES.map((r) => ({ name: `GET ${r.path}`, schema: r.query })),
];

describe('integer fields of the request contracts', () => {
  it('walks every contract and finds the integer fields in nested objects, arrays, unions and records', () => {
    const fields = everyRequest().flatMap(({ name, schema }) => integerFields(schema).map((f) => `${name} ${f.path.join('.')}`));
    expect(fields.length).toBeGreaterThan(150);
    expect(fields).toContain('active/template/getHotTemplateSearchPage questionType');
    expect(fields).toContain('activity/question/saveOrUpdateWxQuestion subjects.[].products.[].stock');
    expect(fields).toContain('activity/question/saveLogic logic.quotas.[].limit');
  });

  it('bounds every one to its column (int4 unless listed as wider)', () => {
    expect(unbounded(everyRequest())).toEqual([]);
  });

  it('fails on an unbounded integer, a bound past int4, and one hidden in a nested array or union', () => {
    const bad = contract({
      path: 'fixture/unbounded',
      auth: 'optional',
      response: z.null(),
      request: z.object({
        plain: z.number().int(),
        wide: z.number().int().min(0).max(1e10),
        ok: zInt(1, 100),
        rows: z.array(z.union([z.object({ n: z.number().int().min(1) }), z.object({ s: z.string() })])).optional(),
      }),
    });
    expect(unbounded([{ name: bad.path, schema: bad.request }])).toEqual([
      'fixture/unbounded plain [-Infinity, Infinity]',
      'fixture/unbounded wide [0, 10000000000]',
      'fixture/unbounded rows.[].n [1, Infinity]',
    ]);
  });

  it('zInt refuses bounds wider than int4 and names the limit in Chinese', () => {
    expect(() => zInt(0, 1e10)).toThrow(/int4/);
    expect(zInt().safeParse(INT4_MAX + 1).error?.issues[0]?.message).toBe(`不能大于 ${INT4_MAX}`);
    expect(zInt().safeParse(INT4_MIN - 1).error?.issues[0]?.message).toBe(`不能小于 ${INT4_MIN}`);
    expect(zInt().safeParse(1.5).success).toBe(false);
    expect(zInt(0, 10).parse(10)).toBe(10);
  });
});
