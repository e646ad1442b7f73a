import { describe, expect, it } from 'vitest';
import { quickChoiceAnswer, ZChoiceAnswer } from '../../../schemas/subjects/choice';
import { subjectEntry } from '../../../schemas/subjects/registry';

/**
 * Issue 54: the choice answer's hand check must give what ZChoiceAnswer gives wherever it answers at all, and leave
 * to the schema every value it cannot answer for.
 */
const ids = (n: number, make = (i: number) => `o${i}`) => Array.from({ length: n }, (_, i) => make(i));
const values: unknown[] = [
  { optionIds: ['a'] },
  { optionIds: [] },
  { optionIds: ids(500) },
  { optionIds: ids(501) },
  { optionIds: ['x'.repeat(64)] },
  { optionIds: ['x'.repeat(65)] },
  { optionIds: [''] },
  { optionIds: ['  '] },
  { optionIds: ['\u3000'] },
  { optionIds: ['__proto__'] },
  { optionIds: [' a '] },
  { optionIds: ['选项一', 'b'] },
  { optionIds: [1] },
  { optionIds: [null] },
  { optionIds: ['a', ['b']] },
  { optionIds: 'a' },
  { optionIds: ['a'], texts: { a: 'fill' } },
  { optionIds: ['a'], texts: { a: 1 } },
  { optionIds: ['a'], other: 1 },
  { optionIds: ['a'], texts: undefined },
  JSON.parse('{"optionIds":["a"],"__proto__":{"x":1}}'),
  Object.assign(Object.create({ inherited: 1 }), { optionIds: ['a'] }),
  Object.assign(Object.create(null), { optionIds: ['a'] }),
  { texts: {} },
  ['a'],
  'a',
  7,
  null,
];

describe('the quick choice answer check', () => {
  it.each(values.map((v, i) => [i, v]))('value %i: the same answer as the schema, or none', (_i, value) => {
    const quick = quickChoiceAnswer(value);
    const parsed = ZChoiceAnswer.safeParse(value);
    if (quick === undefined) return;
    expect(parsed.success).toBe(true);
    expect(quick).toStrictEqual(parsed.data);
  });

  it('answers for the common shape, so the schema is not run for it', () => {
    expect(quickChoiceAnswer({ optionIds: ['a', 'b'] })).toStrictEqual({ optionIds: ['a', 'b'] });
    expect(quickChoiceAnswer(JSON.parse('{"optionIds":["x1"]}'))).toStrictEqual({ optionIds: ['x1'] });
  });

  it('a single choice subject reads the same facts and messages through it as through the schema', () => {
    const entry = subjectEntry(1);
    const subject = entry.create({
      uuid: 's1',
      indexSort: 1,
      newId: (() => {
        let n = 0;
        return () => `o${++n}`;
      })(),
    });
    const option = (subject as { options: { uuid: string }[] }).options[0]!.uuid;
    const seen = entry.inspect(subject, { optionIds: [option] });
    expect(seen.messages).toEqual([]);
    expect(seen.facts.chosen).toEqual([option]);
    expect(entry.inspect(subject, { optionIds: ['nope'] }).messages.length).toBeGreaterThan(0);
    expect(entry.inspect(subject, { optionIds: [option, option] }).messages.length).toBeGreaterThan(0);
  });
});
