// fromSurveyJs: pages and elements (panels flattened) as our subjects, visibleIf / choice visibleIf / skip and
// complete triggers as our logic. Whatever does not cross is listed in the report with where and why.
import { emptyLogic, type TCondition, type TLogic } from '../../logic/ast';
import { randomUuid } from '../../random-id';
import { SUBJECT_TYPE_NAMES } from '../../subjects/subject-types';
import { createSubject, ZSubject, type TSubject } from '../../subjects/registry';
import type { TransferProject } from '../project';
import type { TTransferReport } from '../report';
import { expressionToCondition, expressionToConditions, type ImportSubject } from './expressions';
import { buildSubject, titleOf } from './import-elements';
import { Reader, type Built } from './import-reader';
import { Tally } from './tally';
import { readText, toParagraphs, toPlain, toTitleHtml } from './text';
import { isObject, SurveyJsFormatError, whereLabel, type SjObject } from './types';

/** Layout-only properties: they change how SurveyJS draws a question, not what it asks (reported once, together). */
const COSMETIC = new Set(
  'width minWidth maxWidth startWithNewLine titleLocation descriptionLocation indent colCount hideNumber showNumber state renderAs inputSize imageHeight imageWidth imageFit showLabel rowTitleWidth textUpdateMode autoGrow allowResize displayMode errorLocation requiredErrorText placeholder showPreview allowImagesPreview storeDataAsText waitForUpload separateSpecialChoices rateDisplayMode rateColorMode scaleColorMode rateDescriptionLocation displayRateDescriptionsAsExtremeItems autoGenerate rateCount labelTrue labelFalse useTitleAsLabel swapOrder signatureWidth signatureHeight penColor backgroundColor minImageWidth maxImageWidth minImageHeight maxImageHeight selectToRankEnabled otherPlaceholder commentPlaceholder cellType clearIfInvisible'.split(
    ' ',
  ),
);
const SURVEY_KEYS = new Set([
  'title',
  'description',
  'pages',
  'elements',
  'triggers',
  'completedHtmlOnCondition',
  'locale',
  '$schema',
  'sjsVersion',
  'logo',
  'logoPosition',
  'logoWidth',
  'logoHeight',
  'logoFit',
  'widthMode',
  'width',
  'headerView',
  'showQuestionNumbers',
  'showProgressBar',
  'progressBarType',
  'questionTitleLocation',
  'showTitle',
  'showPageTitles',
  'pageNextText',
  'pagePrevText',
  'completeText',
]);

interface Placed {
  built: Built;
  name: string;
  where: string;
  position: number;
  visibleIf: string[];
}

interface Walk {
  subjects: TSubject[];
  placed: Placed[];
  byName: Map<string, Placed>;
  tally: Tally;
  cosmetic: Set<string>;
  newId: () => string;
}

export function importSurvey(input: unknown): { project: TransferProject; report: TTransferReport } {
  const json = readJson(input);
  const walk: Walk = { subjects: [], placed: [], byName: new Map(), tally: new Tally(), cosmetic: new Set(), newId: randomUuid };
  const pages = Array.isArray(json.pages) ? json.pages : [{ elements: json.elements }];
  pages.forEach((page, p) => {
    if (!isObject(page)) throw new SurveyJsFormatError(`第${p + 1}页不是对象`);
    if (page.elements !== undefined && !Array.isArray(page.elements)) throw new SurveyJsFormatError(`第${p + 1}页的 elements 不是数组`);
    const title = readText(page.title);
    if (p > 0 || title) {
      const brk = p > 0 ? createSubject(16, { uuid: walk.newId(), indexSort: walk.subjects.length + 1 }) : undefined;
      if (brk) {
        if (title) brk.title = toTitleHtml(title);
        if (typeof page.timeLimit === 'number' && page.timeLimit >= 1) brk.timerSeconds = Math.min(86_400, Math.round(page.timeLimit));
        walk.subjects.push(brk);
        walk.tally.mapped('page', SUBJECT_TYPE_NAMES[16].zh);
      } else walk.tally.unmapped(`第1页「${title}」`, '第一页的标题', '第一页之前没有分页，标题未导入');
    }
    const conds = typeof page.visibleIf === 'string' && page.visibleIf.trim() ? [page.visibleIf] : [];
    walkElements((page.elements as unknown[]) ?? [], walk, conds, `第${p + 1}页`);
  });
  if (walk.cosmetic.size)
    walk.tally.unmapped(
      '全部题目',
      `版面属性（${[...walk.cosmetic].slice(0, 8).join('、')}${walk.cosmetic.size > 8 ? '…' : ''}）`,
      '只影响 SurveyJS 的显示方式',
    );
  const logic = logicIn(json, walk);
  for (const key of Object.keys(json)) {
    if (SURVEY_KEYS.has(key)) continue;
    walk.tally.unmapped('问卷设置', key === 'completedHtml' ? '结束页文字 completedHtml' : `设置 ${key}`, '没有对应的问卷设置');
  }
  const scored = walk.placed.some((x) => x.built.scored);
  const project: TransferProject = {
    title: toPlain(toTitleHtml(readText(json.title))).slice(0, 200) || '导入的问卷',
    subtitle: toParagraphs(readText(json.description)).slice(0, 5_000),
    questionType: scored ? 2 : 1,
    subjects: walk.subjects,
    logic,
  };
  return { project, report: walk.tally.report() };
}

function readJson(input: unknown): SjObject {
  let json = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input);
    } catch {
      throw new SurveyJsFormatError('文件不是 JSON');
    }
  }
  if (!isObject(json)) throw new SurveyJsFormatError('顶层应为对象');
  if (json.pages === undefined && json.elements === undefined) throw new SurveyJsFormatError('缺少 pages 或 elements');
  if (json.pages !== undefined && !Array.isArray(json.pages)) throw new SurveyJsFormatError('pages 不是数组');
  if (json.pages === undefined && !Array.isArray(json.elements)) throw new SurveyJsFormatError('elements 不是数组');
  return json;
}

function walkElements(elements: unknown[], walk: Walk, conds: string[], at: string) {
  for (const el of elements) {
    if (!isObject(el)) {
      walk.tally.unmapped(at, '无法读取的元素', '元素不是对象');
      continue;
    }
    const type = String(el.type ?? '').toLowerCase();
    const name = readText(el.name) || `(${type || '未命名'})`;
    const own = typeof el.visibleIf === 'string' && el.visibleIf.trim() ? [...conds, el.visibleIf] : conds;
    if (type === 'panel') {
      const title = readText(el.title);
      if (title || readText(el.description)) {
        const para = createSubject(15, { uuid: walk.newId(), indexSort: walk.subjects.length + 1 });
        para.title = toTitleHtml(title);
        para.description = toParagraphs(readText(el.description));
        place({ subject: para, expr: {}, choiceConditions: [], notes: [], scored: false }, name, whereLabel(`面板 ${name}`, title), own, walk);
        walk.tally.mapped('panel 标题', SUBJECT_TYPE_NAMES[15].zh);
      }
      walk.tally.unmapped(
        whereLabel(`面板 ${name}`, title),
        '面板分组',
        '我们没有面板：其中的题目已按顺序展开' + (own.length > conds.length ? '，面板的显示条件加到了每道题上' : ''),
      );
      if (Array.isArray(el.elements)) walkElements(el.elements, walk, own, at);
      continue;
    }
    const r = new Reader(el);
    const where = whereLabel(`问题 ${name}`, readText(el.title));
    const result = buildSubject(r, { newId: walk.newId, indexSort: walk.subjects.length + 1 });
    if ('reason' in result) {
      walk.tally.unmapped(where, type || '未知元素', result.reason);
      continue;
    }
    const s = result.subject;
    s.title = titleOf(r, s);
    const description = r.str('description');
    if (description) s.description = toParagraphs(description);
    s.required = r.get('isRequired') === true || (s.subjectType >= 11 && r.el.eachRowRequired === true);
    const parsed = ZSubject.safeParse(s);
    if (!parsed.success) {
      walk.tally.unmapped(where, type, `题目数据不完整：${parsed.error.issues[0]?.message ?? ''}`);
      continue;
    }
    for (const key of ['type', 'name', 'title', 'description', 'isRequired', 'visibleIf', 'eachRowRequired']) r.used.add(key);
    for (const key of Object.keys(el)) {
      if (r.used.has(key)) continue;
      if (COSMETIC.has(key)) walk.cosmetic.add(key);
      else result.notes.push(`属性 ${key}`);
    }
    if (walk.byName.has(name)) result.notes.push('题目名称重复（条件只引用第一个）');
    place(result, name, where, own, walk);
    walk.tally.mapped(type, SUBJECT_TYPE_NAMES[s.subjectType].zh);
    for (const note of result.notes) walk.tally.unmapped(where, note, '没有对应的设置');
  }
}

function place(built: Built, name: string, where: string, visibleIf: string[], walk: Walk) {
  const placed = { built, name, where, position: walk.subjects.length, visibleIf };
  walk.subjects.push(built.subject);
  walk.placed.push(placed);
  if (!walk.byName.has(name)) walk.byName.set(name, placed);
}

function logicIn(json: SjObject, walk: Walk): TLogic {
  const logic = emptyLogic();
  const resolve = (name: string): ImportSubject | undefined => {
    const p = walk.byName.get(name);
    return p && { uuid: p.built.subject.uuid, ...p.built.expr };
  };
  const condition = (src: string, where: string, what: string): TCondition | undefined => {
    const out = expressionToCondition(src, resolve);
    if (!out.ok) walk.tally.unmapped(where, what, out.reason);
    return out.ok ? out.value : undefined;
  };
  for (const p of walk.placed) {
    for (const src of p.visibleIf) {
      const conds = expressionToConditions(src, resolve);
      if (!conds.ok) walk.tally.unmapped(p.where, `显示条件 ${src}`, conds.reason);
      else {
        for (const when of conds.value) logic.display.push({ id: walk.newId(), target: p.built.subject.uuid, when });
        walk.tally.mapped('visibleIf', '显示逻辑');
      }
    }
    for (const c of p.built.choiceConditions) {
      const when = condition(c.expression, p.where, `选项显示条件 ${c.expression}`);
      if (!when) continue;
      logic.optionLinkage.push({ id: walk.newId(), target: p.built.subject.uuid, options: [c.option], when });
      walk.tally.mapped('choice visibleIf', '选项关联');
    }
  }
  const position = new Map(walk.placed.map((p) => [p.built.subject.uuid, p]));
  const endings = Array.isArray(json.completedHtmlOnCondition) ? json.completedHtmlOnCondition.filter(isObject) : [];
  const triggers = Array.isArray(json.triggers) ? json.triggers : [];
  triggers.forEach((t, i) => {
    const where = `触发器 ${i + 1}`;
    if (!isObject(t)) return walk.tally.unmapped(where, '触发器', '无法读取');
    const type = String(t.type ?? '');
    if (type !== 'complete' && type !== 'skip') return walk.tally.unmapped(where, `${type || '未知'} 触发器`, '没有对应的逻辑');
    const expression = typeof t.expression === 'string' ? t.expression : '';
    const when = condition(expression, where, `${type} 触发器`);
    if (!when) return;
    const from = when.predicates.map((x) => position.get(x.subject)!).reduce((a, b) => (b.position > a.position ? b : a));
    if (type === 'complete') {
      const ending = endings.find((e) => e.expression === expression);
      const message = ending ? toPlain(readText(ending.html)).slice(0, 2_000) : undefined;
      logic.jumps.push({ id: walk.newId(), from: from.built.subject.uuid, when, to: { kind: 'end', ...(message ? { message } : {}) } });
      walk.tally.mapped('complete 触发器', '跳转到结束');
      return;
    }
    const target = walk.byName.get(readText(t.gotoName));
    if (!target) return walk.tally.unmapped(where, 'skip 触发器', `跳转目标 ${readText(t.gotoName)} 没有导入`);
    if (target.position <= from.position) return walk.tally.unmapped(where, 'skip 触发器', '只能向后跳转：目标在条件题之前');
    logic.jumps.push({ id: walk.newId(), from: from.built.subject.uuid, when, to: { kind: 'subject', subject: target.built.subject.uuid } });
    walk.tally.mapped('skip 触发器', '跳转');
  });
  const ended = new Set(triggers.filter(isObject).map((t) => t.expression));
  for (const e of endings) if (!ended.has(e.expression)) walk.tally.unmapped('问卷设置', `结束页条件 ${String(e.expression)}`, '没有对应的完成触发器');
  return logic;
}
