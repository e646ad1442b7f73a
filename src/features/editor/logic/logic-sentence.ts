// Logic rules as readable Chinese sentences ("当第3题选择「A」时，跳转到第7题"). Pure: the page, the tests and
// anything else that lists rules read them the same way.
import type { TCondition, TDisplayRule, TJumpRule, TOptionLinkageRule, TPredicate, TQuotaRule, TRandomGroup } from '../../../../schemas/logic/ast';
import type { Finding } from '../../../../schemas/logic/checker';
import { parseTemplate, type TPipeRef } from '../../../../schemas/logic/piping';
import type { TSubject } from '../../../../schemas/subjects/registry';
import { SUBJECT_TYPE_NAMES, type SubjectTypeNumber } from '../../../../schemas/subjects/subject-types';

export interface TSentenceContext {
  subjects: readonly TSubject[];
  /** Displayed numbers (schemas/subjects/numbering displayIndexes). */
  numbering: ReadonlyMap<string, number | null>;
  /** Rich text to plain text. */
  plain?: (html: string) => string;
}

const strip = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();

export function subjectRef(ctx: TSentenceContext, uuid: string): string {
  const subject = ctx.subjects.find((s) => s.uuid === uuid);
  if (!subject) return '已删除的题目';
  const n = ctx.numbering.get(uuid);
  if (n) return `第${n}题`;
  const title = (ctx.plain ?? strip)(subject.title).slice(0, 12);
  const type = SUBJECT_TYPE_NAMES[subject.subjectType as SubjectTypeNumber]?.zh ?? '题目';
  return title ? `${type}「${title}」` : type;
}

type Part = { uuid: string; title: string };

/** The label of something "chose" can name: an option, a matrix cell `row:column`, a scale row point, a product. */
export function choiceLabel(ctx: TSentenceContext, subjectUuid: string, choice: string): string {
  const subject = ctx.subjects.find((s) => s.uuid === subjectUuid) as (TSubject & Record<string, unknown>) | undefined;
  const plain = ctx.plain ?? strip;
  if (!subject) return '已删除的选项';
  const find = (list: unknown, id: string) => (Array.isArray(list) ? (list as Part[]).find((p) => p.uuid === id) : undefined);
  const direct = find(subject.options, choice) ?? find(subject.products, choice) ?? find(subject.labels, choice);
  if (direct) return plain(direct.title) || '（空选项）';
  const [row, column] = choice.split(':');
  if (row && column !== undefined) {
    const r = find(subject.rows, row);
    const c = find(subject.columns, column);
    if (r) return `${plain(r.title)}-${c ? plain(c.title) : column}`;
  }
  return '已删除的选项';
}

const quote = (text: string) => `「${text}」`;

export function predicateText(ctx: TSentenceContext, p: TPredicate): string {
  const who = subjectRef(ctx, p.subject);
  switch (p.op) {
    case 'chose':
      return `${who}选择${quote(choiceLabel(ctx, p.subject, p.option))}`;
    case 'notChose':
      return `${who}未选择${quote(choiceLabel(ctx, p.subject, p.option))}`;
    case 'equals':
      return `${who}的答案等于${typeof p.value === 'number' ? p.value : quote(p.value)}`;
    case 'contains':
      return `${who}的答案包含${quote(p.value)}`;
    case 'greater':
      return `${who}的答案大于${p.value}`;
    case 'less':
      return `${who}的答案小于${p.value}`;
    case 'answered':
      return `${who}已作答`;
    case 'empty':
      return `${who}未作答`;
  }
}

export function conditionText(ctx: TSentenceContext, c: TCondition): string {
  return c.predicates.map((p) => predicateText(ctx, p)).join(c.match === 'all' ? '且' : '或');
}

export function jumpSentence(ctx: TSentenceContext, rule: TJumpRule): string {
  const target = rule.to.kind === 'end' ? `结束作答${rule.to.message ? `并提示${quote(rule.to.message)}` : ''}` : `跳转到${subjectRef(ctx, rule.to.subject)}`;
  if (!rule.when) return `${subjectRef(ctx, rule.from)}答完后，${target}`;
  return `当${conditionText(ctx, rule.when)}时，${target}`;
}

export function displaySentence(ctx: TSentenceContext, rule: TDisplayRule): string {
  return `当${conditionText(ctx, rule.when)}时，显示${subjectRef(ctx, rule.target)}`;
}

export function linkageSentence(ctx: TSentenceContext, rule: TOptionLinkageRule): string {
  const options = rule.options.map((o) => quote(choiceLabel(ctx, rule.target, o))).join('');
  return `当${conditionText(ctx, rule.when)}时，${subjectRef(ctx, rule.target)}显示选项${options}`;
}

export function quotaSentence(ctx: TSentenceContext, rule: TQuotaRule): string {
  const full =
    rule.onFull.action === 'end'
      ? `结束作答并提示${quote(rule.onFull.message)}`
      : rule.onFull.action === 'message'
        ? `提示${quote(rule.onFull.message)}并请答题者重新选择`
        : rule.basis === 'option'
          ? '隐藏该选项'
          : `隐藏${subjectRef(ctx, rule.onFull.subject)}的选项${quote(choiceLabel(ctx, rule.onFull.subject, rule.onFull.option))}`;
  const counted =
    rule.basis === 'option'
      ? `${subjectRef(ctx, rule.subject)}选择${quote(choiceLabel(ctx, rule.subject, rule.option))}的答卷`
      : `满足“${conditionText(ctx, rule.when)}”的答卷`;
  return `${counted}达到${rule.limit}份后，${full}`;
}

export function randomSentence(ctx: TSentenceContext, group: TRandomGroup): string {
  const members = group.subjects.map((u) => subjectRef(ctx, u));
  const listed = members.length > 6 ? `${members.slice(0, 5).join('、')}等${members.length}道题` : members.join('、');
  return `从${listed}中随机抽取${group.draw}题${group.shuffle ? '，并打乱顺序' : ''}`;
}

/** One `{{Qn}}` / `{{uuid}}` placeholder in a subject's title or description. */
export interface TPipeUse {
  subject: string;
  field: 'title' | 'description';
  ref: TPipeRef;
  /** The placeholder as written, e.g. `{{Q3}}`. */
  source: string;
}

/** Every piping use, in subject order, title before description. */
export function pipeUses(subjects: readonly TSubject[]): TPipeUse[] {
  return subjects.flatMap((s) =>
    (['title', 'description'] as const).flatMap((field) =>
      parseTemplate(s[field]).flatMap((part) => (part.kind === 'pipe' ? [{ subject: s.uuid, field, ref: part.ref, source: part.source }] : [])),
    ),
  );
}

/** The subject a placeholder reads (by displayed number or uuid), or null when there is none. */
export function pipeTarget(ctx: TSentenceContext, ref: TPipeRef): string | null {
  if (ref.kind === 'uuid') return ctx.subjects.some((s) => s.uuid === ref.uuid) ? ref.uuid : null;
  for (const [uuid, n] of ctx.numbering) if (n === ref.index) return uuid;
  return null;
}

/** "第3题的标题引用第1题的答案". */
export function pipeSentence(ctx: TSentenceContext, use: TPipeUse): string {
  const where = `${subjectRef(ctx, use.subject)}的${use.field === 'title' ? '标题' : '说明'}`;
  const target = pipeTarget(ctx, use.ref);
  return target ? `${where}引用${subjectRef(ctx, target)}的答案` : `${where}引用了不存在的题目 ${use.source}`;
}

/** The checker's finding about this use (a deleted subject, or one that comes later), if any. */
export function pipeFinding(findings: readonly Finding[], ctx: TSentenceContext, use: TPipeUse): Finding | undefined {
  const target = pipeTarget(ctx, use.ref);
  return findings.find((f) => {
    if (f.subjects[0]?.uuid !== use.subject) return false;
    if (f.code === 'pipe-subject-missing') return target === null && f.message.endsWith(use.source);
    return f.code === 'pipe-subject-later' && target !== null && (f.subjects[1]?.uuid ?? use.subject) === target;
  });
}

/** What the stem editor's 插入引用 offers: the numbered questions before `uuid`, as `{{Qn}}`. */
export function pipeSources(ctx: TSentenceContext, uuid: string): { token: string; label: string }[] {
  const plain = ctx.plain ?? strip;
  const out: { token: string; label: string }[] = [];
  for (const s of ctx.subjects) {
    if (s.uuid === uuid) break;
    const n = ctx.numbering.get(s.uuid);
    if (n)
      out.push({
        token: `{{Q${n}}}`,
        label: `第${n}题 ${plain(s.title).slice(0, 24) || SUBJECT_TYPE_NAMES[s.subjectType as SubjectTypeNumber]?.zh || ''}`.trim(),
      });
  }
  return out;
}
