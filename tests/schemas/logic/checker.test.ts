import { describe, expect, test } from 'vitest';
import { blocksPublishing, checkLogic, type Finding } from '../../../schemas/logic/checker';
import type { TLogic } from '../../../schemas/logic/ast';
import { displayIndexes } from '../../../schemas/subjects/numbering';
import type { TSubject } from '../../../schemas/subjects/registry';
import { all, any, chose, logic, notChose, survey } from './fixtures';

/** A correct 50-subject survey: every kind of rule, used the way an editor would. */
function correctSurvey(): { subjects: TSubject[]; logic: TLogic } {
  // q1 a paragraph; page breaks q10, q20 …; NPS q14, q34; text q12, q27, q42; multiple q13, q22, q33, q44.
  const kind = (n: number) =>
    n === 1
      ? 'paragraph'
      : n % 10 === 0
        ? 'page'
        : [14, 34].includes(n)
          ? 'nps'
          : [12, 27, 42].includes(n)
            ? 'text'
            : [13, 22, 33, 44].includes(n)
              ? 'multiple'
              : 'single';
  const subjects = survey(Array.from({ length: 50 }, (_, i) => kind(i + 1) as Parameters<typeof survey>[0][number]));
  const index = displayIndexes(subjects);
  subjects[20]!.title = `关于“{{Q${index.get('q19')}}}”，以及{{q17}}`;
  return {
    subjects,
    logic: logic({
      jumps: [
        { id: 'screen-out', from: 'q2', when: all(chose('q2', 'q2c')), to: { kind: 'end', message: '感谢您的参与' } },
        { id: 'skip', from: 'q3', when: all(chose('q3', 'q3a')), to: { kind: 'subject', subject: 'q9' } },
        { id: 'skip2', from: 'q24', when: any(chose('q24', 'q24a'), chose('q24', 'q24b')), to: { kind: 'subject', subject: 'q29' } },
      ],
      display: [
        { id: 'd-q11', target: 'q11', when: any(chose('q3', 'q3a'), chose('q3', 'q3b')) },
        { id: 'd-q15', target: 'q15', when: all({ op: 'greater', subject: 'q14', value: 8 }) },
        { id: 'd-q16', target: 'q16', when: all({ op: 'answered', subject: 'q12' }, notChose('q13', 'q13a')) },
        { id: 'd-q46', target: 'q46', when: all({ op: 'greater', subject: 'q14', value: 3 }, { op: 'less', subject: 'q14', value: 7 }) },
      ],
      optionLinkage: [{ id: 'l-q22', target: 'q22', options: ['q22a', 'q22b'], when: all(chose('q21', 'q21a')) }],
      quotas: [
        { id: 'q-a', basis: 'option', subject: 'q4', option: 'q4a', limit: 100, onFull: { action: 'hideOption' } },
        { id: 'q-c', basis: 'condition', when: all(chose('q4', 'q4b'), chose('q5', 'q5a')), limit: 30, onFull: { action: 'end', message: '名额已满' } },
        { id: 'q-h', basis: 'condition', when: all(chose('q8', 'q8a')), limit: 30, onFull: { action: 'hideOption', subject: 'q9', option: 'q9b' } },
      ],
      random: [{ id: 'pool', subjects: ['q31', 'q32', 'q33', 'q34', 'q35', 'q36', 'q37', 'q38'], draw: 5, shuffle: true }],
    }),
  };
}

const codes = (findings: Finding[]) => findings.map((f) => f.code);

function withDefect(patch: (s: TSubject[], l: TLogic) => void) {
  const { subjects, logic: l } = correctSurvey();
  patch(subjects, l);
  const findings = checkLogic(subjects, l);
  return { findings, index: displayIndexes(subjects), subjects };
}

test('stays silent on a correct 50-subject survey', () => {
  const { subjects, logic: l } = correctSurvey();
  expect(subjects).toHaveLength(50);
  expect(checkLogic(subjects, l)).toEqual([]);
});

describe('finds each planted defect', () => {
  const cases: [string, (s: TSubject[], l: TLogic) => void, string, 'error' | 'warning', string[]][] = [
    ['a backward jump', (_s, l) => l.jumps.push({ id: 'back', from: 'q21', to: { kind: 'subject', subject: 'q5' } }), 'jump-backward', 'error', ['q21', 'q5']],
    [
      'a jump cycle',
      (_s, l) => l.jumps.push({ id: 'back', from: 'q21', when: all(chose('q21', 'q21a')), to: { kind: 'subject', subject: 'q18' } }),
      'jump-cycle',
      'error',
      ['q18', 'q19', 'q21'],
    ],
    [
      'a jump to a deleted subject',
      (_s, l) => l.jumps.push({ id: 'lost', from: 'q6', to: { kind: 'subject', subject: 'gone' } }),
      'jump-target-missing',
      'error',
      ['q6'],
    ],
    [
      'subjects no path reaches',
      (_s, l) => l.jumps.push({ id: 'always', from: 'q41', to: { kind: 'subject', subject: 'q45' } }),
      'unreachable',
      'warning',
      ['q42', 'q43', 'q44'],
    ],
    [
      'subjects behind a required choice whose every option jumps',
      (s, l) => {
        s[42]!.required = true;
        for (const o of ['a', 'b', 'c'])
          l.jumps.push({ id: `j${o}`, from: 'q43', when: all(chose('q43', `q43${o}`)), to: { kind: 'subject', subject: 'q45' } });
      },
      'unreachable',
      'warning',
      ['q44'],
    ],
    [
      'a condition on a deleted subject',
      (_s, l) => l.display.push({ id: 'dx', target: 'q25', when: all(chose('gone', 'x')) }),
      'condition-subject-missing',
      'error',
      ['q25'],
    ],
    [
      'a condition on a later subject',
      (_s, l) => l.display.push({ id: 'dx', target: 'q25', when: all({ op: 'answered', subject: 'q31' }) }),
      'condition-subject-later',
      'error',
      ['q25', 'q31'],
    ],
    [
      'a condition on the subject itself',
      (_s, l) => l.display.push({ id: 'dx', target: 'q25', when: all({ op: 'answered', subject: 'q25' }) }),
      'condition-subject-later',
      'error',
      ['q25'],
    ],
    [
      'a condition on an option that does not exist',
      (_s, l) => l.display.push({ id: 'dx', target: 'q26', when: all(chose('q25', 'q25z')) }),
      'condition-option-missing',
      'error',
      ['q26', 'q25'],
    ],
    [
      'chose A and did not choose A',
      (_s, l) => l.display.push({ id: 'dx', target: 'q26', when: all(chose('q25', 'q25a'), notChose('q25', 'q25a')) }),
      'condition-never-holds',
      'warning',
      ['q26', 'q25'],
    ],
    [
      'two options of a single choice',
      (_s, l) => l.display.push({ id: 'dx', target: 'q26', when: all(chose('q25', 'q25a'), chose('q25', 'q25b')) }),
      'condition-never-holds',
      'warning',
      ['q26', 'q25'],
    ],
    [
      'empty yet answered',
      (_s, l) => l.display.push({ id: 'dx', target: 'q26', when: all({ op: 'empty', subject: 'q22' }, chose('q22', 'q22a')) }),
      'condition-never-holds',
      'warning',
      ['q26', 'q22'],
    ],
    [
      'an NPS above 10',
      (_s, l) => l.jumps.push({ id: 'jx', from: 'q14', when: any({ op: 'greater', subject: 'q14', value: 10 }), to: { kind: 'subject', subject: 'q21' } }),
      'condition-never-holds',
      'warning',
      ['q14'],
    ],
    [
      'an empty numeric range',
      (_s, l) => l.display.push({ id: 'dx', target: 'q26', when: all({ op: 'greater', subject: 'q14', value: 6 }, { op: 'less', subject: 'q14', value: 7 }) }),
      'condition-never-holds',
      'warning',
      ['q26', 'q14'],
    ],
    [
      'a number test on a text subject',
      (_s, l) => l.display.push({ id: 'dx', target: 'q26', when: all({ op: 'greater', subject: 'q12', value: 1 }) }),
      'condition-type-mismatch',
      'warning',
      ['q26', 'q12'],
    ],
    [
      'a quota on an option that does not exist',
      (_s, l) => l.quotas.push({ id: 'qx', basis: 'option', subject: 'q4', option: 'q4z', limit: 1, onFull: { action: 'hideOption' } }),
      'quota-option-missing',
      'error',
      ['q4'],
    ],
    [
      'a hide-option quota on a missing option',
      (_s, l) =>
        l.quotas.push({
          id: 'qx',
          basis: 'condition',
          when: all(chose('q4', 'q4a')),
          limit: 1,
          onFull: { action: 'hideOption', subject: 'q9', option: 'nope' },
        }),
      'quota-option-missing',
      'error',
      ['q9'],
    ],
    [
      'linkage to an option that does not exist',
      (_s, l) => l.optionLinkage.push({ id: 'lx', target: 'q23', options: ['q23z'], when: all(chose('q21', 'q21a')) }),
      'linkage-option-missing',
      'error',
      ['q23'],
    ],
    ['a random group drawing more than it holds', (_s, l) => (l.random[0]!.draw = 9), 'random-draw-too-large', 'error', ['q31']],
    [
      'a subject in two random groups',
      (_s, l) => l.random.push({ id: 'pool2', subjects: ['q38', 'q39'], draw: 1, shuffle: false }),
      'random-overlap',
      'error',
      ['q38'],
    ],
    ['a random group with a deleted subject', (_s, l) => l.random[0]!.subjects.push('gone'), 'random-subject-missing', 'error', []],
    [
      'a condition inside a random group on a member of it',
      (_s, l) => l.display.push({ id: 'dx', target: 'q36', when: all(chose('q35', 'q35a')) }),
      'random-condition-order',
      'warning',
      ['q36', 'q35'],
    ],
    ['piping from a later subject', (s) => (s[10]!.title = '{{q31}}'), 'pipe-subject-later', 'error', ['q11', 'q31']],
    ['piping from a number nobody has', (s) => (s[10]!.title = '{{Q99}}'), 'pipe-subject-missing', 'error', ['q11']],
    ['two rules with one id', (_s, l) => l.display.push({ ...l.display[0]!, target: 'q47' }), 'duplicate-rule-id', 'error', []],
    [
      'a rule on a deleted subject',
      (_s, l) => l.display.push({ id: 'dx', target: 'gone', when: all(chose('q2', 'q2a')) }),
      'rule-subject-missing',
      'error',
      [],
    ],
  ];

  test.each(cases)('%s', (_name, patch, code, severity, named) => {
    const { findings, index } = withDefect(patch);
    const found = findings.filter((f) => f.code === code);
    expect(found.length, JSON.stringify(findings)).toBeGreaterThan(0);
    const finding = found[0]!;
    expect(finding.severity).toBe(severity);
    expect(finding.message).toMatch(/[\u4e00-\u9fa5]/);
    for (const uuid of named) expect(finding.subjects).toContainEqual({ uuid, index: index.get(uuid) ?? null });
    expect(blocksPublishing(findings)).toBe(findings.some((f) => f.severity === 'error'));
  });
});

test('messages name subjects by their displayed index', () => {
  const { findings, index } = withDefect((_s, l) => l.jumps.push({ id: 'back', from: 'q21', to: { kind: 'subject', subject: 'q5' } }));
  const back = findings.find((f) => f.code === 'jump-backward')!;
  expect(back.message).toBe(`第${index.get('q21')}题的跳转指向了之前的第${index.get('q5')}题，答题者会回到已答过的题目`);
  expect(back.ruleId).toBe('back');
  expect(codes(findings)).toContain('jump-cycle');
});

test('warnings alone do not block publishing', () => {
  const { findings } = withDefect((_s, l) => l.jumps.push({ id: 'always', from: 'q41', to: { kind: 'subject', subject: 'q45' } }));
  expect(codes(findings)).toEqual(['unreachable']);
  expect(blocksPublishing(findings)).toBe(false);
});
