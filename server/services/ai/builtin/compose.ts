// The built-in assistant's composition (issue 52 item 3): from a request's ranking, the subjects of a project of
// the kind — the best template's most relevant subjects, then the next most relevant from the other templates and
// the bank, no two alike, the kind's essentials present — each a fresh copy (new ids; templates' logic left out).
import { plainTitle } from '../../../../schemas/result-query';
import { AI_KINDS, type TAiKindName } from '../../../../schemas/ai/kinds';
import { createSubject, type TSubject } from '../../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../../schemas/subjects/subject-types';
import { randomUuid } from '../../../../schemas/random-id';
import type { KindLibrary, PoolSubject } from './library';
import { rankRequest, type RankedSubject } from './rank';
import { normalize, similarity, withoutCountWords } from './relevance';

/** A request none of whose own words any subject holds at this relevance (0…1) finds nothing. */
export const OWN_MIN = 0.25;
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

/** A title without its polite frame: "请输入您的姓名：" → "姓名". */
const core = (title: string) =>
  normalize(plainTitle(title))
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
  const contact = [SUBJECT_TYPE.mobile, SUBJECT_TYPE.email, SUBJECT_TYPE.idCard] as number[];
  const title = plainTitle(s.title);
  if (contact.includes(s.subjectType) || (!isScored(s) && [...title].length <= 12 && IDENTITY.test(title))) return 0;
  if (s.subjectType === SUBJECT_TYPE.textarea) return 2;
  return 1;
}

/** The people a name may be of; a request naming two of them ("家长和孩子") gets a name for each. */
const PARTIES: readonly [RegExp, string][] = [
  [/家长|父母|爸爸|妈妈/, 'parent'],
  [/孩子|宝宝|小朋友|儿童|学生|幼儿/, 'child'],
  [/家属|亲属|紧急联系人/, 'family'],
];
const partyOf = (text: string) => PARTIES.find(([re]) => re.test(text))?.[1] ?? null;
const partiesIn = (prompt: string) => new Set(PARTIES.filter(([re]) => re.test(prompt)).map(([, p]) => p));

/** One name per project, or one per person the request names ("家长和孩子信息": the parent's and the child's). */
function anotherName(chosen: readonly RankedSubject[], subject: TSubject, parties: ReadonlySet<string>): boolean {
  const names = chosen.filter((c) => isName(c.entry.subject)).map((c) => partyOf(c.entry.subject.title));
  if (!names.length) return true;
  const party = partyOf(subject.title);
  return parties.size >= 2 && names.length < parties.size && party !== null && parties.has(party) && !names.includes(party);
}

const isName = (s: TSubject) => s.subjectType === SUBJECT_TYPE.textInput && /姓名|称呼|^(预约|报名|申请|报修|联系|就诊|收货)人$/.test(plainTitle(s.title));
const isScored = (s: TSubject) => typeof (s as { score?: unknown }).score === 'number' && (s as { score: number }).score > 0;

/** How a request starts before it says what it wants: 请帮我做一份, 我想要一个, 生成一套, 关于. */
const ASKING =
  /^(?:(?:请|麻烦|你)*(?:帮我|帮忙|给我|我想要?|我要|想要|需要)(?:生成|做|写|出|设计|创建)?(?:一份|一个|一套|一张)?|请?(?:生成|做|写|出|设计|创建)(?:一份|一个|一套|一张)|(?:一份|一个|一套|一张))?(?:关于)?/;

/** The project's title from the request: its first clause, without the count words and the asking words. */
export function titleOf(prompt: string, fallback: string): string {
  const clause = withoutCountWords(prompt)
    .normalize('NFKC')
    .split(/[,，。.;；!！?？\n]/)
    .map((s) => s.trim().replace(ASKING, '').trim())
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
  const parties = partiesIn(prompt);
  const chosen: RankedSubject[] = [];
  const take = (s: RankedSubject) => {
    if (priced && s.entry.subject.subjectType === SUBJECT_TYPE.product) return false;
    if (chosen.some((c) => c.entry === s.entry || alike(c.entry.subject, s.entry.subject))) return false;
    if (isName(s.entry.subject) && !anotherName(chosen, s.entry.subject, parties)) return false;
    chosen.push(s);
    return true;
  };
  const room = count - (priced ? 1 : 0);
  // An exam's count is of its questions: who answers (姓名, 工号) comes on top, and nothing else unscored.
  const exam = kind === 'exam';
  const filled = () => (exam ? chosen.filter((c) => isScored(c.entry.subject)).length : chosen.length);
  const base = ranking.base?.template ?? null;
  // The starting template's subjects first (most relevant first), then the rest by relevance.
  for (const s of ranking.subjects) {
    if (base === null || s.entry.template !== base) continue;
    if (exam ? (isScored(s.entry.subject) ? filled() < room : group(s.entry.subject) === 0) : filled() < room) take(s);
  }
  // Subjects that speak of the request themselves, then (when that is not enough) those of relevant templates.
  // An exam takes other exams' questions only when they are scored and speak of the request: a question on
  // another topic is wrong in a test, where a survey's extra question is only less apt.
  const filler = exam ? (s: RankedSubject) => isScored(s.entry.subject) && s.own >= OWN_MIN : (s: RankedSubject) => s.own >= OWN_MIN;
  for (const s of ranking.subjects) if (filled() < room && s.entry.template !== base && filler(s)) take(s);
  if (!exam) for (const s of ranking.subjects) if (filled() < room && s.entry.template !== base && s.score >= 0.5) take(s);

  // The kind's essentials: the most relevant subject that has one, in place of the least relevant choice.
  const needs = essentials(kind);
  for (const need of needs) {
    if (chosen.some((c) => need(c.entry.subject)) || (priced && need(priced))) continue;
    const found =
      ranking.subjects.find((s) => need(s.entry.subject)) ?? lib.pool.map((entry) => ({ entry, own: 0, score: 0 })).find((s) => need(s.entry.subject));
    if (!found) continue;
    if (filled() >= room) dropLeast(chosen, needs);
    chosen.push(found);
  }

  const inOrder = orderOf(chosen, base, lib);
  const subjects = [...(priced ? [priced] : []), ...inOrder.map((c) => c.entry.subject)]
    .map((s, i) => ({ s, i }))
    .sort((a, b) => group(a.s) - group(b.s) || a.i - b.i)
    .map(({ s }, i) => ({ ...freshCopy(s), indexSort: i + 1 }) as TSubject);
  const used = [...new Set(inOrder.map((c) => c.entry.template))];
  const sources = [...used.flatMap((t) => (t === null ? [] : [lib.library.templates[t]!.title])), ...(used.includes(null) ? ['题库'] : [])];
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

/** The starting template's subjects in its own order, then the others by relevance. */
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
