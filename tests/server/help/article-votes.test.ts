import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TVoteResult } from '../../../schemas/api/article';
import type { Query } from '../../../server/db/client';
import { voteArticle, type TVoteStrategy, VOTES_PER_IP_HOUR } from '../../../server/services/help/article-votes.service';
import { seedHelpArticles } from '../../../server/seed/help/seed-help';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// 有用 / 没用 (issue 48 item 1): one vote per visitor and article, the first counts; concurrent votes count exactly
// once each on both engines, and a read-then-write variant, run against the same data, is caught overcounting.
let t: TestApp;
let articleId: number;
const visitor = (i: number) => `visitor-${String(i).padStart(4, '0')}`;
const counts = async (id: number) =>
  (
    await t.database.query<{ useful_count: number; useless_count: number; votes: number }>(
      'SELECT useful_count, useless_count, (SELECT count(*)::int FROM help_article_votes WHERE article_id = $1) AS votes FROM help_articles WHERE id = $1',
      [id],
    )
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  await seedHelpArticles(t.database);
  articleId = (await t.database.query<{ id: number }>(`SELECT id FROM help_articles WHERE slug = 'report-read'`))[0]!.id;
});
afterAll(() => t.close());

describe('有用 and 没用', () => {
  it('count a visitor once: a second vote, either way, changes nothing and says what was voted', async () => {
    const first = await t.call<TVoteResult>('wxApplet/article/getArticleUseful', { articleId, visitorId: visitor(1) });
    expect(first.data).toEqual({ usefulCount: 1, uselessCount: 0, voted: 'useful', counted: true });
    const again = await t.call<TVoteResult>('wxApplet/article/getArticleUseless', { articleId, visitorId: visitor(1) });
    expect(again.data).toEqual({ usefulCount: 1, uselessCount: 0, voted: 'useful', counted: false });
    const other = await t.call<TVoteResult>('wxApplet/article/getArticleUseless', { articleId, visitorId: visitor(2) });
    expect(other.data).toMatchObject({ usefulCount: 1, uselessCount: 1, voted: 'useless', counted: true });
  });

  it("refuse a missing article, another brand's article and a bad visitor id", async () => {
    expect((await t.call('wxApplet/article/getArticleUseful', { articleId: 999999, visitorId: visitor(3) })).resultCode).toBe('404');
    const jielong = (await t.database.query<{ id: number }>(`SELECT id FROM help_articles WHERE slug = 'start-jielong'`))[0]!.id;
    expect((await t.call('wxApplet/article/getArticleUseful', { articleId: jielong, visitorId: visitor(3) })).resultCode).toBe('404');
    expect(await counts(jielong)).toEqual({ useful_count: 0, useless_count: 0, votes: 0 });
    for (const visitorId of ['x', '<script>alert(1)</script>', undefined]) {
      expect((await t.call('wxApplet/article/getArticleUseful', { articleId, visitorId })).resultCode).toBe('400');
    }
  });

  it('stop one address after its hourly share', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    await t.database.query(
      `INSERT INTO rate_limits (key, window_start, count) VALUES ('help-vote:ip:127.0.0.1', now(), $1)
      ON CONFLICT (key) DO UPDATE SET count = $1, window_start = now()`,
      [VOTES_PER_IP_HOUR],
    );
    const refused = await t.call('wxApplet/article/getArticleUseful', { articleId, visitorId: visitor(9) }, headers);
    expect(refused).toMatchObject({ resultCode: '429', resultMsg: '提交太频繁，请稍后再试' });
    await t.database.query(`DELETE FROM rate_limits WHERE key LIKE 'help-vote:%'`);
  });
});

/** A hand-rolled check-then-act: has this visitor voted? if not, record it and add one. */
const naiveVote: TVoteStrategy = async (query: Query, vote) => {
  const seen = await query('SELECT 1 FROM help_article_votes WHERE article_id = $1 AND visitor = $2', [vote.articleId, vote.visitor]);
  if (seen.length) return false;
  await new Promise((resolve) => setImmediate(resolve));
  await query('INSERT INTO help_article_votes (article_id, visitor, useful) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
    vote.articleId,
    vote.visitor,
    vote.useful,
  ]);
  await query('UPDATE help_articles SET useful_count = useful_count + 1 WHERE id = $1', [vote.articleId]);
  return true;
};

describe('under concurrency', () => {
  const race = async (id: number, strategy?: TVoteStrategy) => {
    // 20 visitors, each clicking 有用 three times at once.
    const votes = Array.from({ length: 60 }, (_, i) => ({ articleId: id, source: 1 as const, visitor: `d${visitor(100 + (i % 20))}`, useful: true }));
    await Promise.all(votes.map((vote) => voteArticle(t.database.query, vote, strategy)));
    return counts(id);
  };

  it('counts each visitor exactly once', async () => {
    const id = (await t.database.query<{ id: number }>(`SELECT id FROM help_articles WHERE slug = 'faq-login'`))[0]!.id;
    expect(await race(id)).toEqual({ useful_count: 20, useless_count: 0, votes: 20 });
  });

  it('where a read-then-write vote overcounts (the race above can catch the bug)', async () => {
    const id = (await t.database.query<{ id: number }>(`SELECT id FROM help_articles WHERE slug = 'faq-limit'`))[0]!.id;
    const after = await race(id, naiveVote);
    expect(after.votes).toBe(20);
    expect(after.useful_count).toBeGreaterThan(20);
  });
});
