// One pasted line → what it looks like on its own (numbered stem, option, marker line, page break …).
// Context (which question it belongs to) is decided by the parser.
import { extractMarkers, type Markers } from './markers';

export type LineKind =
  | { kind: 'blank' }
  /** A rule of dashes or equals signs with no words: dropped silently. */
  | { kind: 'rule' }
  | { kind: 'pageBreak' }
  | { kind: 'stem'; text: string; markers: Markers; unknown: string[] }
  | { kind: 'option'; text: string }
  /** Only markers ("（多选）", "[必答]"): they apply to the question above. */
  | { kind: 'markers'; markers: Markers; unknown: string[] }
  | { kind: 'paragraph'; text: string }
  | { kind: 'section'; text: string }
  | { kind: 'plain'; text: string; markers: Markers; unknown: string[] };

/** Full-width digits and letters → ASCII; odd spaces → spaces; invisible characters dropped. */
export function normalizeLine(raw: string): string {
  return raw
    .replace(/[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\uFF0A/g, '*')
    .replace(/\uFF3B/g, '[')
    .replace(/\uFF3D/g, ']')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .replace(/[\t\u00A0\u3000]/g, ' ')
    .trim();
}

const SEP = String.raw`(?:[.．](?!\d)|[、)）]|[:：](?!\d))`;
/** "1." "1、" "1)" "Q1." "Q1 " "第1题" "第一题" "（1）", optionally after a required star. */
const STEM = new RegExp(
  String.raw`^(\*?)\s*(?:[Qq]\s*\d{1,4}\s*${SEP}?|\d{1,4}\s*${SEP}|第\s*(?:\d{1,4}|[一二三四五六七八九十百零]{1,4})\s*题\s*${SEP}?|[（(]\s*\d{1,4}\s*[)）])\s*`,
);
const SECTION = /^(?:[一二三四五六七八九十]{1,3}\s*[、.．]|第\s*[一二三四五六七八九十\d]{1,3}\s*(?:部分|节|章|单元|板块))\s*/;
/** Option bullets: "A." "A、" "A)" "(A)" "○" "□" "①" "- " "• ". */
const OPTION = /^(?:[A-Za-z]\s*[.．、)）:：]|[（(]\s*[A-Za-z]\s*[)）]|[○◯〇□☐■●◎◇◆☑▢]|[\u2460-\u2473]|[-–—*•·]\s)\s*/;
const PAGE_BREAK = /^[=\-—_*~#]{2,}\s*分\s*页\s*[=\-—_*~#]{2,}$/;
const RULE = /^[=\-—_*~#]{3,}$/;

export function classifyLine(raw: string): LineKind {
  const line = normalizeLine(raw);
  if (!line) return { kind: 'blank' };
  if (PAGE_BREAK.test(line)) return { kind: 'pageBreak' };
  if (RULE.test(line)) return { kind: 'rule' };
  const stem = STEM.exec(line);
  if (stem) {
    const { text, markers, unknown } = extractMarkers(line.slice(stem[0].length));
    return { kind: 'stem', text: stem[1] ? `*${text}` : text, markers, unknown };
  }
  if (OPTION.test(line)) return { kind: 'option', text: line };
  const { text, markers, unknown } = extractMarkers(line);
  if (markers.pageBreak && !text) return { kind: 'pageBreak' };
  if (markers.paragraph) return { kind: 'paragraph', text };
  if (!text) return { kind: 'markers', markers, unknown };
  if (SECTION.test(line)) return { kind: 'section', text: line };
  return { kind: 'plain', text, markers, unknown };
}

const stripBullet = (text: string) => text.replace(OPTION, '').trim();

const LETTER_OPTION = /(^|[\s:：])([A-Za-z])\s*[.．、)）]\s*/g;
const SYMBOL_OPTION = /[○◯〇□☐■●◎◇◆☑▢]/g;

/**
 * Options written on one line: "A.男 B.女", "○是 ○否". `head` is the text before the first option (a stem
 * written on the same line), '' when the line starts with an option. Undefined when the line holds fewer than
 * `min` options.
 */
export function splitInlineOptions(line: string, min = 2): { head: string; options: string[] } | undefined {
  return splitLetters(line, min) ?? splitSymbols(line, min);
}

function splitLetters(line: string, min: number): { head: string; options: string[] } | undefined {
  const matches = [...line.matchAll(LETTER_OPTION)];
  // The chain starts at an "A" (or at the line's own first bullet) and continues B, C … in order.
  const startAt = matches.findIndex((m) => m.index === 0 || m[2]!.toUpperCase() === 'A');
  if (startAt < 0) return undefined;
  const chain = [matches[startAt]!];
  let expected = chain[0]![2]!.toUpperCase().charCodeAt(0) + 1;
  for (const m of matches.slice(startAt + 1)) {
    if (m[2]!.toUpperCase().charCodeAt(0) !== expected) continue;
    chain.push(m);
    expected += 1;
  }
  if (chain.length < min) return undefined;
  const starts = chain.map((m) => m.index! + m[1]!.length);
  const options = starts.map((start, i) => stripBullet(line.slice(start, starts[i + 1] ?? line.length)));
  return { head: line.slice(0, starts[0]).trim(), options };
}

function splitSymbols(line: string, min: number): { head: string; options: string[] } | undefined {
  const starts = [...line.matchAll(SYMBOL_OPTION)].map((m) => m.index!);
  if (starts.length < min) return undefined;
  const options = starts.map((start, i) => line.slice(start + 1, starts[i + 1] ?? line.length).trim());
  return { head: line.slice(0, starts[0]).trim(), options };
}

/** An option line's text(s) without bullets; several when the line holds several options. */
export function optionTexts(line: string): string[] {
  const inline = splitInlineOptions(line);
  if (inline && !inline.head) return inline.options;
  return [stripBullet(line)];
}
