import { ARTICLE_MESSAGES, type TVoteResult } from '../../../schemas/api/article';
import type { TSystemSource } from '../../../schemas/help/article-types';
import type { Database, Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import type { AuthUser } from '../access/sessions.service';
import { hitAll, type Limiter } from '../access/rate-limit.service';
import { notFound, tooMany } from '../errors';

export interface TVote {
  articleId: number;
  source: TSystemSource;
  /** `u<user id>` for an account, `d<visitor id>` for a browser. */
  visitor: string;
  useful: boolean;
}

/**
 * How a vote is written (a parameter so the concurrency test can run a naive read-then-write one against the same
 * data; production passes nothing). Answers whether this vote was counted.
 */
export type TVoteStrategy = (query: Query, vote: TVote) => Promise<boolean>;

const castSql = defineSql(
  'help-votes.cast',
  { id: col.int },
  `WITH v AS (
     INSERT INTO help_article_votes (article_id, visitor, useful)
     SELECT a.id, $2, $3 FROM help_articles a WHERE a.id = $1 AND $4 = ANY(a.system_sources)
     ON CONFLICT (article_id, visitor) DO NOTHING RETURNING useful)
   UPDATE help_articles a SET useful_count = a.useful_count + (SELECT count(*) FROM v WHERE useful),
     useless_count = a.useless_count + (SELECT count(*) FROM v WHERE NOT useful)
   WHERE a.id = $1 AND EXISTS (SELECT 1 FROM v) RETURNING a.id`,
);

/** One statement: the visitor's row and the article's count together, or neither (reliability rule 13). */
export const exactVote: TVoteStrategy = async (query, vote) =>
  (await castSql.run(query, [vote.articleId, vote.visitor, vote.useful, vote.source])).length === 1;

const stateSql = defineSql(
  'help-votes.state',
  { useful_count: col.int, useless_count: col.int, useful: col.bool.orNull() },
  `SELECT a.useful_count, a.useless_count, v.useful FROM help_articles a
   LEFT JOIN help_article_votes v ON v.article_id = a.id AND v.visitor = $2
   WHERE a.id = $1 AND $3 = ANY(a.system_sources)`,
);

export const visitorOf = (user: AuthUser | null, visitorId: string): string => (user ? `u${user.id}` : `d${visitorId}`);

/** 有用 / 没用: the first vote of a visitor on an article counts; a second (either way) changes nothing. */
export async function voteArticle(query: Query, vote: TVote, strategy: TVoteStrategy = exactVote): Promise<TVoteResult> {
  const counted = await strategy(query, vote);
  const [state] = await stateSql.run(query, [vote.articleId, vote.visitor, vote.source]);
  if (!state) throw notFound(ARTICLE_MESSAGES.notFound);
  const useful = state.useful ?? vote.useful;
  return { usefulCount: state.useful_count, uselessCount: state.useless_count, voted: useful ? 'useful' : 'useless', counted };
}

/** Votes one address may cast in an hour (visitor ids are the browser's own, so the address caps a script). */
export const VOTES_PER_IP_HOUR = 60;

/** The vote call: rate-limited per address, then {@link voteArticle}. */
export async function voteFromRequest(deps: Limiter & { database: Database }, vote: TVote, ip: string): Promise<TVoteResult> {
  const refused = await hitAll(deps, [{ key: `help-vote:ip:${ip}`, limit: VOTES_PER_IP_HOUR, windowSeconds: 3_600 }]);
  if (refused) throw tooMany(ARTICLE_MESSAGES.tooMany);
  return voteArticle(deps.database.query, vote);
}
