import DOMPurify from 'dompurify';
import { sanitizeRichText } from '../../schemas/rich-text/sanitize-browser';

const cache = new Map<string, string>();

/** Rich text is sanitised again right before display (reliability.md rule 5); results are memoised. */
export function clean(html: string): string {
  if (!html) return '';
  let out = cache.get(html);
  if (out === undefined) {
    // Plain text (most titles) needs no parser.
    out = /[<&]/.test(html) ? sanitizeRichText(html, DOMPurify) : html;
    if (cache.size > 5_000) cache.clear();
    cache.set(html, out);
  }
  return out;
}

export function RichText({ html, as: Tag = 'div', className, id }: { html: string; as?: 'div' | 'span'; className?: string; id?: string }) {
  if (!html) return null;
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: clean(html) }} />;
}

/** Rich text as plain text (announcements, alt texts). */
export function plain(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const div = document.createElement('div');
  div.innerHTML = clean(html);
  return (div.textContent ?? '').trim();
}
