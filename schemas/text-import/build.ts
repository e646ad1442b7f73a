// Drafts → subjects. Each subject starts as the registry creates it (so it carries every default a newly
// dropped subject has) and then gets the pasted title, options and required flag.
import type { TOption } from '../subjects/base';
import { TRUE_FALSE_OPTIONS } from '../subjects/presets';
import { subjectEntry, type TSubject } from '../subjects/registry';
import { SUBJECT_TYPE } from '../subjects/subject-types';
import type { Markers } from './markers';
import type { TextImportWarning } from './warning';

export interface OptionDraft {
  line: number;
  text: string;
}

export interface QuestionDraft {
  kind: 'question';
  line: number;
  text: string;
  markers: Markers;
  options: OptionDraft[];
  /** Bracketed hints written under the stem ("（请填写真实姓名）"). */
  descriptions: string[];
}

export type Draft =
  QuestionDraft | { kind: 'paragraph'; line: number; lines: string[] } | { kind: 'section'; line: number; text: string } | { kind: 'pageBreak'; line: number };

const MAX_TITLE = 2_000;
const MAX_OPTION = 500;
const MAX_LABEL = 50;
const MAX_OPTIONS = 500;

const BLANK_RUNS = /_{2,}|＿{2,}/g;
const OTHER = /其[他它]/;
const NONE_OF_THESE = /^(?:以上)?(?:都|均|皆|全)(?:不|没有|无)|^以上皆非$|^(?:无|没有|不需要)$/;
const NUMBER_ROW = /^(\D*?)\s*(\d{1,2}(?:[\s,，、]+\d{1,2})+)\s*(\D*)$/;

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Warn = (line: number, message: string) => void;

/** Point types whose pasted lines under the stem are read as their labels or points (scale, NPS, stars). */
const POINT_LINES: Partial<Record<number, (subject: Record<string, unknown>, d: QuestionDraft, warn: Warn) => void>> = {
  [SUBJECT_TYPE.scale]: applyScale,
  [SUBJECT_TYPE.nps]: applyNps,
  [SUBJECT_TYPE.rating]: applyRating,
};

/** Whether the plain lines after a stem of this type are its options (types with options) or its point labels. */
export const takesOptionLines = (subjectType: number): boolean => subjectEntry(subjectType).hasOptions || POINT_LINES[subjectType] !== undefined;

interface Context {
  create: (subjectType: number) => TSubject;
  newId: () => string;
  /** 问卷星-style exports star the required questions; then the unstarred ones are optional. */
  starsUsed: boolean;
  warn: Warn;
}

function clip(text: string, max: number, line: number, warn: Warn, what: string): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  warn(line, `${what}超过 ${max} 字，已截断`);
  return chars.slice(0, max).join('');
}

export function buildSubjects(drafts: readonly Draft[], newId: () => string, warnings: TextImportWarning[]): TSubject[] {
  const warn: Warn = (line, message) => warnings.push({ line, message });
  const out: TSubject[] = [];
  const create = (subjectType: number) => subjectEntry(subjectType).create({ uuid: newId(), indexSort: out.length + 1, newId }) as TSubject;
  const ctx: Context = { create, newId, warn, starsUsed: drafts.some((d) => d.kind === 'question' && /^\*|\*$/.test(d.text.trim())) };

  for (const draft of drafts) {
    if (draft.kind === 'pageBreak') {
      const last = out.at(-1);
      if (!last) warn(draft.line, '分页前没有题目，已忽略');
      else if (last.subjectType === SUBJECT_TYPE.pageBreak) warn(draft.line, '连续的分页，已合并');
      else out.push(create(SUBJECT_TYPE.pageBreak));
    } else if (draft.kind === 'section') {
      out.push({ ...create(SUBJECT_TYPE.paragraph), title: escapeHtml(clip(draft.text, MAX_TITLE, draft.line, warn, '标题')), description: '' } as TSubject);
    } else if (draft.kind === 'paragraph') {
      if (!draft.lines.length) {
        warn(draft.line, '段落内容为空，已忽略');
        continue;
      }
      const html = draft.lines.map((l) => `<p>${escapeHtml(clip(l, MAX_TITLE, draft.line, warn, '段落'))}</p>`).join('');
      out.push({ ...create(SUBJECT_TYPE.paragraph), title: '', description: html } as TSubject);
    } else {
      out.push(buildQuestion(draft, ctx));
    }
  }
  if (out.at(-1)?.subjectType === SUBJECT_TYPE.pageBreak) {
    out.pop();
    warn(drafts.at(-1)?.line ?? 0, '末尾的分页没有后续题目，已忽略');
  }
  return out;
}

function questionType(d: QuestionDraft, blanks: number): number {
  const marked = d.markers.subjectType;
  if (marked === SUBJECT_TYPE.textInput && blanks >= 2 && !d.options.length) return SUBJECT_TYPE.multiBlank;
  if (marked !== undefined) return marked;
  if (d.options.length) return SUBJECT_TYPE.singleChoice;
  return blanks >= 2 ? SUBJECT_TYPE.multiBlank : SUBJECT_TYPE.textInput;
}

function buildQuestion(d: QuestionDraft, ctx: Context): TSubject {
  const { warn } = ctx;
  let text = d.text.trim();
  const starred = /^\*|\*$/.test(text);
  text = text.replace(/^\*+\s*|\s*\*+$/g, '');
  const blanks = text.match(BLANK_RUNS)?.length ?? 0;
  const subjectType = questionType(d, blanks);
  const subject = ctx.create(subjectType) as TSubject & Record<string, unknown>;

  if (subjectType === SUBJECT_TYPE.multiBlank) {
    subject.blanks = blankLabels(text).map((label) => ({ uuid: ctx.newId(), label, required: true }));
    text = text.replace(BLANK_RUNS, '___');
  } else {
    // "姓名：______" reads as "姓名"; a blank inside the sentence stays, shortened.
    text = text
      .replace(/[:：]?\s*(?:_{2,}|＿{2,})\s*$/, '')
      .replace(/\s*[（(]\s*[)）]$/, '')
      .replace(BLANK_RUNS, '___');
  }
  text = clip(text, MAX_TITLE, d.line, warn, '题目');
  if (text) subject.title = escapeHtml(text);
  else warn(d.line, '题目内容为空，已使用默认标题');
  subject.required = d.markers.required ?? (ctx.starsUsed ? starred : true);
  if (d.descriptions.length) subject.description = d.descriptions.map((t) => `<p>${escapeHtml(clip(t, MAX_TITLE, d.line, warn, '说明'))}</p>`).join('');

  const applyPoints = POINT_LINES[subjectType];
  if (subjectEntry(subjectType).hasOptions) applyOptions(subject, d, ctx);
  else if (applyPoints) applyPoints(subject, d, warn);
  else {
    if (subjectType === SUBJECT_TYPE.dateTime && d.markers.dateMode) subject.mode = d.markers.dateMode;
    if (d.options.length) warn(d.options[0]!.line, '该题型不需要选项，选项已忽略');
  }
  return subject as TSubject;
}

/** The words before each blank of "姓名___ 年龄___", as blank labels. */
function blankLabels(text: string): string[] {
  const parts = text.split(BLANK_RUNS);
  return parts.slice(0, -1).map((part, i) => {
    const label = part.replace(/^[\s,，、;；.。:：]+|[\s,，、;；.。:：]+$/g, '');
    return [...(label || `填空${i + 1}`)].slice(-20).join('');
  });
}

/** "A 男", "B 女": letters in order followed by a space are bullets too, when every option has one. */
function spaceLettered(options: readonly OptionDraft[]): boolean {
  return options.length >= 2 && options.every((o, i) => new RegExp(`^${String.fromCharCode(65 + i)}\\s+\\S`, 'i').test(o.text));
}

function cleanOptions(d: QuestionDraft, warn: Warn): OptionDraft[] {
  const out: OptionDraft[] = [];
  const lettered = spaceLettered(d.options);
  for (const o of d.options) {
    const text = (lettered ? o.text.slice(1) : o.text).replace(/[:：]?\s*(?:_{2,}|＿{2,})\s*$/, '').trim();
    if (!text) warn(o.line, '空选项，已忽略');
    else out.push({ line: o.line, text: clip(text, MAX_OPTION, o.line, warn, '选项') });
  }
  if (out.length > MAX_OPTIONS) {
    warn(out[MAX_OPTIONS]!.line, `选项超过 ${MAX_OPTIONS} 个，多余的已忽略`);
    return out.slice(0, MAX_OPTIONS);
  }
  return out;
}

function applyOptions(subject: TSubject & Record<string, unknown>, d: QuestionDraft, { newId, warn }: Context): void {
  const drafts = cleanOptions(d, warn);
  // 判断题 without written options: 正确 / 错误, with no answer key (the text names none; the editor marks it).
  if (!drafts.length && d.markers.trueFalse && subject.subjectType === SUBJECT_TYPE.singleChoice) {
    subject.options = TRUE_FALSE_OPTIONS.map((title): TOption => ({ uuid: newId(), title }));
    return;
  }
  if (!drafts.length) {
    warn(d.line, '没有找到选项，已使用默认选项');
    return;
  }
  const multiple = subject.subjectType === SUBJECT_TYPE.multipleChoice;
  subject.options = drafts.map((o): TOption => {
    const option: TOption = { uuid: newId(), title: o.text };
    if (subject.subjectType !== SUBJECT_TYPE.ranking && OTHER.test(o.text)) option.fillIn = true;
    if (multiple && NONE_OF_THESE.test(o.text)) option.exclusive = true;
    return option;
  });
  if (multiple) applyPickLimits(subject, d, drafts.length, warn);
}

function applyPickLimits(subject: Record<string, unknown>, d: QuestionDraft, count: number, warn: Warn): void {
  const { minPicks, maxPicks } = d.markers;
  const min = minPicks !== undefined && minPicks >= 1 && minPicks <= count ? minPicks : undefined;
  const max = maxPicks !== undefined && maxPicks >= 1 && maxPicks <= 500 ? maxPicks : undefined;
  if ((minPicks !== undefined && min === undefined) || (min !== undefined && max !== undefined && min > max)) {
    warn(d.line, '最少/最多选择数与选项数不符，已忽略');
    return;
  }
  if (min !== undefined) subject.minPicks = min;
  if (max !== undefined) subject.maxPicks = max;
}

interface NumberRow {
  numbers: number[];
  left: string;
  right: string;
}

/** "非常不满意 1 2 3 4 5 非常满意", "0 1 2 … 10" or one number per line: consecutive numbers with optional end labels. */
function numberRow(d: QuestionDraft): NumberRow | undefined {
  const texts = d.options.map((o) => o.text.trim());
  const joinable = texts.length === 1 || (texts.length > 1 && texts.every((t) => /^\d{1,2}$/.test(t))) || (texts.length === 3 && /^\d.*\d$/.test(texts[1]!));
  return joinable ? parseRow(texts.join(' ')) : undefined;
}

function parseRow(text: string): NumberRow | undefined {
  const m = NUMBER_ROW.exec(text.trim());
  if (!m) return undefined;
  const numbers = m[2]!.split(/[\s,，、]+/).map(Number);
  if (numbers.some((n, i) => i > 0 && n !== numbers[i - 1]! + 1)) return undefined;
  return { numbers, left: m[1]!.trim().slice(0, MAX_LABEL), right: m[3]!.trim().slice(0, MAX_LABEL) };
}

function applyScale(subject: Record<string, unknown>, d: QuestionDraft, warn: Warn): void {
  if (!d.options.length) return;
  const row = numberRow(d);
  if (row && (row.numbers[0] === 0 || row.numbers[0] === 1) && row.numbers.length >= 2 && row.numbers.length <= 11) {
    subject.start = row.numbers[0];
    subject.points = row.numbers.length;
    if (row.left) subject.minLabel = row.left;
    if (row.right) subject.maxLabel = row.right;
    return;
  }
  const labels = cleanOptions(d, warn).map((o) => [...o.text].slice(0, MAX_LABEL).join(''));
  if (labels.length < 2 || labels.length > 11) {
    warn(d.options[0]!.line, '量表需要 2 到 11 个刻度，已使用默认刻度');
    return;
  }
  Object.assign(subject, { start: 1, points: labels.length, labels, minLabel: labels[0], maxLabel: labels.at(-1) });
}

function applyNps(subject: Record<string, unknown>, d: QuestionDraft, warn: Warn): void {
  if (!d.options.length) return;
  const row = numberRow(d);
  if (row) {
    if (row.left) subject.minLabel = row.left;
    if (row.right) subject.maxLabel = row.right;
    return;
  }
  const labels = cleanOptions(d, warn);
  if (labels.length === 2) {
    subject.minLabel = [...labels[0]!.text].slice(0, MAX_LABEL).join('');
    subject.maxLabel = [...labels[1]!.text].slice(0, MAX_LABEL).join('');
    return;
  }
  warn(d.options[0]!.line, 'NPS 题固定为 0–10 分，选项已忽略');
}

function applyRating(subject: Record<string, unknown>, d: QuestionDraft, warn: Warn): void {
  if (!d.options.length) return;
  const count = numberRow(d)?.numbers.length ?? d.options.length;
  if (count >= 3 && count <= 10) subject.stars = count;
  else warn(d.options[0]!.line, '评分题需要 3 到 10 颗星，已使用 5 颗星');
}
