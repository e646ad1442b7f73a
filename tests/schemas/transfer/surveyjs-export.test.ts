// Every subject type of ours exported to SurveyJS loads in survey-core without errors, and imports back as the
// same type; the types SurveyJS has no equivalent for are listed in the report, not dropped.
import { describe, expect, test } from 'vitest';
import { SUBJECT_TYPE_NAMES, SUBJECT_TYPE_NUMBERS, type SubjectTypeNumber } from '../../../schemas/subjects/subject-types';
import { fromSurveyJs, toSurveyJs } from '../../../schemas/transfer/surveyjs';
import { everyTypeProject, load } from './surveyjs-helpers';

/** No SurveyJS equivalent: 地区, 级联选择, 地图定位, 商品, 预约时段. */
const NO_EQUIVALENT: SubjectTypeNumber[] = [4, 17, 29, 34, 37];
/** Carried over as the nearest SurveyJS type and back as ours (the lost parts are in the report): 比重 → 多项填空, 联系我们 → 段落说明, 评价 → 评分. */
const APPROXIMATED: Record<number, number> = { 20: 10, 36: 15, 38: 23 };

const SURVEYJS_TYPE: Record<number, string> = {
  1: 'radiogroup',
  2: 'checkbox',
  3: 'dropdown',
  5: 'imagepicker',
  6: 'text',
  7: 'comment',
  8: 'radiogroup',
  9: 'ranking',
  10: 'multipletext',
  11: 'matrix',
  12: 'matrix',
  13: 'file',
  14: 'text',
  15: 'html',
  18: 'matrix',
  19: 'rating',
  20: 'multipletext',
  21: 'text',
  22: 'rating',
  23: 'rating',
  24: 'slider',
  25: 'matrixdropdown',
  26: 'text',
  27: 'text',
  28: 'text',
  30: 'html',
  31: 'image',
  32: 'image',
  33: 'signaturepad',
  35: 'html',
  36: 'html',
  38: 'rating',
};

describe('export of every subject type to SurveyJS', () => {
  const project = everyTypeProject();
  const { json, report } = toSurveyJs(project);

  test('survey-core loads it without errors, with one question of the right type per exported subject', () => {
    const { errors, types, model } = load(json);
    expect(errors).toEqual([]);
    const exported = SUBJECT_TYPE_NUMBERS.filter((t) => t !== 16 && !NO_EQUIVALENT.includes(t));
    expect(types).toEqual(exported.map((t) => SURVEYJS_TYPE[t]));
    // The page break (type 16) starts a second page.
    expect(model.pages.length).toBe(2);
    expect(model.title).toBe('全部题型');
  });

  test('the types without an equivalent are in report.unmapped with their place and a reason', () => {
    for (const t of NO_EQUIVALENT) {
      const subject = project.subjects.find((s) => s.subjectType === t)!;
      const row = report.unmapped.find((u) => u.what === SUBJECT_TYPE_NAMES[t].zh && u.where.includes(subject.title));
      expect(row, `type ${t}`).toBeDefined();
      expect(row!.reason).toMatch(/SurveyJS 没有/);
    }
  });

  test('the mapped counts add up to the exported subjects', () => {
    const total = report.mapped.reduce((sum, m) => sum + m.count, 0);
    expect(total).toBe(SUBJECT_TYPE_NUMBERS.length - NO_EQUIVALENT.length);
    expect(report.mapped).toContainEqual({ from: '单选', to: 'radiogroup', count: 1 });
    expect(report.mapped).toContainEqual({ from: '分页', to: 'page', count: 1 });
  });

  test('imports back with the mapped types equal (approximated ones as their nearest type)', () => {
    const back = fromSurveyJs(json);
    const expected = SUBJECT_TYPE_NUMBERS.filter((t) => !NO_EQUIVALENT.includes(t)).map((t) => APPROXIMATED[t] ?? t);
    expect(back.project.subjects.map((s) => s.subjectType)).toEqual(expected);
    expect(back.project.title).toBe('全部题型');
    // The parts the approximations lose were reported on export.
    expect(report.unmapped.map((u) => u.what)).toEqual(expect.arrayContaining(['各项总和须为 100', '评价标签', '评价留言']));
  });

  test('options keep their texts, required flags and descriptions survive the round trip', () => {
    const back = fromSurveyJs(json).project.subjects;
    const single = back.find((s) => s.subjectType === 1)!;
    const original = project.subjects.find((s) => s.subjectType === 1)!;
    expect('options' in single && single.options.map((o) => o.title)).toEqual('options' in original && original.options.map((o) => o.title));
    expect(single.required).toBe(original.required);
  });

  test('a paragraph keeps its title and text; the titles of blocks SurveyJS cannot title are reported', () => {
    const back = fromSurveyJs(json).project.subjects;
    const paragraph = back.find((s) => s.subjectType === 15 && s.title === '段落说明')!;
    expect(paragraph.description).toBe('<p>请在此输入说明文字</p>');
    expect(back.find((s) => s.subjectType === 30)!.title).toBe('');
    expect(report.unmapped).toContainEqual({ where: '第30项（分割线）「块30」', what: '标题', reason: 'SurveyJS 的此类元素没有标题' });
  });
});
