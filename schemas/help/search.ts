/**
 * 帮助中心 search (issue 48 item 1): Chinese full text over a brand's articles, with the hits marked. Pure, so the
 * server runs it over the rows it read and the tests and bench/help-search.ts run it alone. A term (the query split
 * at spaces and punctuation) matches where it occurs; a Chinese term that does not occur as written still matches an
 * article holding most of its two-character pieces (查询成绩 finds 成绩查询), scored lower. docs/decisions.md says
 * why this and not pg_trgm or a package.
 */
export interface TSearchDoc {
  id: number;
  title: string;
  summary: string;
  text: string;
  readCount: number;
}
export interface TMarked {
  text: string;
  hit: boolean;
}
export interface TSearchHit {
  id: number;
  score: number;
  title: TMarked[];
  snippet: TMarked[];
}

/** Longest query read; more terms than this are dropped. */
export const MAX_QUERY = 50;
const MAX_TERMS = 8;
/** Share of a term's two-character pieces an article must hold to match it loosely. */
const LOOSE_SHARE = 0.6;
const SNIPPET_BEFORE = 24;
const SNIPPET_LENGTH = 96;

const HAN = /\p{Script=Han}/u;

export function queryTerms(query: string): string[] {
  const words = query
    .slice(0, MAX_QUERY)
    .toLowerCase()
    .split(/[\s\p{P}\p{S}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

const bigrams = (term: string): string[] => {
  const chars = [...term];
  return [...new Set(chars.slice(0, -1).map((c, i) => c + chars[i + 1]))];
};

interface TTermMatch {
  weight: number;
  needles: string[];
}

const count = (haystack: string, needle: string): number => {
  let n = 0;
  for (let at = haystack.indexOf(needle); at >= 0 && n < 5; at = haystack.indexOf(needle, at + needle.length)) n++;
  return n;
};

function matchTerm(term: string, fields: [string, string, string]): TTermMatch | null {
  const [title, summary, text] = fields;
  const exact = 10 * count(title, term) + 4 * count(summary, term) + count(text, term);
  if (exact > 0) return { weight: exact, needles: [term] };
  if (!HAN.test(term) || [...term].length < 3) return null;
  const pieces = bigrams(term);
  const found = pieces.filter((piece) => fields.some((field) => field.includes(piece)));
  if (found.length / pieces.length < LOOSE_SHARE) return null;
  const weight = found.reduce((sum, piece) => sum + 5 * count(title, piece) + 2 * count(summary, piece) + Math.min(count(text, piece), 2), 0) / 2;
  return { weight: Math.max(weight, 0.5), needles: found };
}

/** `text` cut into marked and plain runs where any needle occurs (case-insensitive). */
export function mark(text: string, needles: readonly string[]): TMarked[] {
  const lower = text.toLowerCase();
  const hit = new Array<boolean>(text.length).fill(false);
  for (const needle of needles) {
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) hit.fill(true, at, at + needle.length);
  }
  const out: TMarked[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = out.at(-1);
    if (last && last.hit === hit[i]) last.text += text[i];
    else out.push({ text: text[i]!, hit: hit[i]! });
  }
  return out;
}

/** A window of the body around its first hit (the summary when the body holds none). */
function snippet(doc: TSearchDoc, needles: readonly string[]): TMarked[] {
  const lower = doc.text.toLowerCase();
  const first = Math.min(...needles.map((n) => lower.indexOf(n)).filter((at) => at >= 0));
  if (!Number.isFinite(first)) return mark(doc.summary, needles);
  const start = Math.max(0, first - SNIPPET_BEFORE);
  const window = doc.text.slice(start, start + SNIPPET_LENGTH).replace(/\n/g, ' ');
  const marked = mark(window, needles);
  if (start > 0) marked.unshift({ text: '…', hit: false });
  if (start + SNIPPET_LENGTH < doc.text.length) marked.push({ text: '…', hit: false });
  return marked;
}

/** The articles holding every term, best first (ties: the more read first); the page asked for with its hits marked. */
export function searchArticles(docs: readonly TSearchDoc[], query: string, page: { offset: number; limit: number } = { offset: 0, limit: 20 }) {
  const terms = queryTerms(query);
  const found: { doc: TSearchDoc; score: number; needles: string[] }[] = [];
  for (const doc of terms.length ? docs : []) {
    const fields: [string, string, string] = [doc.title.toLowerCase(), doc.summary.toLowerCase(), doc.text.toLowerCase()];
    const matches = terms.map((term) => matchTerm(term, fields));
    if (matches.some((m) => m === null)) continue;
    found.push({ doc, score: matches.reduce((sum, m) => sum + m!.weight, 0), needles: matches.flatMap((m) => m!.needles) });
  }
  found.sort((a, b) => b.score - a.score || b.doc.readCount - a.doc.readCount || a.doc.id - b.doc.id);
  // Only the page shown is marked: marking walks every character, scoring does not.
  const hits: TSearchHit[] = found
    .slice(page.offset, page.offset + page.limit)
    .map(({ doc, score, needles }) => ({ id: doc.id, score, title: mark(doc.title, needles), snippet: snippet(doc, needles) }));
  return { total: found.length, hits };
}
