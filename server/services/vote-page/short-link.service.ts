import type { Deps } from '../deps';
import { col, defineSql } from '../../db/sql';

const shortLinkTargetSql = defineSql(
  'short-link.shortLinkTarget',
  { found: col.int },
  'SELECT 1 AS found FROM vote_activities WHERE public_id = $1 AND NOT is_template LIMIT 1',
);

/**
 * Where a short link /x/{id} leads (spec §2): a vote activity's public id opens the voting page (/v/{id}); any
 * other id the respondent page (/s/{id}), which says itself when a questionnaire does not exist. Templates have
 * no public page.
 */
export async function shortLinkTarget(deps: Pick<Deps, 'database'>, id: string): Promise<string> {
  const [vote] = await shortLinkTargetSql.run(deps.database.query, [id]);
  return vote ? `/v/${id}` : `/s/${id}`;
}
