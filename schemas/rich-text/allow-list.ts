// The one allow-list for rich text (titles, descriptions, paragraph blocks). The server sanitises with
// sanitize-html when saving (sanitize-server.ts); the browser sanitises again with DOMPurify when displaying
// (sanitize-browser.ts). Both read only this file, so what one keeps the other keeps.
// No dependencies: the editor, the respondent page and the server all import it.

export const ALLOWED_TAGS = [
  'p',
  'br',
  'span',
  'div',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'mark',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'hr',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** Attributes per tag; '*' applies to every allowed tag. Nothing else survives (no on*, no class, no id). */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['style'],
  a: ['href', 'target', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

/** Lists of parts whose `title` is a label (options, matrix rows and columns, constant-sum items). */
export const LABEL_LISTS = ['options', 'rows', 'columns', 'items'] as const;
/** Something a browser would read as a tag, comment or declaration: a label holding it carries markup. */
export const hasMarkup = (text: string): boolean => /<[a-z!/?]/i.test(text);

/** Attributes holding a URL; their value must pass isSafeUrl. */
export const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src']);

export const URL_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*){2,3}\)|[a-z]{3,20})$/i;

/** Inline styles the editor produces; each value must match in full (no url(), no expression()). */
export const ALLOWED_STYLES: Readonly<Record<string, RegExp>> = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': /^(left|right|center|justify)$/,
  'font-size': /^\d{1,3}(\.\d{1,2})?(px|em|rem|%)$/,
  'font-weight': /^(normal|bold|[1-9]00)$/,
  'font-style': /^(normal|italic)$/,
  'text-decoration': /^(none|underline|line-through)$/,
};

/** Tags dropped together with their text, not unwrapped. */
export const DROP_CONTENT_TAGS = [
  'script',
  'style',
  'textarea',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'title',
  'xmp',
  'noembed',
  'noframes',
];

export function isAllowedAttribute(tag: string, attribute: string): boolean {
  return ALLOWED_ATTRIBUTES['*']!.includes(attribute) || (ALLOWED_ATTRIBUTES[tag]?.includes(attribute) ?? false);
}

// Control characters, spaces and invisible separators: browsers skip them when they read a scheme.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u205f\u3000\ufeff]/g;

/**
 * http, https, mailto and tel, or a relative address. Control characters and whitespace are removed first,
 * as browsers do when they read a scheme ("java\tscript:" is javascript:).
 */
export function isSafeUrl(value: string): boolean {
  const compact = value.replace(IGNORED_IN_SCHEME, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return !/^[a-z][a-z0-9+.-]*&/i.test(compact); // "javascript&colon;" left undecoded
  return (URL_SCHEMES as readonly string[]).includes(scheme[1]!.toLowerCase());
}

/**
 * Images load only from this site (uploads, covers): a remote address in rich text would report every reader of
 * the page to that host (a tracking beacon), so it is dropped. Relative addresses only; "//host" and "/\\host"
 * are other hosts to a browser.
 */
export function isLocalImageSource(value: string): boolean {
  const compact = value.replace(IGNORED_IN_SCHEME, '');
  if (!compact || /^[a-z][a-z0-9+.-]*:/i.test(compact) || /^[/\\]{2}/.test(compact)) return false;
  return isSafeUrl(value);
}

/** Keeps only allowed declarations of an inline style, normalised to "prop:value;prop:value". */
export function cleanStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const pattern = ALLOWED_STYLES[property];
    if (pattern && pattern.test(value)) kept.push(`${property}:${value}`);
  }
  return kept.join(';');
}

/** Links may open a new tab, never with access to the opener. */
export const LINK_REL = 'noopener noreferrer';
export const isAllowedTarget = (target: string) => target === '_blank';
