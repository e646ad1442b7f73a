import DOMPurify from 'dompurify';
import { sanitizeRichText } from '../../../schemas/rich-text/sanitize-browser';

// Many cards show the same few titles again on every render: keep the cleaned HTML per source string.
const cache = new Map<string, string>();

/** Rich text cleaned with the shared allow-list right before it is displayed. */
export function cleanHtml(html: string): string {
  if (!html) return '';
  let clean = cache.get(html);
  if (clean === undefined) {
    clean = sanitizeRichText(html, DOMPurify);
    if (cache.size > 5_000) cache.clear();
    cache.set(html, clean);
  }
  return clean;
}

/** Rich text as plain text (sentences, outline rows, option labels). */
export function plainOf(html: string): string {
  if (!html) return '';
  if (!/[<&]/.test(html)) return html.trim();
  const doc = new DOMParser().parseFromString(cleanHtml(html), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
