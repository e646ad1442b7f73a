// How many subjects a request asks for, read from its own words: "10题左右" → 10, "十五道题" → 15, "20个问题" → 20.
// Pure; the generation takes AI_LIMITS.defaultSubjects when the request names no number, and clamps to the limits.
import { AI_LIMITS } from './kinds';

const DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** A Chinese numeral up to 99 (十, 十五, 二十, 二十三) or digits. */
export function readNumber(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const m = /^([一二两三四五六七八九])?十([一二三四五六七八九])?$/.exec(text);
  if (m) return (m[1] ? DIGITS[m[1]]! : 1) * 10 + (m[2] ? DIGITS[m[2]]! : 0);
  return text.length === 1 && text in DIGITS ? DIGITS[text]! : null;
}

const ASKED = /(\d{1,3}|[一二两三四五六七八九十]{1,3})\s*(?:道|个|条)?\s*(?:题|道题|个问题|问题|小题|项)/;

/** "单选和判断各5题": so many of each of the kinds listed before 各 (separated by 和, 与, 及 or 、). */
const EACH = /(?:^|[，,。；;：:\s])([^，,。；;：:\s]{2,30}?)各\s*(\d{1,3}|[一二两三四五六七八九十]{1,3})\s*(?:道|个|条)?\s*(?:题|道题|个问题|问题|小题|项)/;

const clamp = (n: number) => Math.min(AI_LIMITS.subjectsMax, Math.max(AI_LIMITS.subjectsMin, n));

/** The number of subjects the request names, clamped to AI_LIMITS; null when it names none. */
export function askedCount(prompt: string): number | null {
  const each = EACH.exec(prompt);
  const perKind = each ? readNumber(each[2]!) : null;
  if (each && perKind) return clamp(perKind * each[1]!.split(/和|与|及|、/).filter(Boolean).length);
  const m = ASKED.exec(prompt);
  if (!m) return null;
  const n = readNumber(m[1]!);
  if (n === null || n <= 0) return null;
  return clamp(n);
}
