// A survey written in SurveyJS's public format (tests/fixtures/surveyjs/store-visit.json) imports as our subjects
// and logic, with a report of what was mapped (counts per type) and what was not (expression, paneldynamic …).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ZLogic } from '../../../schemas/logic/ast';
import { ZSubject, type TSubject } from '../../../schemas/subjects/registry';
import { ZTransferReport } from '../../../schemas/transfer/report';
import { fromSurveyJs, SurveyJsFormatError } from '../../../schemas/transfer/surveyjs';
import { load } from './surveyjs-helpers';

const fixture = JSON.parse(readFileSync('tests/fixtures/surveyjs/store-visit.json', 'utf8')) as Record<string, unknown>;
const titleOf = (s: TSubject) => s.title;
const optionTitles = (s: TSubject) => ('options' in s ? s.options.map((o) => o.title) : []);

describe('import of a SurveyJS survey', () => {
  test('the fixture is valid SurveyJS: survey-core loads it without errors', () => {
    expect(load(fixture).errors).toEqual([]);
  });

  const { project, report } = fromSurveyJs(fixture);
  const byTitle = (t: string) => project.subjects.find((s) => titleOf(s) === t)!;

  test('every question with an equivalent becomes a valid subject of the matching type, in order', () => {
    expect(project.title).toBe('门店到访体验调查');
    expect(project.subtitle).toBe('<p>感谢您抽出时间。</p><p>问卷约需 3 分钟。</p>');
    for (const s of project.subjects) expect(ZSubject.safeParse(s).success, titleOf(s)).toBe(true);
    expect(new Set(project.subjects.map((s) => s.uuid)).size).toBe(project.subjects.length);
    expect(project.subjects.map((s) => s.subjectType)).toEqual([1, 2, 3, 1, 6, 15, 27, 21, 14, 16, 15, 19, 7, 11, 25, 9]);
    expect(optionTitles(byTitle('您是通过什么渠道了解到我们门店的？'))).toEqual(['朋友推荐', '广告', '地图搜索', '其他渠道']);
    expect(optionTitles(byTitle('您是我们的会员吗？'))).toEqual(['是会员', '不是']);
    expect(byTitle('服务评价').subjectType).toBe(16);
  });

  test('required flags, the other option with its text box, none-of-these as exclusive, pick limits', () => {
    const channel = byTitle('您是通过什么渠道了解到我们门店的？') as TSubject & { subjectType: 1 };
    expect(channel.required).toBe(true);
    expect(channel.options[3]).toMatchObject({ fillIn: true });
    const bought = byTitle('本次购买了哪些商品？') as TSubject & { subjectType: 2 };
    expect(bought.required).toBe(false);
    expect(bought.description).toBe('<p>可多选</p>');
    expect(bought.options.at(-1)).toMatchObject({ title: '以上都不是', exclusive: true });
    expect(bought.maxPicks).toBe(2);
    const overall = byTitle('总体满意度') as TSubject & { subjectType: 19 };
    expect(overall).toMatchObject({ start: 1, points: 5, minLabel: '很不满意', maxLabel: '很满意', required: true });
  });

  test('visibleIf, panel conditions, choice visibleIf and the complete trigger become our logic', () => {
    expect(ZLogic.safeParse(project.logic).success).toBe(true);
    const member = byTitle('您是我们的会员吗？') as TSubject & { subjectType: 1 };
    const yes = member.options[0]!.uuid;
    const shownWhenMember = project.logic.display.filter((r) => r.when.predicates[0]?.op === 'chose' && r.when.predicates[0].option === yes);
    // 会员卡号 itself, and the panel's 邮箱 and 年龄 (the panel's condition is put on each of its questions).
    expect(shownWhenMember.map((r) => titleOf(project.subjects.find((s) => s.uuid === r.target)!)).sort()).toEqual(
      ['年龄', '请填写会员卡号', '邮箱', '联系方式'].sort(),
    );
    // "{overall} <= 2" on a 1–5 scale is "less than 3".
    const complaint = project.logic.display.find((r) => r.target === byTitle('哪里让您不满意？').uuid)!;
    expect(complaint.when.predicates).toEqual([{ op: 'less', subject: byTitle('总体满意度').uuid, value: 3 }]);
    const channel = byTitle('您是通过什么渠道了解到我们门店的？') as TSubject & { subjectType: 1 };
    expect(project.logic.optionLinkage).toEqual([
      expect.objectContaining({
        target: byTitle('本次购买了哪些商品？').uuid,
        when: { match: 'all', predicates: [{ op: 'notChose', subject: channel.uuid, option: channel.options[1]!.uuid }] },
      }),
    ]);
    expect(project.logic.jumps).toHaveLength(1);
    expect(project.logic.jumps[0]).toMatchObject({ from: member.uuid, to: { kind: 'end', message: '徐家汇店正在装修，问卷到此结束。' } });
    expect(project.logic.jumps[0]!.when!.predicates.map((p) => p.op)).toEqual(['chose', 'chose']);
  });

  test('the report counts what was mapped per type and lists what was not, with where and why', () => {
    expect(ZTransferReport.safeParse(report).success).toBe(true);
    const count = (from: string, to: string) => report.mapped.find((m) => m.from === from && m.to === to)?.count;
    expect(count('radiogroup', '单选')).toBe(1);
    expect(count('boolean', '单选')).toBe(1);
    expect(count('text', '单行填空')).toBe(1);
    expect(count('text', '邮箱')).toBe(1);
    expect(count('text', '数字')).toBe(1);
    expect(count('text', '日期时间')).toBe(1);
    expect(count('matrix', '矩阵单选')).toBe(1);
    expect(count('matrixdropdown', '矩阵填空')).toBe(1);
    expect(count('visibleIf', '显示逻辑')).toBe(5);
    expect(count('complete 触发器', '跳转到结束')).toBe(1);
    const missed = (what: RegExp) => report.unmapped.find((u) => what.test(u.what));
    expect(missed(/^expression$/)).toMatchObject({ where: '问题 score_text「您的评分」', reason: '计算表达式题没有对应的题型' });
    expect(missed(/^paneldynamic$/)).toMatchObject({ where: '问题 companions「同行人员」' });
    expect(missed(/面板分组/)!.reason).toMatch(/已按顺序展开/);
    expect(missed(/completedHtml/)).toBeDefined();
    expect(missed(/单元格类型（dropdown）/)).toMatchObject({ where: '问题 prices「您觉得以下商品的价格如何？」' });
    expect(missed(/版面属性/)!.what).toMatch(/colCount/);
    expect(missed(/showProgressBar/)).toBeUndefined();
  });

  test('a file that is not SurveyJS JSON is refused with a typed, readable error', () => {
    for (const bad of ['not json', 42, [], { title: 'x' }, { pages: {} }, { pages: [3] }]) {
      expect(() => fromSurveyJs(bad)).toThrow(SurveyJsFormatError);
    }
    expect(() => fromSurveyJs('{')).toThrow('不是有效的 SurveyJS JSON：文件不是 JSON');
    expect(() => fromSurveyJs({ title: 'x' })).toThrow('不是有效的 SurveyJS JSON：缺少 pages 或 elements');
  });

  test('a survey of top-level elements (no pages) imports too', () => {
    const { project: p } = fromSurveyJs(JSON.stringify({ elements: [{ type: 'text', name: 'q' }] }));
    expect(p.subjects.map((s) => [s.subjectType, s.title])).toEqual([[6, 'q']]);
  });
});
