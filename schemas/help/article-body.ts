/**
 * An article's body: a small line-based markup, parsed into blocks the page draws as elements (never as HTML, so
 * nothing in a body can run). `## ` a heading, `1. ` a step, `- ` a point, `> ` a tip, a blank line ends a
 * paragraph. Inline: `**bold**`, `` `code` `` and links `[text](/route)` to the app's own routes only. A line
 * `![说明文字](help:<shot-id>)` is a screenshot of the running app, public/help/<shot-id>.png, taken by
 * scripts/help-screenshots.ts from the shot of that id (scripts/help-shots/shots.ts).
 */
export type TInline = { kind: 'text' | 'bold' | 'code'; text: string } | { kind: 'link'; text: string; href: string };
export type TBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; inline: TInline[] }
  | { kind: 'tip'; inline: TInline[] }
  | { kind: 'steps'; items: TInline[][] }
  | { kind: 'points'; items: TInline[][] }
  | { kind: 'image'; alt: string; shot: string };

/** A shot id: lower-case words joined by hyphens (it names public/help/<id>.png). */
export const SHOT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const IMAGE = /^!\[([^\]]+)\]\(help:([a-z0-9-]+)\)$/;
/** Where a shot's image is served from. */
export const shotSrc = (shot: string): string => `/help/${shot}.png`;

const INLINE = /\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\((\/[^)\s]*)\)/g;

export function parseInline(line: string): TInline[] {
  const out: TInline[] = [];
  let at = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > at) out.push({ kind: 'text', text: line.slice(at, match.index) });
    if (match[1] !== undefined) out.push({ kind: 'bold', text: match[1] });
    else if (match[2] !== undefined) out.push({ kind: 'code', text: match[2] });
    else out.push({ kind: 'link', text: match[3]!, href: match[4]! });
    at = match.index + match[0].length;
  }
  if (at < line.length) out.push({ kind: 'text', text: line.slice(at) });
  return out;
}

type TListKind = 'steps' | 'points';
const listKind = (line: string): TListKind | null => (/^\d+\.\s/.test(line) ? 'steps' : /^-\s/.test(line) ? 'points' : null);

export function parseBody(body: string): TBlock[] {
  const blocks: TBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', inline: parseInline(paragraph.join('')) });
    paragraph = [];
  };
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    const list = listKind(line);
    const image = IMAGE.exec(line);
    if (!line || line.startsWith('## ') || line.startsWith('> ') || list || image) flush();
    if (image && SHOT_ID.test(image[2]!)) blocks.push({ kind: 'image', alt: image[1]!.trim(), shot: image[2]! });
    else if (line.startsWith('## ')) blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    else if (line.startsWith('> ')) blocks.push({ kind: 'tip', inline: parseInline(line.slice(2).trim()) });
    else if (list) {
      const item = parseInline(line.replace(/^(\d+\.|-)\s+/, ''));
      const last = blocks.at(-1);
      if (last && last.kind === list) last.items.push(item);
      else blocks.push({ kind: list, items: [item] });
    } else if (line) paragraph.push(line);
  }
  flush();
  return blocks;
}

const inlineText = (inline: TInline[]) => inline.map((part) => part.text).join('');

/** The body as plain text (what search reads and snippets quote): one line per block or item. */
export function bodyText(body: string): string {
  return parseBody(body)
    .flatMap((block) =>
      block.kind === 'heading' ? [block.text] : block.kind === 'image' ? [] : 'inline' in block ? [inlineText(block.inline)] : block.items.map(inlineText),
    )
    .join('\n');
}

/** Every app route an article links to (a test checks each is in the route table). */
export function bodyRoutes(body: string): string[] {
  return parseBody(body).flatMap((block) => {
    const lines = 'inline' in block ? [block.inline] : 'items' in block ? block.items : [];
    return lines.flatMap((inline) => inline.flatMap((part) => (part.kind === 'link' ? [part.href.split(/[?#]/)[0]!] : [])));
  });
}

/** Every screenshot an article shows, by shot id (a test checks each has its image and its shot). */
export function bodyShots(body: string): string[] {
  return parseBody(body).flatMap((block) => (block.kind === 'image' ? [block.shot] : []));
}
