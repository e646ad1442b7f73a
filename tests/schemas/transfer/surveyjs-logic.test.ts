// Logic across SurveyJS: display rules, option linkage and jumps become expressions survey-core obeys, and come back
// as the same rules; quotas and random groups are reported. Display rules on choice subjects round-trip for any
// condition (property test).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { emptyLogic, type TCondition, type TLogic, type TPredicate } from '../../../schemas/logic/ast';
import { createSubject, type TSubject } from '../../../schemas/subjects/registry';
import type { TransferProject } from '../../../schemas/transfer/project';
import { fromSurveyJs, toSurveyJs } from '../../../schemas/transfer/surveyjs';
import { load } from './surveyjs-helpers';

/** 1 single (3 options), 2 multiple (3 options), 3 dropdown, 19 scale, then a text the rules act on. */
function choiceProject(logic: Partial<TLogic>): TransferProject {
  let n = 0;
  // The same option ids every time, so rules written against one project fit another.
  const make = <N extends TSubject['subjectType']>(t: N, uuid: string, i: number) => createSubject(t, { uuid, indexSort: i, newId: () => `o${++n}` });
  const subjects: TSubject[] = [make(1, 'single', 1), make(2, 'multi', 2), make(3, 'drop', 3), make(19, 'scale', 4), make(6, 'target', 5), make(7, 'last', 6)];
  (subjects[0] as TSubject & { subjectType: 1 }).options.push({ uuid: 'third', title: '选项3' });
  return { title: '逻辑', subtitle: '', questionType: 1, subjects, logic: { ...emptyLogic(), ...logic } };
}
const optionIds = (p: TransferProject, uuid: string) => {
  const s = p.subjects.find((x) => x.uuid === uuid)!;
  return 'options' in s ? s.options.map((o) => o.uuid) : [];
};

describe('logic exported to SurveyJS', () => {
  const base = choiceProject({});
  const [a1, a2] = optionIds(base, 'single');
  const [m1, m2] = optionIds(base, 'multi');
  const [d1] = optionIds(base, 'drop');
  const logic: Partial<TLogic> = {
    display: [
      {
        id: 'r1',
        target: 'target',
        when: {
          match: 'all',
          predicates: [
            { op: 'chose', subject: 'single', option: a1! },
            { op: 'chose', subject: 'multi', option: m2! },
          ],
        },
      },
    ],
    optionLinkage: [{ id: 'l1', target: 'drop', options: [d1!], when: { match: 'any', predicates: [{ op: 'greater', subject: 'scale', value: 3 }] } }],
    jumps: [
      {
        id: 'j1',
        from: 'single',
        when: { match: 'all', predicates: [{ op: 'chose', subject: 'single', option: a2! }] },
        to: { kind: 'subject', subject: 'last' },
      },
      {
        id: 'j2',
        from: 'multi',
        when: { match: 'all', predicates: [{ op: 'chose', subject: 'multi', option: m1! }] },
        to: { kind: 'end', message: '感谢参与' },
      },
      { id: 'j3', from: 'drop', to: { kind: 'subject', subject: 'last' } },
    ],
    quotas: [{ id: 'q1', basis: 'option', subject: 'single', option: a1!, limit: 10, onFull: { action: 'hideOption' } }],
    random: [{ id: 'g1', subjects: ['multi', 'drop'], draw: 1, shuffle: true }],
  };
  const project = choiceProject(logic);
  const { json, report } = toSurveyJs(project);

  test('survey-core shows the target only when the display rule holds', () => {
    const { model, errors } = load(json);
    expect(errors).toEqual([]);
    const target = model.getQuestionByName('q5');
    expect(target.isVisible).toBe(false);
    model.setValue('q1', a1);
    expect(target.isVisible).toBe(false);
    model.setValue('q2', [m2]);
    expect(target.isVisible).toBe(true);
    model.setValue('q1', a2);
    expect(target.isVisible).toBe(false);
  });

  test('survey-core shows a linked option only while its condition holds', () => {
    const { model } = load(json);
    const drop = model.getQuestionByName('q3');
    expect(drop.visibleChoices.map((c: { value: string }) => c.value)).not.toContain(d1);
    model.setValue('q4', 4);
    expect(drop.visibleChoices.map((c: { value: string }) => c.value)).toContain(d1);
  });

  test('conditional jumps become skip / complete triggers; the rest is reported with where and why', () => {
    expect(json.triggers).toEqual([
      { type: 'skip', expression: `{q1} = '${a2}'`, gotoName: 'q6' },
      { type: 'complete', expression: `{q2} contains '${m1}'` },
    ]);
    expect(json.completedHtmlOnCondition).toEqual([{ expression: `{q2} contains '${m1}'`, html: '<p>感谢参与</p>' }]);
    expect(report.unmapped).toEqual(
      expect.arrayContaining([
        { where: '第3题「下拉题」', what: '无条件跳转', reason: 'SurveyJS 的跳转需要条件' },
        { where: '第1题「单选题」', what: '配额', reason: 'SurveyJS 没有配额' },
        expect.objectContaining({ what: '随机抽题（抽 1 题）', reason: 'SurveyJS 没有随机抽题组' }),
      ]),
    );
    expect(report.mapped).toEqual(
      expect.arrayContaining([
        { from: '显示逻辑', to: 'visibleIf', count: 1 },
        { from: '选项关联', to: 'choice visibleIf', count: 1 },
      ]),
    );
  });

  test('imports back as the same rules on the new ids', () => {
    const back = fromSurveyJs(json).project;
    const ids = back.subjects.map((s) => s.uuid);
    const [single, multi, drop, scale, target, last] = ids;
    const opt = (i: number, k: number) => optionIds(back, ids[i]!)[k]!;
    expect(back.logic.display).toEqual([
      expect.objectContaining({
        target,
        when: {
          match: 'all',
          predicates: [
            { op: 'chose', subject: single, option: opt(0, 0) },
            { op: 'chose', subject: multi, option: opt(1, 1) },
          ],
        },
      }),
    ]);
    expect(back.logic.optionLinkage).toEqual([
      expect.objectContaining({ target: drop, options: [opt(2, 0)], when: { match: 'all', predicates: [{ op: 'greater', subject: scale, value: 3 }] } }),
    ]);
    expect(back.logic.jumps).toEqual([
      expect.objectContaining({ from: single, to: { kind: 'subject', subject: last } }),
      expect.objectContaining({ from: multi, to: { kind: 'end', message: '感谢参与' } }),
    ]);
  });
});

describe('display rules on choice subjects round-trip (property)', () => {
  const base = choiceProject({});
  const sources = ['single', 'multi', 'drop'].map((uuid) => ({ uuid, options: optionIds(base, uuid) }));
  const predicate: fc.Arbitrary<TPredicate> = fc.oneof(
    fc
      .record({ src: fc.constantFrom(...sources), k: fc.nat(), op: fc.constantFrom('chose' as const, 'notChose' as const) })
      .map(({ src, k, op }) => ({ op, subject: src.uuid, option: src.options[k % src.options.length]! })),
    fc
      .record({ src: fc.constantFrom(...sources), op: fc.constantFrom('answered' as const, 'empty' as const) })
      .map(({ src, op }) => ({ op, subject: src.uuid })),
  );
  const condition: fc.Arbitrary<TCondition> = fc.record({
    match: fc.constantFrom('all' as const, 'any' as const),
    predicates: fc.array(predicate, { minLength: 1, maxLength: 5 }),
  });

  test('export then import gives the same condition, up to the new ids', () => {
    fc.assert(
      fc.property(fc.array(condition, { minLength: 1, maxLength: 3 }), (conds) => {
        const project = choiceProject({ display: conds.map((when, i) => ({ id: `r${i}`, target: 'target', when })) });
        const { json, report } = toSurveyJs(project);
        expect(report.unmapped).toEqual([]);
        expect(load(json).errors).toEqual([]);
        const back = fromSurveyJs(json).project;
        const rename = new Map<string, string>();
        project.subjects.forEach((s, i) => {
          rename.set(s.uuid, back.subjects[i]!.uuid);
          optionIds(project, s.uuid).forEach((o, k) => rename.set(o, optionIds(back, back.subjects[i]!.uuid)[k]!));
        });
        // Rules on one target are and-ed into one visibleIf; single-test rules read back as one "all" rule.
        const merged =
          conds.length > 1 && conds.every((c) => c.predicates.length === 1)
            ? [{ match: 'all' as const, predicates: conds.flatMap((c) => c.predicates) }]
            : conds;
        const expected = merged.map((when) => ({
          // One predicate reads the same under all and any; the converter writes it as "all".
          match: when.predicates.length === 1 ? 'all' : when.match,
          predicates: when.predicates.map((p) => ({ ...p, subject: rename.get(p.subject)!, ...('option' in p ? { option: rename.get(p.option)! } : {}) })),
        }));
        expect(back.logic.display.map((r) => r.when)).toEqual(expected);
        expect(back.logic.display.every((r) => r.target === rename.get('target'))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
