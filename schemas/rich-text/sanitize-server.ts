// Server side: every title and description is sanitised with sanitize-html before it is saved.
import sanitizeHtml from 'sanitize-html';
import {
  ALLOWED_ATTRIBUTES, ALLOWED_STYLES, ALLOWED_TAGS, DROP_CONTENT_TAGS, LINK_REL, URL_SCHEMES, cleanStyle,
  isAllowedTarget, isSafeUrl,
} from './allow-list';

type Attributes = Record<string, string>;

/** The shared rules sanitize-html does not express directly: URL check, style re-check, link target. */
function finishAttributes(tagName: string, attribs: Attributes): { tagName: string; attribs: Attributes } {
  const out: Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if ((name === 'href' || name === 'src') && !isSafeUrl(value)) continue;
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

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, tag === 'a' ? [...attrs, 'rel'] : [...attrs]]),
  ),
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
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The rich-text fields of a subject (title, description, exam analysis), sanitised for saving. */
export function sanitizeSubjectRichText<T extends { title: string; description: string; answerAnalysis?: string }>(subject: T): T {
  const out = { ...subject, title: sanitizeRichText(subject.title), description: sanitizeRichText(subject.description) };
  if (subject.answerAnalysis !== undefined) out.answerAnalysis = sanitizeRichText(subject.answerAnalysis);
  return out;
}
