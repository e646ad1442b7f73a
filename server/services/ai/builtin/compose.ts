// The built-in assistant's composition (issue 52 item 3): from a request's ranking, the subjects of a project of
// the kind — the best template's most relevant subjects, then the next most relevant from the other templates and
// the bank, no two alike, the kind's essentials present — each a fresh copy (new ids; templates' logic left out).
import { AI_KINDS, type TAiKindName } from '../../../../schemas/ai/kinds';
import { createSubject, type TSubject } from '../../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../../schemas/subjects/subject-types';
import { randomUuid } from '../../../../schemas/random-id';
import type { KindLibrary, PoolSubject } from './library';
import { rankRequest, type RankedSubject } from './rank';
import { normalize, similarity, withoutCountWords } from './relevance';

/** A request none of whose own words any subject holds at this relevance (0…1) finds nothing. */
export const OWN_MIN = 0.25;
/** Names asked in one project at most (the payer's and a child's, a parent's and a pupil's). */
const MAX_NAMES = 2;
/** Two titles this alike are the same question. */
const SAME_TITLE = 0.6;

export interface Composition {
  title: string;
  subjects: TSubject[];
  /** Template titles the subjects came from (the starting template first), then 题库 if the bank gave any. */
  sources: string[];
  /** The template it started from, if one passed. */
  base: string | null;
}

const plain = (html: string) => html.replace(/<[^>]*>/g, '').trim();
/** A title without its polite frame: "请输入您的姓名：" → "姓名". */
const core = (title: string) =>
  normalize(plain(title))
    .replace(/\s+/g, '')
    .replace(/^(请输入|请填写|请选择|请问)?(您的|你的|您|你)?/, '');

function alike(a: TSubject, b: TSubject): boolean {
  // One phone, e-mail, ID card, product list and appointment slot per project.
  const contact = [SUBJECT_TYPE.mobile, SUBJECT_TYPE.email, SUBJECT_TYPE.idCard, SUBJECT_TYPE.product, SUBJECT_TYPE.appointment] as number[];
  if (a.subjectType === b.subjectType && contact.includes(a.subjectType)) return true;
  const [x, y] = [core(a.title), core(b.title)];
  if (!x || !y) return false;
  if (x === y || (Math.min(x.length, y.length) >= 2 && (x.includes(y) || y.includes(x)) && Math.abs(x.length - y.length) <= 2)) return true;
  return similarity(x, y) >= SAME_TITLE;
}

/** A subject copied with new ids for it and every part inside (options, rows, products, slots …), references kept. */
export function freshCopy(subject: TSubject, newId: () => string = randomUuid): TSubject {
  const ids = new Map<string, string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      if (typeof o.uuid === 'string' && !ids.has(o.uuid)) ids.set(o.uuid, newId());
      Object.values(o).forEach(collect);
    }
  };
  collect(subject);
  const renew = (value: unknown): unknown => {
    if (typeof value === 'string') return ids.get(value) ?? value;
    if (Array.isArray(value)) return value.map(renew);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renew(v)]));
    return value;
  };
  return renew(subject) as TSubject;
}

const IDENTITY = /姓名|称呼|性别|年龄|出生|手机|电话|邮箱|身份证|部门|班级|年级|学号|工号|单位|职业|学历|收入|地址|地区|所在/;
/** Who answers first, the questions next, open text last. */
function group(s: TSubject): number {
  if ([SUBJECT_TYPE.mobile, SUBJECT_TYPE.email, SUBJECT_TYPE.idCard].includes(s.subjectType as 26) || IDENTITY.test(plain(s.title).slice(0, 8))) return 0;
  if (s.subjectType === SUBJECT_TYPE.textarea) return 2;
  return 1;
}

const isName = (s: TSubject) => s.subjectType === SUBJECT_TYPE.textInput && /姓名|称呼/.test(s.title);
const isScored = (s: TSubject) => typeof (s as { score?: unknown }).score === 'number' && (s as { score: number }).score > 0;

/** The project's title from the request: its first clause, without the count words and the asking words. */
export function titleOf(prompt: string, fallback: string): string {
  const clause = withoutCountWords(prompt)
    .normalize('NFKC')
    .split(/[,，。.;；!！?？\n]/)
    .map((s) => s.replace(/^\s*(请|麻烦)?(帮我|帮忙|给我)?(生成|做|写|出|设计|创建)?(一份|一个|一套|一张)?/, '').trim())
    .find((s) => [...s].length >= 2);
  return (clause ?? fallback).slice(0, 40);
}

/** A product subject for a collection the request prices ("每人100元"), or null when it names no price. */
function productFrom(prompt: string, title: string): TSubject | null {
  const m = /(\d+(?:\.\d{1,2})?)\s*(?:元|块)/.exec(prompt.normalize('NFKC'));
  if (!m) return null;
  const name = title.replace(/(收款|收费|缴费|缴纳|付款|登记)$/, '') || '费用';
  const created = createSubject(SUBJECT_TYPE.product, { uuid: randomUuid(), indexSort: 1 });
  return { ...created, title: '费用', products: [{ uuid: randomUuid(), title: name.slice(0, 40), price: Math.round(Number(m[1]) * 100) }] };
}

/** What a kind must hold, found among the ranked subjects when the choice lacks it. */
function essentials(kind: TAiKindName): ((s: TSubject) => boolean)[] {
  switch (kind) {
    case 'exam':
      return [isScored];
    case 'receivePayment':
      return [(s) => s.subjectType === SUBJECT_TYPE.product];
    case 'reservation':
      return [(s) => s.subjectType === SUBJECT_TYPE.appointment];
    case 'registrationForm':
      return [isName, (s) => s.subjectType === SUBJECT_TYPE.mobile];
    case 'solitaire':
      return [isName];
    default:
      return [];
  }
}

export function compose(lib: KindLibrary, kind: TAiKindName, prompt: string, count: number): Composition | null {
  const ranking = rankRequest(lib, prompt);
  if (!ranking.base && !ranking.subjects.some((s) => s.own >= OWN_MIN)) return null;
  const title = titleOf(prompt, AI_KINDS[kind].name);
  // A collection the request prices gets its own product, not a template's.
  const priced = kind === 'receivePayment' ? productFrom(prompt, title) : null;
  const chosen: RankedSubject[] = [];
  const take = (s: RankedSubject) => {
    if (priced && s.entry.subject.subjectType === SUBJECT_TYPE.product) return false;
    if (chosen.some((c) => c.entry === s.entry || alike(c.entry.subject, s.entry.subject))) return false;
    if (isName(s.entry.subject) && chosen.filter((c) => isName(c.entry.subject)).length >= MAX_NAMES) return false;
    chosen.push(s);
    return true;
  };
  const room = count - (priced ? 1 : 0);
  const base = ranking.base?.template ?? null;
  // The starting template's subjects first (most relevant first), then the rest by relevance.
  for (const s of ranking.subjects) if (chosen.length < room && base !== null && s.entry.template === base) take(s);
  for (const s of ranking.subjects) if (chosen.length < room && s.entry.template !== base && (s.own > 0 || s.score >= 0.5)) take(s);

  // The kind's essentials: the most relevant subject that has one, in place of the least relevant choice.
  const needs = essentials(kind);
  for (const need of needs) {
    if (chosen.some((c) => need(c.entry.subject)) || (priced && need(priced))) continue;
    const found = ranking.subjects.find((s) => need(s.entry.subject)) ?? lib.pool.map((entry) => ({ entry, own: 0, score: 0 })).find((s) => need(s.entry.subject));
    if (!found) continue;
    if (chosen.length >= room) dropLeast(chosen, needs);
    chosen.push(found);
  }

  const inOrder = orderOf(chosen, base, lib);
  const subjects = [...(priced ? [priced] : []), ...inOrder.map((c) => c.entry.subject)]
    .map((s, i) => ({ s, i }))
    .sort((a, b) => group(a.s) - group(b.s) || a.i - b.i)
    .map(({ s }, i) => ({ ...freshCopy(s), indexSort: i + 1 }) as TSubject);
  const used = [...new Set(inOrder.map((c) => c.entry.template))];
  const sources = [
    ...used.flatMap((t) => (t === null ? [] : [lib.library.templates[t]!.title])),
    ...(used.includes(null) ? ['题库'] : []),
  ];
  return { title, subjects, sources, base: base === null ? null : lib.library.templates[base]!.title };
}

/** Drop the least relevant choice that is not essential. */
function dropLeast(chosen: RankedSubject[], needs: ((s: TSubject) => boolean)[]): void {
  for (let i = chosen.length - 1; i >= 0; i--) {
    if (!needs.some((n) => n(chosen[i]!.entry.subject))) {
      chosen.splice(i, 1);
      return;
    }
  }
}

/** The starting template's subjects in its own order, then the others in the order of their templates. */
function orderOf(chosen: RankedSubject[], base: number | null, lib: KindLibrary): RankedSubject[] {
  const position = (e: PoolSubject) => {
    const list = e.template === null ? null : lib.library.templates[e.template]!.subjects;
    return list ? list.indexOf(e.subject) : 0;
  };
  const rank = new Map(chosen.map((c, i) => [c, i]));
  return [...chosen].sort((a, b) => {
    const [ta, tb] = [a.entry.template === base ? 0 : 1, b.entry.template === base ? 0 : 1];
    if (ta !== tb) return ta - tb;
    if (ta === 0) return position(a.entry) - position(b.entry);
    return rank.get(a)! - rank.get(b)!;
  });
}
