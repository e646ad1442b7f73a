import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TArticleDetail, TArticleCount, TTypeGroup, TArticleSummary } from '../../../schemas/api/article';
import { ARTICLE_TYPES } from '../../../schemas/help/article-types';
import { HELP_ARTICLES, seedHelpArticles } from '../../../server/seed/help/seed-help';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// 帮助中心 (issue 48 item 1): the guides by type, per brand (systemSource 1 or 7 by host), detail with read counts
// and related guides, hot and most-read lists. Votes, search and feedback: the sibling files.
let t: TestApp;
const JIELONG = { host: 'jielong.localhost' };
const idOf = async (slug: string) => (await t.database.query<{ id: number }>('SELECT id FROM help_articles WHERE slug = $1', [slug]))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedHelpArticles(t.database)).toBe(true);
});
afterAll(() => t.close());

describe('the seeded guides', () => {
  it('cover every type for both applet sources, written once however often the seed runs', async () => {
    for (const headers of [{}, JIELONG]) {
      const counts = (await t.call<TArticleCount>('wxApplet/article/getArticleCount', {}, headers)).data;
      expect(counts.types.map((type) => type.articleType)).toEqual(ARTICLE_TYPES.map((type) => type.articleType));
    }
    expect(await seedHelpArticles(t.database)).toBe(false);
    const [{ n }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM help_articles');
    expect(n).toBe(HELP_ARTICLES.length);
  });

  it('group by type for the home page, each brand seeing its own getting-started guide', async () => {
    const groups = async (headers = {}) => (await t.call<TTypeGroup[]>('wxApplet/article/getArticleByTypeList', { size: 3 }, headers)).data;
    const wenjuan = (await groups())[0]!;
    const jielong = (await groups(JIELONG))[0]!;
    expect(wenjuan.typeName).toBe('新手入门');
    expect(wenjuan.list.map((a) => a.title)).toContain('五分钟发布第一份问卷');
    expect(jielong.list.map((a) => a.title)).toEqual(['接龙通快速入门：发起一个报名接龙']);
    // The request's systemSource wins over the host (the applet names its source).
    expect((await groups({}))[0]!.list.map((a) => a.title)).not.toContain('接龙通快速入门：发起一个报名接龙');
    expect((await t.call<TTypeGroup[]>('wxApplet/article/getArticleByTypeList', { systemSource: 7 })).data[0]!.list[0]!.title).toContain('接龙通');
  });

  it('list one type a page at a time', async () => {
    const page = (await t.call<{ list: TArticleSummary[]; total: number }>('wxApplet/article/getArticleList', { articleType: 14, pageSize: 2, pageNum: 2 }))
      .data;
    expect(page.total).toBe(HELP_ARTICLES.filter((a) => a.articleType === 14).length);
    expect(page.list).toHaveLength(page.total - 2);
    expect(page.list.every((a) => a.typeName === '常见问题')).toBe(true);
  });
});

describe('an article', () => {
  it('opens with its body and related guides, and every opening counts one read', async () => {
    const articleId = await idOf('exam-scoring');
    const first = (await t.call<TArticleDetail>('wxApplet/article/getArticleDetail', { articleId })).data;
    const second = (await t.call<TArticleDetail>('wxApplet/article/getArticleDetail', { articleId: String(articleId) })).data;
    expect(second.readCount).toBe(first.readCount + 1);
    expect(first.body).toContain('随机抽题');
    expect(first.related.map((a) => a.title)).toEqual(['七种项目类型怎么选', '查看统计报告和筛选答卷', '随机抽题与打乱顺序']);
  });

  it('of another brand, or none at all, is not found', async () => {
    const other = await idOf('start-jielong');
    expect(await t.call('wxApplet/article/getArticleDetail', { articleId: other })).toMatchObject({ resultCode: '404', resultMsg: '文章不存在或已下线' });
    expect((await t.call('wxApplet/article/getArticleDetail', { articleId: other }, JIELONG)).resultCode).toBe('200');
    expect((await t.call('wxApplet/article/getArticleDetail', { articleId: 999999 })).resultCode).toBe('404');
  });

  it("opens by slug, the stable name the editor's help links use, counting the read on the same article", async () => {
    const articleId = await idOf('editor-setting');
    const bySlug = (await t.call<TArticleDetail>('wxApplet/article/getArticleDetail', { slug: 'editor-setting' })).data;
    expect(bySlug).toMatchObject({ articleId, title: '问卷设置：收集时间、作答限制和提交后' });
    const byId = (await t.call<TArticleDetail>('wxApplet/article/getArticleDetail', { articleId })).data;
    expect(byId.readCount).toBe(bySlug.readCount + 1);
    expect((await t.call('wxApplet/article/getArticleDetail', { slug: 'no-such-guide' })).resultCode).toBe('404');
    expect((await t.call('wxApplet/article/getArticleDetail', { slug: 'start-jielong' })).resultCode).toBe('404');
  });

  it('refuses bad input naming what is wrong', async () => {
    for (const body of [{ articleId: 'abc' }, { articleId: -1 }, {}, { articleId: 1, systemSource: 3 }, { slug: '../x' }, { slug: 'A B' }]) {
      const answer = await t.call('wxApplet/article/getArticleDetail', body);
      expect(answer.resultCode, JSON.stringify(body)).toBe('400');
    }
  });
});

describe('hot and most-read lists', () => {
  it('put the most read first', async () => {
    const articleId = await idOf('faq-restore');
    for (let i = 0; i < 5; i++) await t.call('wxApplet/article/getArticleDetail', { articleId });
    const hot = (await t.call<TArticleSummary[]>('wxApplet/article/getArticleHotList', { size: 3 })).data;
    expect(hot[0]!.articleId).toBe(articleId);
    expect(hot).toHaveLength(3);
    const byRead = (await t.call<{ list: TArticleSummary[] }>('wxApplet/article/getArticleByReadList', { pageSize: 3 })).data.list;
    expect(byRead[0]!.title).toBe('误删了项目，怎么恢复');
    expect(byRead[0]!.readCount).toBeGreaterThanOrEqual(byRead[1]!.readCount);
  });
});
