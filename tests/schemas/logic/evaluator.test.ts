import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compileLogic } from '../../../schemas/logic/compile';
import { LogicEvaluator } from '../../../schemas/logic/evaluator';
import type { TLogic, TPredicate } from '../../../schemas/logic/ast';
import { optionQuotaId } from '../../../schemas/logic/ast';
import type { TSubject } from '../../../schemas/subjects/registry';
import { all, any, chose, logic, notChose, pick, survey } from './fixtures';

const evaluate = (subjects: TSubject[], l: TLogic, answers: Record<string, unknown> = {}, counts = {}, seed = 'sheet-1') =>
  new LogicEvaluator(compileLogic(subjects, l, seed), answers, counts);

describe('display conditions', () => {
  const subjects = survey(['single', 'multiple', 'text', 'number', 'text']);
  const showQ5 = (...p: TPredicate[]) => logic({ display: [{ id: 'd', target: 'q5', when: all(...p) }] });
  const cases: [string, TPredicate, Record<string, unknown>, Record<string, unknown>][] = [
    ['chose', chose('q1', 'q1b'), { q1: pick('q1b') }, { q1: pick('q1a') }],
    ['did not choose', notChose('q2', 'q2a'), { q2: pick('q2b') }, { q2: pick('q2a', 'q2b') }],
    ['equals (text)', { op: 'equals', subject: 'q3', value: '北京' }, { q3: ' 北京 ' }, { q3: '北京市' }],
    ['equals (number)', { op: 'equals', subject: 'q4', value: 18 }, { q4: 18 }, { q4: 19 }],
    ['contains', { op: 'contains', subject: 'q3', value: '京' }, { q3: '北京' }, { q3: '上海' }],
    ['greater', { op: 'greater', subject: 'q4', value: 60 }, { q4: 61 }, { q4: 60 }],
    ['less', { op: 'less', subject: 'q4', value: 18 }, { q4: 17 }, { q4: 18 }],
    ['answered', { op: 'answered', subject: 'q3' }, { q3: 'x' }, { q3: '  ' }],
    ['empty', { op: 'empty', subject: 'q3' }, {}, { q3: 'x' }],
  ];
  test.each(cases)('%s', (_name, predicate, holds, fails) => {
    expect(evaluate(subjects, showQ5(predicate), holds).isVisible('q5')).toBe(true);
    expect(evaluate(subjects, showQ5(predicate), fails).isVisible('q5')).toBe(false);
  });

  test('all / any', () => {
    const both = logic({ display: [{ id: 'd', target: 'q5', when: all(chose('q1', 'q1a'), chose('q2', 'q2a')) }] });
    const either = logic({ display: [{ id: 'd', target: 'q5', when: any(chose('q1', 'q1a'), chose('q2', 'q2a')) }] });
    const answers = { q1: pick('q1a'), q2: pick('q2b') };
    expect(evaluate(subjects, both, answers).isVisible('q5')).toBe(false);
    expect(evaluate(subjects, either, answers).isVisible('q5')).toBe(true);
  });

  test('a hidden subject reads as unanswered, so hiding cascades', () => {
    const l = logic({
      display: [
        { id: 'd2', target: 'q3', when: all(chose('q1', 'q1a')) },
        { id: 'd3', target: 'q5', when: all({ op: 'answered', subject: 'q3' }) },
      ],
    });
    const e = evaluate(subjects, l, { q1: pick('q1a'), q3: '有内容' });
    expect(e.visibleSubjects()).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    const change = e.setAnswer('q1', pick('q1b'));
    expect(change.visibility.sort()).toEqual(['q3', 'q5']);
    expect(e.isVisible('q3')).toBe(false);
    expect(e.isVisible('q5')).toBe(false);
  });

  test('a condition on a later subject reads it as unanswered', () => {
    const l = logic({ display: [{ id: 'd', target: 'q2', when: all({ op: 'answered', subject: 'q4' }) }] });
    expect(evaluate(subjects, l, { q4: 5 }).isVisible('q2')).toBe(false);
  });
});

describe('jumps', () => {
  const subjects = survey(['single', 'text', 'text', 'single', 'text']);
  const toQ4 = { id: 'j1', from: 'q1', when: all(chose('q1', 'q1b')), to: { kind: 'subject' as const, subject: 'q4' } };

  test('option → subject skips the subjects between', () => {
    const e = evaluate(subjects, logic({ jumps: [toQ4] }));
    expect(e.next('q1')).toEqual({ kind: 'subject', uuid: 'q2' });
    e.setAnswer('q1', pick('q1b'));
    expect(e.next('q1')).toEqual({ kind: 'subject', uuid: 'q4' });
    expect(e.visibleSubjects()).toEqual(['q1', 'q4', 'q5']);
    expect(e.snapshot().jumps).toEqual({ q1: 'j1' });
  });

  test('an unconditional jump, and the first rule that holds wins', () => {
    const l = logic({
      jumps: [
        { id: 'j0', from: 'q2', when: all({ op: 'equals', subject: 'q2', value: '跳' }), to: { kind: 'subject', subject: 'q5' } },
        { id: 'j1', from: 'q2', to: { kind: 'subject', subject: 'q4' } },
      ],
    });
    expect(evaluate(subjects, l).next('q2')).toEqual({ kind: 'subject', uuid: 'q4' });
    expect(evaluate(subjects, l, { q2: '跳' }).next('q2')).toEqual({ kind: 'subject', uuid: 'q5' });
  });

  test('jump to the end with a message', () => {
    const l = logic({ jumps: [{ id: 'out', from: 'q1', when: all(chose('q1', 'q1c')), to: { kind: 'end', message: '感谢参与' } }] });
    const e = evaluate(subjects, l, { q1: pick('q1c') });
    expect(e.next('q1')).toEqual({ kind: 'end', reason: 'jump', ruleId: 'out', message: '感谢参与' });
    expect(e.visibleSubjects()).toEqual(['q1']);
  });

  test('a skipped subject does not jump, and a backward jump is ignored', () => {
    const l = logic({
      jumps: [toQ4, { id: 'j2', from: 'q2', to: { kind: 'subject', subject: 'q5' } }, { id: 'back', from: 'q5', to: { kind: 'subject', subject: 'q1' } }],
    });
    const e = evaluate(subjects, l, { q1: pick('q1b') });
    expect(e.visibleSubjects()).toEqual(['q1', 'q4', 'q5']);
    expect(e.next('q5')).toEqual({ kind: 'end', reason: 'complete' });
    e.setAnswer('q1', pick('q1a'));
    expect(e.visibleSubjects()).toEqual(['q1', 'q2', 'q5']);
  });

  test('next from the start skips hidden subjects', () => {
    const l = logic({ display: [{ id: 'd', target: 'q1', when: all({ op: 'answered', subject: 'q1' }) }] });
    expect(evaluate(subjects, l).next(null)).toEqual({ kind: 'subject', uuid: 'q2' });
  });
});

describe('option linkage', () => {
  test('options are shown by earlier picks', () => {
    const subjects = survey(['multiple', 'single']);
    const l = logic({
      optionLinkage: [
        { id: 'l1', target: 'q2', options: ['q2a'], when: all(chose('q1', 'q1a')) },
        { id: 'l2', target: 'q2', options: ['q2b'], when: all(chose('q1', 'q1b')) },
      ],
    });
    const e = evaluate(subjects, l, { q1: pick('q1a') });
    expect([...e.hiddenOptions('q2')]).toEqual(['q2b']);
    const change = e.setAnswer('q1', pick('q1a', 'q1b'));
    expect(change.options).toEqual(['q2']);
    expect(e.hiddenOptions('q2').size).toBe(0);
  });
});

describe('piping', () => {
  test('{{Q1}} and {{uuid}} insert earlier answers, escaped', () => {
    const subjects = survey(['single', 'text', 'text']);
    subjects[2]!.title = '您选了{{Q1}}，并说“{{q2}}”';
    subjects[2]!.description = '<p>{{ Q2 }}</p>';
    const e = evaluate(subjects, logic({}), { q1: pick('q1b'), q2: '<img src=x onerror=alert(1)>' });
    expect(e.title('q3')).toBe('您选了Q1选项2，并说“&lt;img src=x onerror=alert(1)&gt;”');
    expect(e.description('q3')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(e.setAnswer('q1', pick('q1a')).texts).toEqual(['q3']);
    expect(e.title('q3')).toContain('Q1选项1');
  });

  test('a hidden, later or unknown source inserts nothing; numbering skips blocks', () => {
    const subjects = survey(['paragraph', 'text', 'text', 'text']);
    subjects[2]!.title = '[{{Q1}}][{{Q3}}][{{Q9}}]';
    const l = logic({ display: [{ id: 'd', target: 'q2', when: all({ op: 'empty', subject: 'q1' }) }] });
    const e = evaluate(subjects, l, { q2: '甲', q4: '乙' });
    expect(e.title('q3')).toBe('[甲][][]');
  });
});

describe('quotas', () => {
  const subjects = survey(['single', 'single', 'text']);
  const l = logic({
    quotas: [
      { id: 'male', basis: 'option', subject: 'q1', option: 'q1a', limit: 100, onFull: { action: 'hideOption' } },
      { id: 'bj-young', basis: 'condition', when: all(chose('q1', 'q1b'), chose('q2', 'q2a')), limit: 50, onFull: { action: 'end', message: '名额已满' } },
    ],
  });

  test('an option quota hides its option when full', () => {
    expect(evaluate(subjects, l, {}, { male: 99 }).hiddenOptions('q1').size).toBe(0);
    const e = evaluate(subjects, l, {}, { male: 100 });
    expect([...e.hiddenOptions('q1')]).toEqual(['q1a']);
    expect(e.fullQuotas()).toEqual(['male']);
    expect(e.setQuotaCounts({ male: 10 }).options).toEqual(['q1']);
    expect(e.hiddenOptions('q1').size).toBe(0);
  });

  test("an option's own quota is a hide-option quota", () => {
    const withShorthand = survey(['single']);
    const q1 = withShorthand[0]!;
    if (q1.subjectType === SUBJECT_TYPE.singleChoice) q1.options[2]!.quota = 5;
    const e = evaluate(withShorthand, logic({}), {}, { [optionQuotaId('q1', 'q1c')]: 5 });
    expect([...e.hiddenOptions('q1')]).toEqual(['q1c']);
  });

  test('a condition quota ends a matching respondent with its message', () => {
    const e = evaluate(subjects, l, { q1: pick('q1b') }, { 'bj-young': 50 });
    expect(e.next('q1')).toEqual({ kind: 'subject', uuid: 'q2' });
    expect(e.setAnswer('q2', pick('q2a')).quotas).toEqual(['bj-young']);
    expect(e.matchedQuotas()).toEqual(['bj-young']);
    expect(e.next('q2')).toEqual({ kind: 'end', reason: 'quota', quotaId: 'bj-young', message: '名额已满' });
  });

  test('matched quotas are reported for counting even when not full', () => {
    expect(evaluate(subjects, l, { q1: pick('q1a') }).matchedQuotas()).toEqual(['male']);
  });
});

describe('random subjects', () => {
  const subjects = survey(['text', 'text', 'text', 'text', 'text', 'text', 'text']);
  const l = logic({ random: [{ id: 'pool', subjects: ['q2', 'q3', 'q4', 'q5', 'q6'], draw: 3, shuffle: true }] });

  test('draws K of the group into the group’s first slots', () => {
    const e = evaluate(subjects, l);
    const shown = e.visibleSubjects();
    expect(shown).toHaveLength(5);
    expect(shown[0]).toBe('q1');
    expect(shown[4]).toBe('q7');
    expect(new Set(shown.slice(1, 4)).size).toBe(3);
    expect(e.order.slice(1, 6).sort()).toEqual(['q2', 'q3', 'q4', 'q5', 'q6']);
  });

  test('the same seed gives the same draw and order (a resumed draft keeps it)', () => {
    const a = evaluate(subjects, l, {}, {}, 'sheet-42').visibleSubjects();
    expect(evaluate(subjects, l, { q1: 'x' }, {}, 'sheet-42').visibleSubjects()).toEqual(a);
    const seen = new Set(Array.from({ length: 30 }, (_, i) => evaluate(subjects, l, {}, {}, `sheet-${i}`).visibleSubjects().join()));
    expect(seen.size).toBeGreaterThan(5);
  });

  test('without shuffle the drawn subjects keep their order', () => {
    const ordered = logic({ random: [{ id: 'pool', subjects: ['q2', 'q3', 'q4', 'q5', 'q6'], draw: 2, shuffle: false }] });
    for (let i = 0; i < 10; i++) {
      const shown = evaluate(subjects, ordered, {}, {}, `s${i}`).visibleSubjects().slice(1, 3);
      expect([...shown].sort()).toEqual(shown);
    }
  });
});

describe('incremental evaluation', () => {
  test('a change re-evaluates only the logic that reads the changed subject', () => {
    const subjects = survey(Array.from({ length: 200 }, () => 'single' as const));
    const display = Array.from({ length: 50 }, (_, i) => ({ id: `d${i}`, target: `q${i * 4 + 4}`, when: all(chose(`q${i * 4 + 1}`, `q${i * 4 + 1}a`)) }));
    const e = evaluate(subjects, logic({ display }));
    const before = e.unitsEvaluated;
    e.setAnswer('q2', pick('q2a'));
    expect(e.unitsEvaluated - before).toBe(0);
    e.setAnswer('q5', pick('q5a'));
    expect(e.unitsEvaluated - before).toBe(1);
  });

  // Random surveys and rules (including rules on later or deleted subjects); after every answer the
  // incremental state must equal a fresh full evaluation.
  test('always agrees with a full evaluation', () => {
    const n = 12;
    const ids = Array.from({ length: n }, (_, i) => `q${i + 1}`);
    const subjectId = fc.constantFrom(...ids, 'gone');
    const predicate: fc.Arbitrary<TPredicate> = fc.oneof(
      fc.tuple(subjectId, fc.constantFrom('a', 'b', 'c')).map(([s, o]) => chose(s, `${s}${o}`)),
      fc.tuple(subjectId, fc.constantFrom('a', 'b')).map(([s, o]) => notChose(s, `${s}${o}`)),
      subjectId.map((s): TPredicate => ({ op: 'answered', subject: s })),
      fc.tuple(subjectId, fc.integer({ min: 0, max: 10 })).map(([s, v]): TPredicate => ({ op: 'greater', subject: s, value: v })),
      fc.tuple(subjectId, fc.constantFrom('A', 'Q')).map(([s, v]): TPredicate => ({ op: 'contains', subject: s, value: v })),
    );
    const condition = fc.record({ match: fc.constantFrom('all' as const, 'any' as const), predicates: fc.array(predicate, { minLength: 1, maxLength: 3 }) });
    const target = fc.constantFrom(...ids);
    const rules = fc.record({
      display: fc.array(fc.record({ id: fc.uuid(), target, when: condition }), { maxLength: 6 }),
      jumps: fc.array(
        fc.record({
          id: fc.uuid(),
          from: target,
          when: fc.option(condition, { nil: undefined }),
          to: fc.oneof(
            target.map((s) => ({ kind: 'subject' as const, subject: s })),
            fc.constant({ kind: 'end' as const }),
          ),
        }),
        { maxLength: 4 },
      ),
      optionLinkage: fc.array(fc.record({ id: fc.uuid(), target, options: fc.constant(['q1a']), when: condition }), { maxLength: 3 }),
      quotas: fc.array(
        fc.record({
          id: fc.uuid(),
          basis: fc.constant('condition' as const),
          when: condition,
          limit: fc.constant(0),
          onFull: fc.constant({ action: 'end' as const, message: '满' }),
        }),
        { maxLength: 2 },
      ),
      random: fc.constant([]),
    }) as fc.Arbitrary<TLogic>;
    const kinds = fc.array(fc.constantFrom('single' as const, 'multiple' as const, 'text' as const, 'nps' as const), { minLength: n, maxLength: n });
    const answer = fc.oneof(
      fc.constantFrom('a', 'b', 'c').map((o) => ({ kind: 'pick' as const, o })),
      fc.constantFrom('A', 'Q', '', 'AQ').map((t) => ({ kind: 'text' as const, t })),
      fc.integer({ min: 0, max: 10 }).map((v) => ({ kind: 'num' as const, v })),
    );
    const steps = fc.array(fc.tuple(fc.constantFrom(...ids), answer), { minLength: 1, maxLength: 25 });

    fc.assert(
      fc.property(kinds, rules, steps, (ks, l, st) => {
        const subjects = survey(ks, ids);
        titlePipes(subjects);
        const compiled = compileLogic(subjects, l, 'seed');
        const live = new LogicEvaluator(compiled);
        const answers: Record<string, unknown> = {};
        for (const [id, a] of st) {
          const value = a.kind === 'pick' ? pick(`${id}${a.o}`) : a.kind === 'text' ? a.t : a.v;
          answers[id] = value;
          live.setAnswer(id, value);
          expect(live.snapshot()).toEqual(new LogicEvaluator(compiled, answers).snapshot());
        }
      }),
      { numRuns: 200 },
    );
  });
});

function titlePipes(subjects: TSubject[]) {
  subjects.forEach((s, i) => {
    if (i % 3 === 2) s.title = `{{Q${i}}} 和 {{q${i + 2}}}`;
  });
}
