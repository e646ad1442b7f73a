// An exam's correct answers cross as SurveyJS correctAnswer (survey-core grades with them) and come back as ours;
// matrix cells in conditions cross as {q.row}; any JSON in gives a project or the typed error, never a crash.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { emptyLogic, ZLogic } from '../../../schemas/logic/ast';
import { ZTransferReport } from '../../../schemas/transfer/report';
import { createSubject, ZSubject, type TSubject } from '../../../schemas/subjects/registry';
import type { TransferProject } from '../../../schemas/transfer/project';
import { fromSurveyJs, SurveyJsFormatError, toSurveyJs } from '../../../schemas/transfer/surveyjs';
import { load } from './surveyjs-helpers';

function examProject(): TransferProject {
  let n = 0;
  const newId = () => `e${++n}`;
  const single = createSubject(1, { uuid: 'single', indexSort: 1, newId });
  single.options[1]!.isCorrect = true;
  single.score = 5;
  const multi = createSubject(2, { uuid: 'multi', indexSort: 2, newId });
  multi.options[0]!.isCorrect = true;
  multi.options[2]!.isCorrect = true;
  const rank = createSubject(9, { uuid: 'rank', indexSort: 3, newId });
  rank.correctOrder = [rank.options[2]!.uuid, rank.options[0]!.uuid, rank.options[1]!.uuid];
  const text = createSubject(6, { uuid: 'text', indexSort: 4, newId });
  text.acceptedAnswers = ['北京'];
  const subjects: TSubject[] = [single, multi, rank, text];
  return { title: '考试', subtitle: '', questionType: 2, subjects, logic: emptyLogic() };
}

describe('exam answers', () => {
  const project = examProject();
  const { json, report } = toSurveyJs(project);

  test('survey-core grades the exported exam with the correct answers', () => {
    const { model, errors } = load(json);
    expect(errors).toEqual([]);
    const [single, multi, rank] = project.subjects as [TSubject & { subjectType: 1 }, TSubject & { subjectType: 2 }, TSubject & { subjectType: 9 }];
    model.setValue('q1', single.options[1]!.uuid);
    model.setValue('q2', [multi.options[0]!.uuid, multi.options[2]!.uuid]);
    model.setValue('q3', rank.correctOrder);
    model.setValue('q4', '北京');
    expect(model.getCorrectAnswerCount()).toBe(4);
    model.setValue('q1', single.options[0]!.uuid);
    expect(model.getCorrectAnswerCount()).toBe(3);
  });

  test('scores have no place in SurveyJS and are reported', () => {
    expect(report.unmapped).toContainEqual({ where: '第1题「单选题」', what: '分值 5', reason: 'SurveyJS 的题目没有分值' });
  });

  test('imports back as an exam with the same correct answers', () => {
    const back = fromSurveyJs(json).project;
    expect(back.questionType).toBe(2);
    const [single, multi, rank, text] = back.subjects as [
      TSubject & { subjectType: 1 },
      TSubject & { subjectType: 2 },
      TSubject & { subjectType: 9 },
      TSubject & { subjectType: 6 },
    ];
    expect(single.options.map((o) => o.isCorrect === true)).toEqual([false, true]);
    expect(multi.options.map((o) => o.isCorrect === true)).toEqual([true, false, true]);
    expect(rank.correctOrder).toEqual([rank.options[2]!.uuid, rank.options[0]!.uuid, rank.options[1]!.uuid]);
    expect(text.acceptedAnswers).toEqual(['北京']);
  });
});

test('a display rule on a matrix cell crosses as {q.row} and survey-core obeys it', () => {
  let n = 0;
  const matrix = createSubject(11, { uuid: 'm', indexSort: 1, newId: () => `m${++n}` });
  const target = createSubject(7, { uuid: 't', indexSort: 2, newId: () => `t${++n}` });
  const cell = `${matrix.rows[1]!.uuid}:${matrix.columns[4]!.uuid}`;
  const project: TransferProject = {
    title: '矩阵',
    subtitle: '',
    questionType: 1,
    subjects: [matrix, target],
    logic: { ...emptyLogic(), display: [{ id: 'r', target: 't', when: { match: 'all', predicates: [{ op: 'chose', subject: 'm', option: cell }] } }] },
  };
  const { json } = toSurveyJs(project);
  const { model } = load(json);
  expect(model.getQuestionByName('q2').isVisible).toBe(false);
  model.setValue('q1', { [matrix.rows[1]!.uuid]: matrix.columns[4]!.uuid });
  expect(model.getQuestionByName('q2').isVisible).toBe(true);
  const back = fromSurveyJs(json).project;
  const m = back.subjects[0] as TSubject & { subjectType: 11 };
  expect(back.logic.display[0]!.when.predicates).toEqual([{ op: 'chose', subject: m.uuid, option: `${m.rows[1]!.uuid}:${m.columns[4]!.uuid}` }]);
});

describe('import of arbitrary input', () => {
  const TYPES = [
    'radiogroup',
    'checkbox',
    'dropdown',
    'tagbox',
    'boolean',
    'text',
    'comment',
    'rating',
    'matrix',
    'matrixdropdown',
    'ranking',
    'html',
    'image',
    'file',
    'multipletext',
    'slider',
    'panel',
    'expression',
    'imagepicker',
    'signaturepad',
  ];
  const value = fc.oneof(
    fc.string(),
    fc.integer({ min: -5, max: 30 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.string(), fc.integer(), fc.record({ value: fc.oneof(fc.string(), fc.integer()), text: fc.string() })), { maxLength: 4 }),
  );
  const element = fc.record(
    {
      type: fc.constantFrom(...TYPES),
      name: fc.string({ maxLength: 6 }),
      title: fc.string(),
      isRequired: fc.boolean(),
      choices: value,
      rows: value,
      columns: value,
      inputType: fc.constantFrom('number', 'email', 'date', 'time', 'tel', 'url', 'color'),
      rateMin: value,
      rateMax: value,
      visibleIf: fc.oneof(fc.string(), fc.constantFrom("{a} = 'x'", '{b} > 2 or {c} empty', '{a} anyof [1, 2]')),
      elements: fc.constant([{ type: 'text', name: 'inner' }]),
    },
    { requiredKeys: ['type'] },
  );

  test('gives valid subjects and logic with a report, or SurveyJsFormatError — nothing else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            title: value,
            pages: fc.array(fc.record({ title: value, elements: fc.array(element, { maxLength: 6 }) }), { maxLength: 3 }),
            triggers: fc.array(fc.record({ type: fc.constantFrom('complete', 'skip', 'setvalue'), expression: fc.string(), gotoName: fc.string() }), {
              maxLength: 2,
            }),
          }),
        ),
        (input) => {
          try {
            const { project, report } = fromSurveyJs(input);
            for (const s of project.subjects) expect(ZSubject.safeParse(s).success).toBe(true);
            expect(ZLogic.safeParse(project.logic).success).toBe(true);
            expect(ZTransferReport.safeParse(report).success).toBe(true);
          } catch (e) {
            expect(e).toBeInstanceOf(SurveyJsFormatError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
