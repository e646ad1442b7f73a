// toSurveyJs: our subjects as SurveyJS pages and elements (table in types.ts), display rules as visibleIf, option
// linkage as choice visibleIf, jumps as skip / complete triggers; the rest is reported with where and why.
import type { TLogic } from '../../logic/ast';
import { SUBJECT_TYPE_NAMES, UNNUMBERED_SUBJECT_TYPES } from '../../subjects/subject-types';
import type { TSubject } from '../../subjects/registry';
import type { TransferProject } from '../project';
import type { TTransferReport } from '../report';
import { elementOut, NO_EQUIVALENT } from './export-elements';
import { conditionToExpression, type ExprSubject } from './expressions';
import { Tally } from './tally';
import { escapeHtml, toPlain } from './text';
import { whereLabel, type SjObject } from './types';

interface Placed {
  subject: TSubject;
  element: SjObject;
  expr: ExprSubject;
  where: string;
}

const typeName = (t: number) => SUBJECT_TYPE_NAMES[t as keyof typeof SUBJECT_TYPE_NAMES]?.zh ?? `类型${t}`;

export function exportProject(project: TransferProject): { json: SjObject; report: TTransferReport } {
  const tally = new Tally();
  const subjects = [...project.subjects].sort((a, b) => a.indexSort - b.indexSort);
  const pages: SjObject[] = [{ name: 'page1', elements: [] }];
  const placed = new Map<string, Placed>();
  const whereOf = new Map<string, string>();
  let number = 0;
  subjects.forEach((s, i) => {
    const numbered = !UNNUMBERED_SUBJECT_TYPES.has(s.subjectType) && s.isStemIndex;
    if (numbered) number++;
    const where = whereLabel(numbered ? `第${number}题` : `第${i + 1}项（${typeName(s.subjectType)}）`, toPlain(s.title));
    whereOf.set(s.uuid, where);
    if (s.subjectType === 16) {
      let page = pages[pages.length - 1]!;
      if ((page.elements as SjObject[]).length > 0) pages.push((page = { name: `page${pages.length + 1}`, elements: [] }));
      const title = toPlain(s.title);
      if (title && title !== '分页') page.title = title;
      if (s.timerSeconds) page.timeLimit = s.timerSeconds;
      tally.mapped(typeName(16), 'page');
      return;
    }
    const out = elementOut(s);
    if (!out) {
      tally.unmapped(where, typeName(s.subjectType), NO_EQUIVALENT[s.subjectType] ?? 'SurveyJS 没有对应的题型');
      return;
    }
    const name = `q${i + 1}`;
    const element: SjObject = { type: out.element.type, name };
    const title = toPlain(s.title);
    const titled = out.element.type !== 'html' && out.element.type !== 'image';
    if (!titled && ![15, 36].includes(s.subjectType) && toPlain(s.title)) tally.unmapped(where, '标题', 'SurveyJS 的此类元素没有标题');
    if (titled) {
      element.title = title || name;
      const description = toPlain(s.description);
      if (description) element.description = description;
      if (s.required && out.element.isRequired === undefined) element.isRequired = true;
    }
    Object.assign(element, out.element);
    (pages[pages.length - 1]!.elements as SjObject[]).push(element);
    placed.set(s.uuid, { subject: s, element, expr: { name, ...out.expr }, where });
    tally.mapped(typeName(s.subjectType), String(out.element.type));
    for (const loss of out.losses) tally.unmapped(where, loss, 'SurveyJS 没有对应的设置');
    if (/\{\{[^}]+\}\}/.test(s.title)) tally.unmapped(where, '标题中的引用 {{…}}', 'SurveyJS 的引用写法是 {题目名}，需在 SurveyJS 中重新设置');
    if (s.score !== undefined) tally.unmapped(where, `分值 ${s.score}`, 'SurveyJS 的题目没有分值');
    if (s.answerAnalysis) tally.unmapped(where, '答案解析', 'SurveyJS 的题目没有答案解析');
  });
  const json: SjObject = { title: toPlain(project.title) };
  const description = toPlain(project.subtitle);
  if (description) json.description = description;
  json.pages = pages.filter((p, i) => i === 0 || (p.elements as SjObject[]).length > 0);
  logicOut(project.logic, placed, whereOf, json, tally);
  return { json, report: tally.report() };
}

function logicOut(logic: TLogic, placed: Map<string, Placed>, whereOf: Map<string, string>, json: SjObject, tally: Tally) {
  const exprOf = (uuid: string) => placed.get(uuid)?.expr;
  const where = (uuid: string) => whereOf.get(uuid) ?? '已删除的题目';
  const visible = new Map<string, string[]>();
  for (const rule of logic.display) {
    const target = placed.get(rule.target);
    const cond = conditionToExpression(rule.when, exprOf);
    if (!target) tally.unmapped(where(rule.target), '显示逻辑', '目标题目没有导出');
    else if (!cond.ok) tally.unmapped(target.where, '显示逻辑', cond.reason);
    else {
      visible.set(rule.target, [...(visible.get(rule.target) ?? []), cond.value]);
      tally.mapped('显示逻辑', 'visibleIf');
    }
  }
  for (const [uuid, conds] of visible) placed.get(uuid)!.element.visibleIf = joinAll(conds);
  const choiceConds = new Map<SjObject, string[]>();
  for (const rule of logic.optionLinkage) {
    const target = placed.get(rule.target);
    const cond = conditionToExpression(rule.when, exprOf);
    const choices = target && Array.isArray(target.element.choices) ? (target.element.choices as SjObject[]) : undefined;
    const picked = choices && rule.options.map((o) => target!.expr.choice?.(o)?.value).map((v) => choices.find((c) => c.value === v));
    if (!target || !picked || picked.some((c) => !c)) tally.unmapped(where(rule.target), '选项关联', '目标题目或选项没有导出');
    else if (!cond.ok) tally.unmapped(target.where, '选项关联', cond.reason);
    else {
      for (const c of picked as SjObject[]) choiceConds.set(c, [...(choiceConds.get(c) ?? []), cond.value]);
      tally.mapped('选项关联', 'choice visibleIf');
    }
  }
  for (const [choice, conds] of choiceConds) if (choice.visibleIf !== 'false') choice.visibleIf = joinAll(conds);
  const triggers: SjObject[] = [];
  const endings: SjObject[] = [];
  for (const rule of logic.jumps) {
    const from = where(rule.from);
    if (!rule.when) {
      tally.unmapped(from, '无条件跳转', 'SurveyJS 的跳转需要条件');
      continue;
    }
    const cond = conditionToExpression(rule.when, exprOf);
    if (!cond.ok) tally.unmapped(from, '跳转', cond.reason);
    else if (rule.to.kind === 'end') {
      triggers.push({ type: 'complete', expression: cond.value });
      if (rule.to.message) endings.push({ expression: cond.value, html: `<p>${escapeHtml(rule.to.message)}</p>` });
      tally.mapped('跳转到结束', 'complete trigger');
    } else {
      const target = placed.get(rule.to.subject);
      if (!target) tally.unmapped(from, '跳转', '跳转目标没有导出');
      else {
        triggers.push({ type: 'skip', expression: cond.value, gotoName: target.expr.name });
        tally.mapped('跳转', 'skip trigger');
      }
    }
  }
  if (triggers.length) json.triggers = triggers;
  if (endings.length) json.completedHtmlOnCondition = endings;
  for (const q of logic.quotas) tally.unmapped(q.basis === 'option' ? where(q.subject) : '问卷', '配额', 'SurveyJS 没有配额');
  for (const g of logic.random)
    tally.unmapped(`${g.subjects.length} 道题（${g.subjects.map(where).slice(0, 3).join('、')}…）`, `随机抽题（抽 ${g.draw} 题）`, 'SurveyJS 没有随机抽题组');
}

const joinAll = (conds: string[]) => (conds.length === 1 ? conds[0]! : conds.map((c) => `(${c})`).join(' and '));
