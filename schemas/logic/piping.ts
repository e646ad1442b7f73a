// Piping: `{{Q3}}` (capital Q: the subject displayed as 3) or `{{<uuid>}}` in a title or description inserts that
// subject's answer, as display text, HTML-escaped (the title is rich text; the answer is respondent input).
import { z } from 'zod/mini';

export const ZPipeRef = z.union([
  z.object({ kind: z.literal('index'), index: z.number().check(z.int(), z.gte(1)) }),
  z.object({ kind: z.literal('uuid'), uuid: z.string().check(z.minLength(1), z.maxLength(64)) }),
]);
export type TPipeRef = z.infer<typeof ZPipeRef>;

export const ZTemplatePart = z.union([
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('pipe'), ref: ZPipeRef, source: z.string() }),
]);
export type TTemplatePart = z.infer<typeof ZTemplatePart>;
export type TPipePart = Extract<TTemplatePart, { kind: 'pipe' }>;

const PLACEHOLDER = /\{\{\s*([^{}\s]{1,64})\s*\}\}/g;

export function parseTemplate(text: string): TTemplatePart[] {
  const parts: TTemplatePart[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index > last) parts.push({ kind: 'text', text: text.slice(last, m.index) });
    const name = m[1]!;
    const index = /^Q(\d{1,5})$/.exec(name);
    const ref: TPipeRef = index ? { kind: 'index', index: Number(index[1]) } : { kind: 'uuid', uuid: name };
    parts.push({ kind: 'pipe', ref, source: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Renders parts; `valueOf` returns the piped subject's display text ('' when unanswered or unknown). */
export function renderTemplate(parts: readonly TTemplatePart[], valueOf: (part: TPipePart) => string): string {
  return parts.map((p) => (p.kind === 'text' ? p.text : escapeHtml(valueOf(p)))).join('');
}
