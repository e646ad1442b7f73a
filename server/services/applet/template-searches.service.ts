import type { Query } from '../../db/client';

/** How far back the hot words look, and how many the box offers. */
export const HOT_SEARCH_DAYS = 30;
export const HOT_SEARCH_WORDS = 8;

/** wxApplet/search/saveSearch: one search (keyword, who, which kind), for the hot words of the template search. */
export async function saveSearch(query: Query, userId: number | null, body: { keyword: string; questionType?: number }): Promise<void> {
  await query('INSERT INTO template_searches (keyword, user_id, question_type) VALUES ($1, $2, $3)', [
    body.keyword.toLowerCase(),
    userId,
    body.questionType ?? null,
  ]);
}

/**
 * The words searched most in the last 30 days (by distinct searchers: one person repeating a word counts once; an
 * anonymous search counts each time), for one kind when given.
 */
export async function hotSearchWords(query: Query, questionType: number | undefined): Promise<string[]> {
  const rows = await query<{ keyword: string }>(
    `SELECT keyword FROM template_searches
      WHERE created_at > now() - make_interval(days => $1) AND ($2::int IS NULL OR question_type = $2)
      GROUP BY keyword
      ORDER BY count(DISTINCT coalesce(user_id::text, 'a' || id::text)) DESC, max(created_at) DESC
      LIMIT $3`,
    [HOT_SEARCH_DAYS, questionType ?? null, HOT_SEARCH_WORDS],
  );
  return rows.map((r) => r.keyword);
}
