/**
 * Display names on a chain's public list (issue 20 item 1): masked when the creator chose so, as 接龙管家 does
 * (张三 → 张*, 欧阳娜娜 → 欧***, Tom → T**), and the "still missing" check from a pasted name list.
 */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.join('') || '*';
  return chars[0] + '*'.repeat(Math.min(chars.length - 1, 3));
}

/** A name as compared: spaces (also full-width) removed, letters in lower case. */
export const normaliseName = (name: string): string => name.replace(/[\s\u3000]+/g, '').toLowerCase();

/**
 * Names of a pasted list (one per line, or separated by commas, 、, ；or spaces; leading numbers such as "1." or
 * "2、" dropped), each once, in their order.
 */
export function parseNameList(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of text.split(/[\n\r,，、;；\t]+|\s{2,}/)) {
    const name = raw.replace(/^\s*\d+\s*[.、．)）]?\s*/, '').trim();
    const key = normaliseName(name);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/** Who of `expected` has no live entry among `joinedNames` (names compared normalised). */
export function missingNames(expected: readonly string[], joinedNames: readonly string[]): string[] {
  const joined = new Set(joinedNames.map(normaliseName));
  return expected.filter((name) => !joined.has(normaliseName(name)));
}
