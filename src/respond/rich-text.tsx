import DOMPurify from 'dompurify';
import { LABEL_LISTS, hasMarkup } from '../../schemas/rich-text/allow-list';
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

/**
 * Option, row, column and item labels are plain text, as the editor shows them; one saved with markup
 * (imported, or written through the API) is shown as its text rather than as literal tags.
 */
export function withPlainLabels<T extends { subjects: object[] }>(form: T): T {
  const subjects = form.subjects.map((subject) => {
    const record = subject as Record<string, unknown>;
    let out: Record<string, unknown> | null = null;
    for (const key of LABEL_LISTS) {
      const parts = record[key];
      if (!Array.isArray(parts) || !parts.some((p: { title?: unknown }) => typeof p?.title === 'string' && hasMarkup(p.title))) continue;
      out ??= { ...record };
      out[key] = parts.map((p: { title?: unknown }) => (typeof p?.title === 'string' && hasMarkup(p.title) ? { ...p, title: plain(p.title) } : p));
    }
    return out ?? subject;
  });
  return { ...form, subjects };
}
