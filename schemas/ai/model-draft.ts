// What a model writes when it drafts a project (issue 52 item 2), and the pure conversion of it into our subjects.
// The model writes a small, forgiving shape (type names, plain texts, option texts, prices in yuan); each subject
// is then built as the editor drops it (the registry's `create`), given the model's texts, and checked with
// ZSubject and fitsProjectType — so nothing the model wrote reaches a project unchecked.
import { z } from 'zod';
import type { TAiDraft } from '../api/ai';
import { escapeHtml } from '../text-import/build';
import type { TOption } from '../subjects/base';
import { subjectEntry, ZSubject, type TSubject } from '../subjects/registry';
import { SUBJECT_TYPE, SUBJECT_TYPE_NAMES, fitsProjectType } from '../subjects/subject-types';
import { AI_KINDS, AI_LIMITS, type TAiKindName } from './kinds';

const T = SUBJECT_TYPE;

/** The type names the model writes, each one subject type. */
export const MODEL_TYPES = {
  single: T.singleChoice,
  multiple: T.multipleChoice,
  dropdown: T.dropdown,
  region: T.region,
  text: T.textInput,
  textarea: T.textarea,
  ranking: T.ranking,
  multiBlank: T.multiBlank,
  matrix: T.matrixSingle,
  file: T.fileUpload,
  date: T.dateTime,
  paragraph: T.paragraph,
  matrixScale: T.matrixScale,
  scale: T.scale,
  number: T.numberInput,
  nps: T.nps,
  rating: T.rating,
  mobile: T.mobile,
  email: T.email,
  idCard: T.idCard,
  signature: T.signature,
  product: T.product,
  appointment: T.appointment,
} as const satisfies Record<string, number>;
export type TModelTypeName = keyof typeof MODEL_TYPES;

/** The type names a kind's draft may use (those of AI_KINDS[kind].subjectTypes), in the kind's order. */
export function modelTypesOf(kind: TAiKindName): { name: TModelTypeName; subjectType: number; zh: string }[] {
  const byNumber = new Map(Object.entries(MODEL_TYPES).map(([name, n]) => [n as number, name as TModelTypeName]));
  return (AI_KINDS[kind].subjectTypes as readonly number[]).flatMap((n) => {
    const name = byNumber.get(n);
    return name ? [{ name, subjectType: n, zh: SUBJECT_TYPE_NAMES[n as keyof typeof SUBJECT_TYPE_NAMES].zh }] : [];
  });
}

const ZText = (max: number) => z.string().trim().min(1).max(max);
const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:MM');

/** One subject as the model writes it. */
export const ZModelSubject = z.object({
  type: z.string().max(40),
  title: ZText(500),
  description: z.string().max(2_000).optional(),
  required: z.boolean().optional(),
  /** Choice texts (single, multiple, dropdown, ranking). */
  options: z.array(ZText(200)).max(30).optional(),
  /** Exam: indexes (0-based) of the correct options. */
  correct: z.array(z.number().int().min(0).max(29)).max(30).optional(),
  /** Exam: points. */
  score: z.number().min(0).max(100).optional(),
  /** Exam: the explanation shown after submission. */
  analysis: z.string().max(2_000).optional(),
  /** Matrix and matrix scale rows; matrix columns. */
  rows: z.array(ZText(200)).max(30).optional(),
  columns: z.array(ZText(50)).max(10).optional(),
  /** Multi-blank labels. */
  blanks: z.array(ZText(20)).max(20).optional(),
  /** Product: what is sold, each with its price in yuan. */
  items: z
    .array(z.object({ name: ZText(200), price: z.number().min(0).max(1_000_000) }))
    .max(50)
    .optional(),
  /** Product: the one price (yuan) when there are no items. */
  price: z.number().min(0).max(1_000_000).optional(),
  /** Appointment: the day's slots and the weekdays (1 Monday … 7 Sunday). */
  slots: z
    .array(z.object({ start: ZTime, end: ZTime }))
    .max(24)
    .optional(),
  weekdays: z.array(z.number().int().min(1).max(7)).max(7).optional(),
});
export type TModelSubject = z.infer<typeof ZModelSubject>;

/** The whole answer; subjects are checked one by one (ZModelSubject), so one bad subject names itself. */
export const ZModelDraft = z.object({
  title: ZText(100),
  subtitle: z.string().max(5_000).optional(),
  subjects: z
    .array(z.unknown())
    .min(AI_LIMITS.subjectsMin)
    .max(AI_LIMITS.subjectsMax + 20),
});

export type SubjectResult = { ok: true; subject: TSubject } | { ok: false; error: string };
export type DraftResult = { ok: true; draft: TAiDraft } | { ok: false; errors: string[] };

const CHOICES = new Set<number>([T.singleChoice, T.multipleChoice, T.dropdown, T.ranking]);
const OTHER = /^其[他它]/;
const clip = (text: string, max: number) => [...text].slice(0, max).join('');
const issues = (error: z.core.$ZodError) =>
  error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '内容'} ${i.message}`)
    .join('；');

/** Patch the created subject with the model's texts; an error names what is missing. */
function patch(kind: TAiKindName, m: TModelSubject, s: Record<string, unknown>, newId: () => string): string | null {
  const type = s.subjectType as number;
  s.title = escapeHtml(m.title);
  if (m.description) s.description = `<p>${escapeHtml(m.description)}</p>`;
  if (m.required !== undefined && type !== T.paragraph) s.required = m.required;
  if (CHOICES.has(type)) {
    if (!m.options || m.options.length < 2) return '需要至少2个选项（options）';
    s.options = m.options.map((title): TOption => {
      const option: TOption = { uuid: newId(), title };
      if (type !== T.ranking && type !== T.dropdown && OTHER.test(title)) option.fillIn = true;
      return option;
    });
  }
  if (kind === 'exam' && (type === T.singleChoice || type === T.multipleChoice)) {
    const options = s.options as TOption[];
    const correct = [...new Set(m.correct ?? [])];
    if (!correct.length) return '考试选择题需要正确答案（correct）';
    if (correct.some((i) => i >= options.length)) return 'correct 中的序号超出了选项范围';
    if (type === T.singleChoice && correct.length !== 1) return '单选题只能有1个正确答案';
    for (const i of correct) options[i]!.isCorrect = true;
    if (type === T.multipleChoice) s.scoring = 'partial';
  }
  if (kind === 'exam' && type !== T.paragraph) {
    s.score = m.score ?? 5;
    if (m.analysis) s.answerAnalysis = `<p>${escapeHtml(m.analysis)}</p>`;
  }
  if (type === T.matrixSingle || type === T.matrixScale) {
    if (!m.rows?.length) return '矩阵题需要行（rows）';
    s.rows = m.rows.map((title) => ({ uuid: newId(), title }));
    if (type === T.matrixSingle && m.columns && m.columns.length >= 2) s.columns = m.columns.map((title) => ({ uuid: newId(), title }));
  }
  if (type === T.multiBlank) {
    if (!m.blanks?.length) return '多项填空需要填空项（blanks）';
    s.blanks = m.blanks.map((label) => ({ uuid: newId(), label, required: true }));
  }
  if (type === T.paragraph) {
    s.required = false;
  }
  if (type === T.product) {
    const items = m.items?.length ? m.items : m.price !== undefined ? [{ name: m.title, price: m.price }] : [];
    if (!items.length) return '商品题需要商品及价格（items）';
    s.products = items.map((item) => ({ uuid: newId(), title: clip(item.name, 200), price: Math.round(item.price * 100) }));
  }
  if (type === T.appointment) {
    if (m.slots?.length) {
      if (m.slots.some((t) => t.start >= t.end)) return '时段的结束时间须晚于开始时间';
      s.times = m.slots.map((t) => ({ uuid: newId(), start: t.start, end: t.end }));
    }
    if (m.weekdays?.length) s.weeks = [...new Set(m.weekdays)].sort();
  }
  return null;
}

/**
 * One subject the model wrote (unchecked JSON) as a subject of `kind`, checked: its type allowed for the kind,
 * its texts in place, valid by ZSubject and fitting the kind's project type. `index` is its 0-based place.
 */
export function subjectFromModel(kind: TAiKindName, raw: unknown, index: number, newId: () => string): SubjectResult {
  const where = `第${index + 1}题`;
  const parsed = ZModelSubject.safeParse(raw);
  if (!parsed.success) return { ok: false, error: `${where}：${issues(parsed.error)}` };
  const m = parsed.data;
  const allowed = modelTypesOf(kind);
  const type = allowed.find((t) => t.name === m.type);
  if (!type) return { ok: false, error: `${where}：类型 ${m.type} 不可用，只能是 ${allowed.map((t) => t.name).join('、')}` };
  const subject = subjectEntry(type.subjectType).create({ uuid: newId(), indexSort: index + 1, newId }) as Record<string, unknown>;
  const missing = patch(kind, m, subject, newId);
  if (missing) return { ok: false, error: `${where}：${missing}` };
  const checked = ZSubject.safeParse(subject);
  if (!checked.success) return { ok: false, error: `${where}：${issues(checked.error)}` };
  if (!fitsProjectType(checked.data.subjectType, AI_KINDS[kind].questionType)) return { ok: false, error: `${where}：该题型不适用于${AI_KINDS[kind].name}` };
  return { ok: true, subject: checked.data };
}

/**
 * The whole answer (parsed JSON) as a draft of `kind`: title, subtitle and every subject converted and checked;
 * a reservation's appointment slot first (one is added when the model wrote none), a payment needs a product.
 * Any error is reported (the model is asked again with them); nothing half-valid is returned.
 */
export function draftFromModel(kind: TAiKindName, raw: unknown, newId: () => string): DraftResult {
  const parsed = ZModelDraft.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: [`整体结构：${issues(parsed.error)}`] };
  const errors: string[] = [];
  let subjects: TSubject[] = [];
  parsed.data.subjects.forEach((s, i) => {
    const r = subjectFromModel(kind, s, i, newId);
    if (r.ok) subjects.push(r.subject);
    else errors.push(r.error);
  });
  if (errors.length) return { ok: false, errors };
  if (kind === 'receivePayment' && !subjects.some((s) => s.subjectType === T.product)) errors.push('收款需要至少一道商品题（type product，items 含价格）');
  if (kind === 'reservation') subjects = appointmentFirst(subjects, newId);
  if (errors.length) return { ok: false, errors };
  const info = AI_KINDS[kind];
  return {
    ok: true,
    draft: {
      questionType: info.questionType,
      solitaireType: 'solitaireType' in info ? info.solitaireType : null,
      title: clip(parsed.data.title, 100),
      subtitle: clip(parsed.data.subtitle ?? '', 5_000),
      subjects: subjects.map((s, i) => ({ ...s, indexSort: i + 1 })),
    },
  };
}

/** A reservation opens with its appointment slot subject (one of the editor's defaults when the model wrote none). */
function appointmentFirst(subjects: TSubject[], newId: () => string): TSubject[] {
  const slots = subjects.filter((s) => s.subjectType === T.appointment);
  const rest = subjects.filter((s) => s.subjectType !== T.appointment);
  const first = slots[0] ?? (subjectEntry(T.appointment).create({ uuid: newId(), indexSort: 1, newId }) as TSubject);
  return [first, ...rest];
}
