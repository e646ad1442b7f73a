import fc from 'fast-check';
import { expect, test } from 'vitest';
import { compileLogic } from '../../../schemas/logic/compile';
import { validateSheet, validateSheetByEvaluator } from '../../../schemas/logic/sheet';
import { all, chose, logic, pick, survey } from './fixtures';

const subjects = survey(['single', 'text', 'single', 'text']).map((s) => ({ ...s, required: true }));
const compiled = compileLogic(
  subjects,
  logic({
    display: [{ id: 'd', target: 'q2', when: all(chose('q1', 'q1a')) }],
    optionLinkage: [{ id: 'l', target: 'q3', options: ['q3c'], when: all(chose('q1', 'q1b')) }],
    quotas: [{ id: 'full', basis: 'option', subject: 'q1', option: 'q1c', limit: 1, onFull: { action: 'end', message: '已满' } }],
  }),
);

test('a hidden subject is not demanded, and an answer to it is refused', () => {
  const empty = validateSheet(compiled, { q1: pick('q1b'), q2: null, q3: pick('q3a'), q4: '好' });
  expect(empty.ok).toBe(true);
  expect(empty.answers).toEqual({ q1: pick('q1b'), q3: pick('q3a'), q4: '好' });
  const answered = validateSheet(compiled, { q1: pick('q1b'), q2: '不该填写', q3: pick('q3a'), q4: '好' });
  expect(answered.ok).toBe(false);
  expect(answered.messages).toEqual({ q2: [{ code: 'hidden-subject', message: '此题当前不显示，不能作答' }] });
});

test('subjects a jump skips must be empty', () => {
  const jumped = compileLogic(subjects, logic({ jumps: [{ id: 'j', from: 'q1', when: all(chose('q1', 'q1b')), to: { kind: 'subject', subject: 'q4' } }] }));
  expect(validateSheet(jumped, { q1: pick('q1b'), q4: '好' }).ok).toBe(true);
  const check = validateSheet(jumped, { q1: pick('q1b'), q3: pick('q3a'), q4: '好' });
  expect(Object.keys(check.messages)).toEqual(['q3']);
  expect(check.messages.q3![0]!.code).toBe('hidden-subject');
});

test('a visible required subject is demanded', () => {
  const check = validateSheet(compiled, { q1: pick('q1a'), q3: pick('q3a'), q4: '好' });
  expect(check.ok).toBe(false);
  expect(check.messages.q2!.map((m) => m.code)).toEqual(['required']);
});

test('an option hidden by logic cannot be chosen', () => {
  const check = validateSheet(compiled, { q1: pick('q1a'), q2: 'x', q3: pick('q3c'), q4: '好' });
  expect(check.messages.q3!.map((m) => m.code)).toEqual(['hidden-option']);
});

test('a respondent ended by a quota is not asked for the rest', () => {
  const check = validateSheet(compiled, { q1: pick('q1c') }, { full: 1 });
  expect(check.ok).toBe(true);
  expect(check.end).toEqual({ kind: 'end', reason: 'quota', quotaId: 'full', message: '已满' });
  expect(check.matchedQuotas).toEqual(['full']);
});

test('an answer keyed by a prototype name is not mistaken for one', () => {
  const check = validateSheet(
    compileLogic(
      survey(['text'], ['constructor']).map((s) => ({ ...s, required: true })),
      logic({}),
    ),
    {},
  );
  expect(Object.entries(check.messages).map(([uuid, ms]) => [uuid, ms.map((m) => m.code)])).toEqual([['constructor', ['required']]]);
});

// Issue 54: a survey whose logic decides nothing (no rules, no quotas; random groups and title pipes allowed) is
// checked without building the evaluator. Random such surveys and sheets (valid, wrong, missing and unknown answers,
// answers to subjects a random group left undrawn): the same check as the evaluator's, field by field.
test('a survey without logic is checked as the evaluator checks it', () => {
  const ids = Array.from({ length: 8 }, (_, i) => `q${i + 1}`);
  const kinds = fc.array(fc.constantFrom('single' as const, 'multiple' as const, 'text' as const, 'number' as const, 'nps' as const, 'paragraph' as const), {
    minLength: ids.length,
    maxLength: ids.length,
  });
  const groups = fc.array(
    fc.record({
      id: fc.uuid(),
      subjects: fc.subarray(ids, { minLength: 1 }),
      draw: fc.integer({ min: 0, max: 4 }),
      shuffle: fc.boolean(),
    }),
    { maxLength: 2 },
  );
  const answer = (id: string) =>
    fc.oneof(
      fc.constantFrom('a', 'b', 'c', 'x').map((o) => pick(`${id}${o}`)),
      fc.constant(pick()),
      fc.constantFrom('', 'AQ', '很长的回答'.repeat(60)),
      fc.integer({ min: -5, max: 20 }),
      fc.constantFrom(null, true, { optionIds: 'q1a' }, [1], { text: 'x' }),
    );
  const sheet = fc.tuple(...ids.map((id) => fc.option(answer(id), { nil: undefined })), fc.option(fc.constant('stray'), { nil: undefined }));
  fc.assert(
    fc.property(
      kinds,
      fc.array(fc.boolean(), { minLength: ids.length, maxLength: ids.length }),
      groups,
      sheet,
      fc.string(),
      (ks, required, random, values, seed) => {
        const subjects = survey(ks, ids).map((s, i) => ({ ...s, required: required[i]!, title: i === 3 ? '{{q1}} 的标题' : s.title }));
        const compiled = compileLogic(subjects, logic({ random }), seed);
        const answers: Record<string, unknown> = {};
        ids.forEach((id, i) => values[i] !== undefined && (answers[id] = values[i]));
        if (values[ids.length] !== undefined) answers.gone = values[ids.length];
        // Facts compare by what they say (text is computed lazily, by a closure of each inspection).
        const seen = ({ facts, ...check }: ReturnType<typeof validateSheet>) => ({
          ...check,
          facts: Object.fromEntries(Object.entries(facts).map(([uuid, f]) => [uuid, { empty: f.empty, chosen: f.chosen, text: f.text, number: f.number }])),
        });
        expect(seen(validateSheet(compiled, answers))).toEqual(seen(validateSheetByEvaluator(compiled, answers)));
      },
    ),
    { numRuns: 300 },
  );
});
