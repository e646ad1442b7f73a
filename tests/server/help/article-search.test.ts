import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSearchHitOut } from '../../../schemas/api/article';
import { seedHelpArticles } from '../../../server/seed/help/seed-help';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// 帮助中心搜索 (issue 48 item 1): Chinese phrases find the guides that hold them, with the hits marked, per brand.
let t: TestApp;
type TPage = { list: TSearchHitOut[]; total: number };
const search = async (keyword: string, headers = {}) => (await t.call<TPage>('wxApplet/article/getArticleByTitleList', { keyword }, headers)).data;
const marked = (parts: { text: string; hit: boolean }[]) => parts.filter((p) => p.hit).map((p) => p.text);
const plain = (parts: { text: string }[]) => parts.map((p) => p.text).join('');

beforeAll(async () => {
  t = await createTestApp();
  await seedHelpArticles(t.database);
});
afterAll(() => t.close());

describe('searching the help centre', () => {
  it('finds a Chinese phrase, the title hit first, and marks it', async () => {
    const page = await search('随机抽题');
    expect(
      page.list
        .slice(0, 2)
        .map((hit) => plain(hit.title))
        .sort(),
    ).toEqual(['创建考试：设置分值、正确答案和随机抽题', '随机抽题与打乱顺序']);
    expect(marked(page.list[0]!.title)).toEqual(['随机抽题']);
    expect(page.total).toBe(page.list.length);
  });

  it('marks the phrase in a window of the body', async () => {
    const hit = (await search('下载二维码')).list[0]!;
    expect(plain(hit.title)).toBe('发布项目并分享链接、二维码');
    expect(marked(hit.snippet)).toContain('下载二维码');
    expect(hit.typeName).toBe('发布与分享');
  });

  it('finds words out of order by their pieces, and every term of a query must match', async () => {
    expect((await search('抽题随机')).list.map((hit) => plain(hit.title))).toContain('随机抽题与打乱顺序');
    const both = await search('候补 导出');
    expect(both.list.map((hit) => plain(hit.title))).toEqual(['报名接龙：人数上限、候补与导出名单']);
    expect((await search('区块链钱包')).total).toBe(0);
  });

  it('matches Latin letters in any case', async () => {
    const hits = await search('excel');
    expect(hits.list.map((hit) => plain(hit.title))).toContain('导出数据到 Excel 或 CSV');
    expect(marked(hits.list.find((hit) => plain(hit.title).includes('CSV'))!.title)).toEqual(['Excel']);
  });

  it("searches the brand's own guides only", async () => {
    expect((await search('接龙通快速入门')).total).toBe(0);
    expect((await search('接龙通快速入门', { host: 'jielong.localhost' })).total).toBe(1);
  });

  it('refuses an empty or overlong query, and treats markup as text', async () => {
    expect(await t.call('wxApplet/article/getArticleByTitleList', { keyword: '  ' })).toMatchObject({
      resultCode: '400',
      resultMsg: 'keyword: 请输入搜索内容',
    });
    expect((await t.call('wxApplet/article/getArticleByTitleList', { keyword: '长'.repeat(51) })).resultCode).toBe('400');
    expect((await search('<b>发布</b>')).list.every((hit) => !plain(hit.title).includes('<b>'))).toBe(true);
  });
});
