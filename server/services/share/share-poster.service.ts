import type { TSharePoster } from '../../../schemas/api/share';
import { col, defineSql } from '../../db/sql';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { qrPng } from '../vote-extras/vote-poster.service';

const posterSql = defineSql(
  'share-poster.project',
  { public_id: col.text, title: col.text, cover: col.text.orNull() },
  `SELECT public_id, title, style->>'coverImage' AS cover FROM projects WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template`,
);

/** The respondent page of a project (sign-up, check-in, group-buy and forms share /s/{questionId}). */
export const projectPageUrl = (origin: string, questionId: string) => `${origin}/s/${encodeURIComponent(questionId)}`;

/**
 * getSharePoster (issue 47 item 2): what the share sheet of a chain page draws, as the vote page's poster does —
 * the title, the cover, the page's address and its QR code made here (the same maker as the vote's poster).
 */
export async function sharePoster(deps: Pick<Deps, 'database'>, origin: string, questionId: string): Promise<TSharePoster> {
  const [row] = await posterSql.run(deps.database.query, [questionId]);
  if (!row) throw notFound('项目不存在或已删除');
  const url = projectPageUrl(origin, row.public_id);
  const cover = row.cover && /^(\/[^/]|https?:\/\/)/.test(row.cover) ? row.cover : null;
  return { title: row.title, cover, url, qrPng: await qrPng(url) };
}
