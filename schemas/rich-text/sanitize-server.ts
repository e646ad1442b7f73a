// Server side: every title and description is sanitised with sanitize-html before it is saved.
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_STYLES,
  ALLOWED_TAGS,
  DROP_CONTENT_TAGS,
  LINK_REL,
  URL_SCHEMES,
  cleanStyle,
  LABEL_LISTS,
  hasMarkup,
  isAllowedTarget,
  isLocalImageSource,
  isSafeUrl,
} from './allow-list';

/**
 * sanitize-html (with htmlparser2 and postcss) is loaded by the first text cleaned, not when the server starts: it
 * cost every start ~0.15 s of CPU (issue 54 item 5). It is CommonJS, so a plain require keeps every caller synchronous.
 */
let loaded: typeof SanitizeHtml | undefined;
export const sanitizeHtml = (html: string, options: SanitizeHtml.IOptions): string =>
  (loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml)(html, options);

type Attributes = Record<string, string>;

/** The shared rules sanitize-html does not express directly: URL check, style re-check, link target. */
function finishAttributes(tagName: string, attribs: Attributes): { tagName: string; attribs: Attributes } {
  const out: Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if ((name === 'href' || name === 'src') && !isSafeUrl(value)) continue;
    if (name === 'src' && tagName === 'img' && !isLocalImageSource(value)) continue;
    if (name === 'style') {
      const style = cleanStyle(value);
      if (style) out.style = style;
      continue;
    }
    if (name === 'target' && !isAllowedTarget(value)) continue;
    out[name] = value;
  }
  if (tagName === 'a' && out.target) out.rel = LINK_REL;
  return { tagName, attribs: out };
}

const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, tag === 'a' ? [...attrs, 'rel'] : [...attrs]])),
  allowedStyles: { '*': Object.fromEntries(Object.entries(ALLOWED_STYLES).map(([k, v]) => [k, [v]])) },
  allowedSchemes: [...URL_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'xlink:href'],
  allowProtocolRelative: true,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_CONTENT_TAGS,
  parseStyleAttributes: true,
  transformTags: { '*': finishAttributes },
  // An image whose address was dropped (remote, unsafe) goes entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * A label (option title …) is plain text; one carrying markup is cleaned like rich text, so no stored label
 * holds a script, an event handler or a javascript: URL. Plain labels ("A&B", "年龄<18岁") are kept as typed.
 */
export function sanitizeLabel(text: string): string {
  return hasMarkup(text) ? sanitizeRichText(text) : text;
}

/** Pictures of options and products: this site's own uploads only (a remote one is a tracking beacon). */
const keepImage = (src: string): string => (isLocalImageSource(src) ? src : '');

type Part = { title?: unknown; image?: unknown };

function sanitizeParts(parts: unknown, labels: boolean): unknown {
  if (!Array.isArray(parts)) return parts;
  let changed = false;
  const out = parts.map((part: unknown) => {
    if (!part || typeof part !== 'object') return part;
    const { title, image } = part as Part;
    const next: Part = { ...(part as Part) };
    if (labels && typeof title === 'string') next.title = sanitizeLabel(title);
    if (typeof image === 'string') next.image = keepImage(image);
    if (next.title === title && next.image === image) return part;
    changed = true;
    return next;
  });
  return changed ? out : parts;
}

/**
 * Every rich-text field of a subject, cleaned for saving — the one path the server saves subjects through:
 * title, description, exam analysis, the labels of its options, rows, columns and items, and the pictures of
 * its options and products.
 */
export function sanitizeSubjectRichText<T extends { title: string; description: string; answerAnalysis?: string }>(subject: T): T {
  const out: T = { ...subject, title: sanitizeRichText(subject.title), description: sanitizeRichText(subject.description) };
  if (typeof subject.answerAnalysis === 'string') out.answerAnalysis = sanitizeRichText(subject.answerAnalysis);
  const record = out as Record<string, unknown>;
  for (const key of LABEL_LISTS) if (key in record) record[key] = sanitizeParts(record[key], true);
  if ('products' in record) record.products = sanitizeParts(record.products, false);
  return out;
}
