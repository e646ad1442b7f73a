// Chinese text relevance for the built-in assistant (issue 52 item 3): pure. A text becomes weighted terms —
// character bigrams of every run of Chinese characters (plus the lone character of a one-character run), whole
// Latin words and numbers — and documents are ranked against a request by BM25. Words every survey shares
// (调查, 问卷, 请, 您, 的 …) are kept but weigh little, so "员工满意度调查" is about 员工 and 满意, not 调查.

/** Terms that say little about what a project is about: they count, but at this fraction of a term's weight. */
const LOW_WEIGHT = 0.15;
const STOP_BIGRAMS = new Set([
  '调查',
  '问卷',
  '调研',
  '表单',
  '题目',
  '问题',
  '左右',
  '请问',
  '您的',
  '我们',
  '你的',
  '是否',
  '以下',
  '哪些',
  '什么',
  '多少',
  '一下',
  '一个',
  '进行',
  '需要',
  '可以',
  '关于',
  '收集',
  '登记',
  '填写',
  '信息',
  '单选',
  '多选',
  '判断',
  '各题',
  '题左',
]);
const STOP_CHARS = new Set([...'的了是吗呢和与及或在对有我你您请们把被个各道题项']);

/** Full-width to half-width (NFKC), lower case, tags and punctuation to spaces. */
export function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/<[^>]*>/g, ' ')
    .replace(/[^\p{Script=Han}a-z0-9]+/gu, ' ')
    .trim();
}

/** A request's own count words ("10题左右", "十五道题", "各5题") are about size, not content. */
export function withoutCountWords(text: string): string {
  return text.replace(/(?:各|共|约)?\s*(?:\d{1,3}|[一二两三四五六七八九十]{1,3})\s*(?:道|个|条)?\s*(?:题|道题|个问题|问题|小题|项)(?:左右|以内|上下)?/g, ' ');
}

export type Terms = Map<string, number>;

const HAN = /\p{Script=Han}/u;

function termWeight(term: string): number {
  if (term.length === 2 && HAN.test(term) && (STOP_BIGRAMS.has(term) || (STOP_CHARS.has(term[0]!) && STOP_CHARS.has(term[1]!)))) return LOW_WEIGHT;
  if (term.length === 1 && STOP_CHARS.has(term)) return LOW_WEIGHT;
  return 1;
}

/** The text's terms with their weighted counts. */
export function terms(text: string, weight = 1): Terms {
  const out: Terms = new Map();
  const add = (term: string) => out.set(term, (out.get(term) ?? 0) + weight * termWeight(term));
  for (const run of normalize(text).split(' ')) {
    if (!run) continue;
    for (const piece of run.split(/(?<=[a-z0-9])(?=\p{Script=Han})|(?<=\p{Script=Han})(?=[a-z0-9])/u)) {
      if (!HAN.test(piece)) {
        if (piece.length > 1 || /\d/.test(piece)) add(piece);
        continue;
      }
      const chars = [...piece];
      if (chars.length === 1) add(chars[0]!);
      for (let i = 0; i + 1 < chars.length; i++) add(chars[i]! + chars[i + 1]!);
    }
  }
  return out;
}

/**
 * Words that go with a request's words although they are not in it: a request for 员工满意度 is about 工作 and
 * 公司 too. Added to the request at RELATED_WEIGHT; a small hand-made table, not a thesaurus.
 */
const RELATED: Readonly<Record<string, readonly string[]>> = {
  员工: ['工作', '公司', '部门', '同事'],
  职工: ['工作', '公司', '部门'],
  学生: ['同学', '班级', '老师', '课程'],
  家长: ['孩子', '学生', '班级'],
  孩子: ['家长', '小朋友', '宝宝'],
  亲子: ['家长', '孩子', '小朋友'],
  客户: ['产品', '服务', '购买'],
  顾客: ['产品', '服务', '购买'],
  满意: ['评价', '建议'],
  考试: ['试题'],
  活动: ['参加'],
  收款: ['费用'],
  缴费: ['费用'],
  活动费: ['费用'],
  预约: ['时间', '时段'],
  挂号: ['就诊'],
  症状: ['描述', '不适'],
  反馈: ['建议', '原因'],
};
const RELATED_WEIGHT = 0.4;

/** A request's terms: its own, plus the related words of RELATED. */
export function requestTerms(text: string): Terms {
  const out = terms(text);
  const plain = normalize(text);
  for (const [word, related] of Object.entries(RELATED)) {
    if (!plain.includes(word)) continue;
    for (const r of related) for (const [t, n] of terms(r, RELATED_WEIGHT)) out.set(t, Math.max(out.get(t) ?? 0, n));
  }
  return out;
}

/** Several fields of one document, each with its weight (a title counts more than an option). */
export function fieldTerms(fields: readonly (readonly [text: string, weight: number])[]): Terms {
  const out: Terms = new Map();
  for (const [text, weight] of fields) for (const [t, n] of terms(text, weight)) out.set(t, (out.get(t) ?? 0) + n);
  return out;
}

export interface Bm25Index {
  docs: readonly Terms[];
  lengths: readonly number[];
  avgLength: number;
  df: ReadonlyMap<string, number>;
}

const K1 = 1.2;
const B = 0.75;

export function bm25Index(docs: readonly Terms[]): Bm25Index {
  const df = new Map<string, number>();
  const lengths = docs.map((d) => [...d.values()].reduce((a, b) => a + b, 0));
  for (const d of docs) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  return { docs, lengths, avgLength: lengths.reduce((a, b) => a + b, 0) / Math.max(1, docs.length) || 1, df };
}

/** Inverse document frequency (never negative). */
export const idf = (index: Bm25Index, term: string): number => {
  const n = index.df.get(term) ?? 0;
  return Math.log(1 + (index.docs.length - n + 0.5) / (n + 0.5));
};

/** BM25 of every document against the query's terms (a query term counts by its own weight). */
export function bm25Scores(index: Bm25Index, query: Terms): number[] {
  const weights = [...query].map(([t, w]) => [t, Math.min(w, 1) * idf(index, t)] as const).filter(([t]) => index.df.has(t));
  return index.docs.map((doc, i) => {
    let score = 0;
    const norm = K1 * (1 - B + (B * index.lengths[i]!) / index.avgLength);
    for (const [t, w] of weights) {
      const tf = doc.get(t);
      if (tf) score += (w * (tf * (K1 + 1))) / (tf + norm);
    }
    return score;
  });
}

/**
 * The share of the query's weight (by idf) that the document holds at all: 0 none of it, 1 all of it. A bigram no
 * document holds whose two characters both appear in bigrams the library knows (工满 of 员工满意) is where two
 * words meet, not a word of its own, and is left out.
 */
export function coverage(index: Bm25Index, query: Terms, doc: Terms): number {
  const knownChars = new Set([...query.keys()].filter((t) => index.df.has(t)).flatMap((t) => [...t]));
  let held = 0;
  let all = 0;
  for (const [t, w] of query) {
    if (!index.df.has(t) && [...t].every((c) => knownChars.has(c))) continue;
    const weight = Math.min(w, 1) * (index.df.has(t) ? idf(index, t) : Math.log(1 + (index.docs.length + 0.5) / 0.5));
    all += weight;
    if (doc.has(t)) held += weight;
  }
  return all > 0 ? held / all : 0;
}

/** Similarity of two short texts (Dice over bigram sets): 1 the same words, 0 nothing shared. */
export function similarity(a: string, b: string): number {
  const x = new Set(terms(a).keys());
  const y = new Set(terms(b).keys());
  if (!x.size || !y.size) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared += 1;
  return (2 * shared) / (x.size + y.size);
}
