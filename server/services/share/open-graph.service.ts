import { brandFromHost, pageTitle } from '../../../schemas/brands';
import { col, defineSql } from '../../db/sql';
import type { Deps } from '../deps';
import { decodeEntities } from '../../../schemas/rich-text/entities';
import { escapeHtml } from '../../../schemas/logic/piping';

/**
 * Open Graph tags of the public pages (issue 47 item 2): the respondent page /s/{questionId} (surveys, forms and
 * the sign-up, check-in and group-buy chains) and the voting page /v/{voteId} carry og:title, og:description and
 * og:image of their project, so a link pasted outside WeChat (and WeChat without the JS-SDK) shows a card. An
 * unknown or deleted project gets the brand's name, slogan and logo.
 */
export interface TOpenGraph {
  title: string;
  description: string;
  /** An absolute http(s) address. */
  image: string;
  url: string;
}

const projectOgSql = defineSql(
  'open-graph.project',
  { title: col.text, share_title: col.text, subtitle: col.text, cover: col.text.orNull() },
  `SELECT title, share_title, subtitle, style->>'coverImage' AS cover FROM projects
   WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template`,
);
const voteOgSql = defineSql(
  'open-graph.vote',
  { title: col.text, description: col.text, cover: col.text.orNull() },
  `SELECT title, description, cover_images->>0 AS cover FROM vote_activities WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template`,
);

const DESCRIPTION_CHARS = 120;

/** Rich text (a subtitle is HTML) as one plain line, cut to what a card shows. */
export function plainLine(html: string): string {
  const text = decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  return chars.length > DESCRIPTION_CHARS ? `${chars.slice(0, DESCRIPTION_CHARS - 1).join('')}…` : text;
}

/** An uploaded or remote image as an absolute address; anything else (data:, javascript:) is no image. */
const absoluteImage = (origin: string, url: string | null): string | null =>
  url && /^https?:\/\//.test(url) ? url : url && /^\/[^/]/.test(url) ? `${origin}${url}` : null;

/** The card of a page: `/s/{id}` or `/v/{id}` (path without the query). */
export async function openGraphOf(deps: Pick<Deps, 'database'>, input: { path: string; origin: string; host: string | undefined }): Promise<TOpenGraph> {
  const brand = brandFromHost(input.host);
  const fallback: TOpenGraph = { title: brand.name, description: brand.slogan, image: `${input.origin}/share-logo.png`, url: `${input.origin}${input.path}` };
  const m = /^\/([sv])\/([\w-]{1,64})$/.exec(input.path);
  if (!m) return fallback;
  const [, kind, id] = m;
  const found =
    kind === 'v'
      ? (await voteOgSql.run(deps.database.query, [id])).map((r) => ({ title: r.title, description: plainLine(r.description), cover: r.cover }))[0]
      : (await projectOgSql.run(deps.database.query, [id])).map((r) => ({
          title: r.share_title.trim() || r.title,
          description: plainLine(r.subtitle),
          cover: r.cover,
        }))[0];
  if (!found) return fallback;
  return {
    title: plainLine(found.title) || brand.name,
    description: found.description || brand.slogan,
    image: absoluteImage(input.origin, found.cover) ?? fallback.image,
    url: fallback.url,
  };
}

/**
 * The card of a public page of the site itself (issue 48 item 6: the home page, the category pages, the template
 * list…): its title as the browser tab shows it on this brand, the brand's slogan, the share picture.
 */
export function siteCard(input: { path: string; origin: string; host: string | undefined; title: string; description?: string }): TOpenGraph {
  const brand = brandFromHost(input.host);
  const title = input.title.replace('{coin}', brand.coinName);
  return {
    title: pageTitle(brand, title || undefined),
    description: input.description ? input.description.replaceAll('{brand}', brand.name) : brand.slogan,
    image: `${input.origin}/share-logo.png`,
    url: `${input.origin}${input.path}`,
  };
}

/** The page's HTML with its <title>, its description and the card's meta tags (escaped) before </head>. */
export function withOpenGraph(html: string, og: TOpenGraph): string {
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(og.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(og.description)}" />`,
    `<meta property="og:image" content="${escapeHtml(og.image)}" />`,
    `<meta property="og:url" content="${escapeHtml(og.url)}" />`,
    `<meta name="description" content="${escapeHtml(og.description)}" />`,
  ].join('');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(og.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, '')
    .replace('</head>', `${tags}</head>`);
}
