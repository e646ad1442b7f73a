// Issue 52 item 3: the pure statistics of the built-in analysis — the chi-square test of a
// cross-tab with its p-value, shares as the report prints them, and the themes of open answers. No database here.

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: ~15 significant digits). */
export function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const EPS = 1e-15;
const TINY = 1e-300;
const MAX_STEPS = 1000;

/**
 * The regularised upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a): the series of P for x < a + 1, the
 * continued fraction (modified Lentz) of Q otherwise.
 */
export function gammaQ(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0) || !Number.isFinite(a)) return Number.NaN;
  if (x === 0) return 1;
  if (!Number.isFinite(x)) return 0;
  const front = -x + a * Math.log(x) - lnGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_STEPS; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return Math.min(1, Math.max(0, 1 - sum * Math.exp(front)));
  }
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_STEPS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPS) break;
  }
  return Math.min(1, Math.max(0, Math.exp(front) * h));
}

/** P(χ² ≥ statistic) with `df` degrees of freedom. */
export const chiSquarePValue = (statistic: number, df: number): number => (df > 0 ? gammaQ(df / 2, Math.max(0, statistic) / 2) : 1);

export interface ChiSquareResult {
  chiSquare: number;
  df: number;
  pValue: number;
  /** Sheets in the table. */
  n: number;
  /** Cells whose expected count is under 5 (the test is approximate then). */
  lowExpected: number;
  cells: number;
  /** The rows and columns kept (those with a non-zero total), as indexes of the table given. */
  rows: number[];
  columns: number[];
}

/**
 * Pearson's chi-square test of independence of a contingency table (counts). Rows and columns nobody is in are
 * left out; null when fewer than two rows or columns remain (nothing to compare).
 */
export function chiSquareTest(table: readonly (readonly number[])[]): ChiSquareResult | null {
  const width = Math.max(0, ...table.map((r) => r.length));
  const cell = (i: number, j: number) => table[i]?.[j] ?? 0;
  const rowTotals = table.map((_, i) => Array.from({ length: width }, (_, j) => cell(i, j)).reduce((a, b) => a + b, 0));
  const colTotals = Array.from({ length: width }, (_, j) => table.reduce((t, _, i) => t + cell(i, j), 0));
  const rows = rowTotals.flatMap((t, i) => (t > 0 ? [i] : []));
  const columns = colTotals.flatMap((t, j) => (t > 0 ? [j] : []));
  if (rows.length < 2 || columns.length < 2) return null;
  const n = rows.reduce((t, i) => t + rowTotals[i]!, 0);
  let chiSquare = 0;
  let lowExpected = 0;
  for (const i of rows) {
    for (const j of columns) {
      const expected = (rowTotals[i]! * colTotals[j]!) / n;
      if (expected < 5) lowExpected++;
      chiSquare += (cell(i, j) - expected) ** 2 / expected;
    }
  }
  const df = (rows.length - 1) * (columns.length - 1);
  return { chiSquare, df, pValue: chiSquarePValue(chiSquare, df), n, lowExpected, cells: rows.length * columns.length, rows, columns };
}

/** A share as the report prints it: `x/base` in percent with at most two decimals (0 for an empty base). */
export const percentOf = (x: number, base: number): number => (base > 0 ? Math.round((x / base) * 10_000) / 100 : 0);

/** A p-value for a sentence: three decimals, "< 0.001" below that. */
export const formatP = (p: number): string => (p < 0.001 ? '< 0.001' : `= ${p.toFixed(3)}`);

/** Words too general to be a theme of open answers (the report's word count already leaves out particles and pronouns). */
export const THEME_STOP_WORDS = new Set([
  '希望',
  '觉得',
  '感觉',
  '比较',
  '非常',
  '可以',
  '应该',
  '需要',
  '就是',
  '还是',
  '一些',
  '一下',
  '什么',
  '怎么',
  '因为',
  '所以',
  '如果',
  '然后',
  '现在',
  '目前',
  '已经',
  '不是',
  '不会',
  '不能',
  '自己',
  '大家',
  '其他',
  '问题',
  '没有',
  '暂无',
  '无',
  '谢谢',
  '建议',
  '意见',
]);

export interface Theme {
  word: string;
  count: number;
}

/**
 * The themes of open answers from their word counts (the report's word frequency, so the numbers match its word
 * cloud): general words left out, at most `top`, and only words said at least twice (a single mention is no theme).
 */
export function themesOf(words: readonly Theme[], top = 5): Theme[] {
  return words.filter((w) => w.count >= 2 && !THEME_STOP_WORDS.has(w.word)).slice(0, top);
}

/**
 * Subjects answered by markedly fewer sheets than the others: an answered share at least 20 points under the
 * median of all subjects' shares (and under 80 %). `answered` is the share (0–100) of each subject.
 */
export function lowResponse(shares: readonly number[]): boolean[] {
  if (shares.length < 2) return shares.map(() => false);
  const sorted = [...shares].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return shares.map((s) => s < 80 && s <= median - 20);
}
