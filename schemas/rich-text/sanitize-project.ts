// Server side, on every write of a project: the fields outside subjects that a page shows. Rich fields (the
// subtitle, the default conclusion, a conclusion page's content) are cleaned like subject text; plain fields
// (titles, share title, the messages that end a respondent's sheet) keep their text and lose any markup.
import type SanitizeHtml from 'sanitize-html';
import { DROP_CONTENT_TAGS, hasMarkup, isLocalImageSource } from './allow-list';
import { sanitizeHtml, sanitizeRichText } from './sanitize-server';

const TEXT_ONLY: SanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, nonTextTags: DROP_CONTENT_TAGS, disallowedTagsMode: 'discard' };
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

/**
 * Plain text as typed ("A&B", "年龄<18岁" stay); text carrying markup keeps only its text. Entities written as
 * text ("&lt;script&gt;") would read as markup once decoded, so the cleaning repeats until none is left.
 */
export function sanitizePlainText(text: string): string {
  let out = text;
  for (let round = 0; round < 4 && hasMarkup(out); round++) {
    out = sanitizeHtml(out, TEXT_ONLY).replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity]!);
  }
  return hasMarkup(out) ? out.replace(/</g, '＜') : out;
}

/** An option's or product's picture: this site's own upload, or none (the respondent page shows its placeholder). */
export const sanitizeImageSource = (src: string): string => (isLocalImageSource(src) ? src : '');

export interface ProjectTextFields {
  title?: string | null;
  subtitle?: string | null;
  conclusion?: string | null;
  shareTitle?: string | null;
}

/** The project row's own texts, as given to a save (absent fields stay absent). */
export function sanitizeProjectFields<T extends ProjectTextFields>(fields: T): T {
  const out = { ...fields };
  if (typeof out.title === 'string') out.title = sanitizePlainText(out.title);
  if (typeof out.shareTitle === 'string') out.shareTitle = sanitizePlainText(out.shareTitle);
  if (typeof out.subtitle === 'string') out.subtitle = sanitizeRichText(out.subtitle);
  if (typeof out.conclusion === 'string') out.conclusion = sanitizeRichText(out.conclusion);
  return out;
}

/** A conclusion page (结束页): a plain title over rich content. */
export function sanitizeConclusion<T extends { title: string; content: string }>(conclusion: T): T {
  return { ...conclusion, title: sanitizePlainText(conclusion.title), content: sanitizeRichText(conclusion.content) };
}

interface EndsWithMessage {
  jumps?: ReadonlyArray<{ to: { kind: string; message?: string } }>;
  quotas?: ReadonlyArray<{ onFull: { action: string; message?: string } }>;
}

/** The messages logic shows when it ends a sheet (a jump to the end, a full quota): plain text. */
export function sanitizeLogicMessages<T extends EndsWithMessage>(logic: T): T {
  const clean = <M extends { message?: string }>(m: M): M => (typeof m.message === 'string' ? { ...m, message: sanitizePlainText(m.message) } : m);
  return {
    ...logic,
    ...(logic.jumps ? { jumps: logic.jumps.map((rule) => ({ ...rule, to: clean(rule.to) })) } : {}),
    ...(logic.quotas ? { quotas: logic.quotas.map((rule) => ({ ...rule, onFull: clean(rule.onFull) })) } : {}),
  };
}
