// Titles and descriptions cross between our sanitised rich text and SurveyJS's plain strings.
import { decodeEntities } from '../../rich-text/entities';
import { isObject } from './types';

/** Our rich text as SurveyJS plain text: tags dropped (block ends become line breaks), entities decoded. */
export function toPlain(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as our title: escaped, one line. */
export const toTitleHtml = (text: string, max = 10_000) => escapeHtml(text.replace(/\s+/g, ' ').trim()).slice(0, max);

/** Plain text as our description: one paragraph per line. */
export const toParagraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('')
    .slice(0, 50_000);

/** A SurveyJS localizable string: a plain string, or `{ default, zh-cn, en, … }` (Chinese first). */
export function readText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isObject(value)) {
    for (const key of ['zh-cn', 'zh', 'zh-tw', 'default', 'en']) if (typeof value[key] === 'string') return value[key] as string;
    const first = Object.values(value).find((v) => typeof v === 'string');
    return typeof first === 'string' ? first : '';
  }
  return '';
}

/** HTML from a SurveyJS html question as our paragraphs (plain text kept; markup is not carried over). */
export const htmlToParagraphs = (html: string) => toParagraphs(toPlain(html));
