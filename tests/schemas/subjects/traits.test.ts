// The traits each type file declares (schemas/subjects/traits.ts) agree with what the type does: its default
// subject, its validator and its answer facts. A wrong trait on a type file fails one of these.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { answerFiles } from '../../../schemas/subjects/answer-files';
import { isMultipleSubject, subjectRegistry, type TSubject } from '../../../schemas/subjects/registry';
import { isNumberedSubjectType, SUBJECT_TYPE, SUBJECT_TYPE_NUMBERS } from '../../../schemas/subjects/subject-types';
import { pointsFrom, withDefaults } from '../../../schemas/subjects/traits';
import { answerOf, subjectOf } from '../helpers/subject-arbitraries';

const RUNS = { numRuns: 60 };
const make = (subjectType: number, required = true): TSubject & Record<string, unknown> => {
  let n = 0;
  const s = subjectRegistry.get(subjectType)!.create({ uuid: 's1', indexSort: 1, newId: () => `id${++n}` }) as TSubject & Record<string, unknown>;
  return { ...s, required };
};
/** Generated subjects with a valid, non-empty answer. */
const answered = (subjectType: number) =>
  subjectOf(subjectType)
    .map((s) => ({ ...s, required: true }) as TSubject)
    .chain((s) => (answerOf(s) ?? fc.constant(undefined)).map((a) => [s, a] as const));

test('every type number has an entry and SUBJECT_TYPE names each once', () => {
  expect([...subjectRegistry.keys()].sort((a, b) => a - b)).toEqual(SUBJECT_TYPE_NUMBERS);
  expect(new Set(Object.values(SUBJECT_TYPE)).size).toBe(SUBJECT_TYPE_NUMBERS.length);
});

describe.each([...subjectRegistry.keys()])('type %i', (subjectType) => {
  const entry = subjectRegistry.get(subjectType)!;
  const subject = make(subjectType);

  test('numbered agrees with isNumberedSubjectType; unnumbered types are layout blocks', () => {
    expect(entry.numbered).toBe(isNumberedSubjectType(subjectType));
    if (!entry.numbered) expect(entry.answerable).toBe(false);
  });

  test('answerable: a required subject left empty reads 必填; a layout block never asks', () => {
    const codes = entry.validate(subject, undefined).map((m) => m.code);
    expect(codes).toEqual(entry.answerable ? ['required'] : []);
    expect(entry.answer !== undefined).toBe(entry.answerable);
  });

  test('reportKind and exportFormat are none exactly when the type takes no answer', () => {
    expect(entry.reportKind === 'none').toBe(!entry.answerable);
    expect(entry.exportFormat === 'none').toBe(!entry.answerable);
  });

  test('hasOptions: the default subject has an options list', () => {
    expect(Array.isArray(subject.options)).toBe(entry.hasOptions);
  });

  test('matrix: the default subject has rows; matrix export formats are for matrices only', () => {
    expect(Array.isArray(subject.rows)).toBe(entry.matrix);
    if (entry.exportFormat === 'matrix' || entry.exportFormat === 'matrixChoice') expect(entry.matrix).toBe(true);
    if (entry.reportKind === 'matrix') expect(entry.matrix).toBe(true);
  });

  test("multiple: 'bySubject' reads a boolean field of the subject; single-choice option types refuse two options", () => {
    if (entry.multiple === 'bySubject') {
      expect(typeof subject.multiple).toBe('boolean');
      expect(isMultipleSubject({ ...subject, multiple: true } as TSubject)).toBe(true);
      expect(isMultipleSubject({ ...subject, multiple: false } as TSubject)).toBe(false);
    } else expect(isMultipleSubject(subject)).toBe(entry.multiple);
    if (entry.hasOptions && !isMultipleSubject(subject)) {
      const [a, b] = (subject.options as { uuid: string }[]).map((o) => o.uuid);
      expect(entry.validate(subject, { optionIds: [a, b] }).map((m) => m.code)).toContain('single-only');
    }
  });

  test('valid answers agree with reportKind, words, uploads and multiple', () => {
    if (!entry.answerable) return;
    fc.assert(
      fc.property(answered(subjectType), ([s, a]) => {
        fc.pre(a !== undefined);
        const parsed = entry.parse(s, a);
        expect(parsed.ok && !parsed.empty).toBe(true);
        if (!parsed.ok || parsed.empty) return;
        const facts = entry.facts(s, a);
        if (entry.reportKind === 'number') expect(typeof parsed.value).toBe('number');
        if (entry.words) expect(typeof parsed.value).toBe('string');
        if (entry.reportKind === 'choice' && !isMultipleSubject(s)) expect(facts.chosen.length).toBeLessThanOrEqual(1);
        if (entry.reportKind === 'choice' && entry.hasOptions) {
          const ids = new Set((s as { options: { uuid: string }[] }).options.map((o) => o.uuid));
          expect(facts.chosen.every((id) => ids.has(id))).toBe(true);
        }
        expect(answerFiles(subjectType, a).length > 0).toBe(entry.uploads);
      }),
      RUNS,
    );
  });

  test('points: each point is a valid answer, the next one past the end is not', () => {
    if (!entry.points) return;
    const points = entry.points(subject);
    expect(points.length).toBeGreaterThan(1);
    const answer = (v: number): unknown => {
      if (entry.matrix) return Object.fromEntries((subject.rows as { uuid: string }[]).map((r) => [r.uuid, v]));
      if (subjectType === SUBJECT_TYPE.evaluation) return [{ evaluateType: 1, score: v }];
      return v;
    };
    for (const p of points) expect(entry.validate(subject, answer(p.value))).toEqual([]);
    expect(entry.validate(subject, answer(points.at(-1)!.value + 1))).not.toEqual([]);
  });

  test('gauge types are answered on a scale: a number answer or points', () => {
    if (entry.gauge) expect(entry.reportKind === 'number' || entry.points !== undefined).toBe(true);
  });
});

describe('defaults', () => {
  test('a type states only what differs: export follows the report kind, uploads and matrices', () => {
    expect(withDefaults({}, true)).toMatchObject({ reportKind: 'text', exportFormat: 'text', hasOptions: false, multiple: false });
    expect(withDefaults({}, false)).toMatchObject({ reportKind: 'none', exportFormat: 'none' });
    expect(withDefaults({ reportKind: 'choice', hasOptions: true }, true).exportFormat).toBe('choice');
    expect(withDefaults({ reportKind: 'number' }, true).exportFormat).toBe('number');
    expect(withDefaults({ reportKind: 'sum' }, true).exportFormat).toBe('text');
    expect(withDefaults({ uploads: true }, true).exportFormat).toBe('files');
    expect(withDefaults({ matrix: true }, true).exportFormat).toBe('matrix');
    expect(withDefaults({ matrix: true, exportFormat: 'matrixChoice' }, true).exportFormat).toBe('matrixChoice');
  });

  test('pointsFrom lists every point once, in order', () => {
    expect(pointsFrom(1, 3, (v) => `${v}星`)).toEqual([
      { value: 1, title: '1星' },
      { value: 2, title: '2星' },
      { value: 3, title: '3星' },
    ]);
  });
});
