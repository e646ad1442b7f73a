import { expect, test } from 'vitest';
import { compileLogic } from '../../../schemas/logic/compile';
import { validateSheet } from '../../../schemas/logic/sheet';
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
