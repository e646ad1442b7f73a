// Property tests over every subject type: generated valid subjects and answers validate cleanly and
// format; arbitrary JSON and near-miss answers either parse or yield messages, never throw.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ZSubject, subjectRegistry } from '../../../schemas/subjects/registry';
import { answerOf, mutated, subjectOf } from '../helpers/subject-arbitraries';

const RUNS = { numRuns: 150 };

describe.each([...subjectRegistry.keys()])('subject type %i', (subjectType) => {
  const entry = subjectRegistry.get(subjectType)!;
  const subject = subjectOf(subjectType);

  test('a generated subject belongs to the union', () => {
    fc.assert(
      fc.property(subject, (s) => {
        expect(ZSubject.safeParse(s).success).toBe(true);
      }),
      RUNS,
    );
  });

  test('a valid answer validates cleanly and formats', () => {
    const pair = subject.chain((s) => (answerOf(s) ?? fc.constant(Symbol.for('none'))).map((a) => [s, a] as const));
    fc.assert(
      fc.property(pair, ([s, a]) => {
        fc.pre(a !== Symbol.for('none'));
        expect(entry.validate(s, a)).toEqual([]);
        const parsed = entry.parse(s, a);
        expect(parsed.ok).toBe(true);
        if (parsed.ok && !parsed.empty) expect(typeof entry.format(s, parsed.value)).toBe('string');
        expect(typeof entry.formatRaw(s, a)).toBe('string');
        expect(entry.facts(s, a).empty).toBe(parsed.ok && parsed.empty);
      }),
      RUNS,
    );
  });

  test('arbitrary JSON as an answer parses or yields messages, never throws', () => {
    fc.assert(
      fc.property(subject, fc.jsonValue({ maxDepth: 3 }), (s, json) => {
        expectGraceful(s, json);
      }),
      RUNS,
    );
  });

  test('a near-miss answer parses or yields messages, never throws', () => {
    const pair = subject.chain((s) => (answerOf(s) ?? fc.constant(undefined)).chain((a) => mutated(a)).map((a) => [s, a] as const));
    fc.assert(
      fc.property(pair, ([s, a]) => {
        expectGraceful(s, a);
      }),
      RUNS,
    );
  });

  function expectGraceful(s: Parameters<typeof entry.validate>[0], answer: unknown) {
    const messages = entry.validate(s, answer);
    expect(Array.isArray(messages)).toBe(true);
    for (const m of messages) expect(m.message).toMatch(/\S/);
    if (messages.length === 0) expect(entry.parse(s, answer).ok).toBe(true);
    expect(typeof entry.formatRaw(s, answer)).toBe('string');
    entry.facts(s, answer);
  }
});
