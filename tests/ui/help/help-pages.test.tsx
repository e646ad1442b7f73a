import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TArticleDetail, TArticleSummary } from '../../../schemas/api/article';
import { openOnHost, renderApp } from '../render-app';

// 帮助中心 (issue 48 item 1): the home lists types and hot articles for the host's brand, an article shows its body,
// read count and 有用/没用, search marks what matched, and a missing article or a failed call says so.
const summary = (articleId: number, title: string, articleType = 1): TArticleSummary => ({
  articleId,
  articleType,
  typeName: articleType === 1 ? '新手入门' : '常见问题',
  title,
  summary: `${title}的摘要`,
  readCount: 12,
  updateTime: '2026-11-20T08:00:00.000Z',
});
const detail: TArticleDetail = {
  ...summary(7, '五分钟发布第一份问卷'),
  body: '## 操作步骤\n1. 打开[登录页](/login)，输入手机号。\n2. 点击**立即创建**。\n> 修改会自动保存。',
  usefulCount: 3,
  uselessCount: 1,
  related: [summary(8, '导出数据到 Excel 或 CSV')],
};
const calls = vi.hoisted(() => ({ log: [] as { path: string; body: Record<string, unknown> }[], fail: new Set<string>() }));
vi.mock('../../../src/api/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/api/client')>();
  return {
    ...actual,
    call: async (contract: { path: string }, body: Record<string, unknown>) => {
      const name = contract.path.replace('wxApplet/article/', '');
      calls.log.push({ path: name, body });
      if (calls.fail.has(name)) throw new actual.ApiError(name === 'getArticleDetail' ? '404' : '500', '文章不存在或已下线');
      if (name === 'getArticleByTypeList') return [{ articleType: 1, typeName: '新手入门', count: 2, list: [summary(7, '五分钟发布第一份问卷')] }];
      if (name === 'getArticleHotList') return [summary(9, '误删了项目，怎么恢复', 14)];
      if (name === 'getArticleDetail') return detail;
      if (name === 'getArticleUseful') return { usefulCount: 4, uselessCount: 1, voted: 'useful', counted: true };
      if (name === 'getArticleByTitleList')
        return {
          total: 1,
          list: [
            {
              articleId: 7,
              articleType: 1,
              typeName: '新手入门',
              readCount: 12,
              title: [
                { text: '随机抽题', hit: true },
                { text: '与打乱顺序', hit: false },
              ],
              snippet: [{ text: '从一组题目中', hit: false }],
            },
          ],
        };
      throw new Error(`unexpected call ${contract.path}`);
    },
  };
});
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'anonymous', user: null, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));
beforeEach(() => {
  calls.log.length = 0;
  calls.fail.clear();
  localStorage.clear();
});
afterEach(() => openOnHost('http://localhost:3000/'));

describe('帮助中心', () => {
  it("lists the brand's types and hot articles, asking for the host brand's source", async () => {
    openOnHost('http://jielong.localhost:3000/help.html');
    await renderApp('/help.html');
    const group = await screen.findByRole('region', { name: '新手入门' });
    expect(within(group).getByRole('link', { name: '五分钟发布第一份问卷' })).toHaveAttribute('href', '/help.html?articleId=7');
    expect(within(group).getByRole('link', { name: '查看全部 2 篇' })).toHaveAttribute('href', '/help.html?articleType=1');
    expect(await screen.findByRole('link', { name: '误删了项目，怎么恢复' })).toBeInTheDocument();
    expect(screen.getByText('接龙通帮助中心')).toBeInTheDocument();
    expect(calls.log.every((c) => c.body.systemSource === 7)).toBe(true);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('接龙通帮助中心');
  });

  it('opens an article with its steps, read count and related articles, and counts 有用 once', async () => {
    await renderApp('/help.html?articleId=7');
    expect(await screen.findByRole('heading', { level: 1, name: '五分钟发布第一份问卷' })).toBeInTheDocument();
    expect(screen.getByTestId('read-count')).toHaveTextContent('12 次阅读');
    expect(screen.getByRole('link', { name: '登录页' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('立即创建').tagName).toBe('STRONG');
    expect(within(screen.getByRole('region', { name: '相关文章' })).getByRole('link', { name: '导出数据到 Excel 或 CSV' })).toBeInTheDocument();
    expect(document.title).toBe('五分钟发布第一份问卷 - 问卷通');
    fireEvent.click(screen.getByRole('button', { name: /有用/ }));
    expect(await screen.findByText('感谢你的评价')).toBeInTheDocument();
    expect(screen.getByTestId('useful-count')).toHaveTextContent('4');
    expect(screen.getByRole('button', { name: /有用/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /没用/ })).toBeDisabled();
  });

  it('says an article is missing and leads back to the help centre', async () => {
    calls.fail.add('getArticleDetail');
    await renderApp('/help.html?articleId=99');
    expect(await screen.findByText('文章不存在或已下线')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回帮助中心' })).toHaveAttribute('href', '/help.html');
  });

  it('marks the matched words of a search', async () => {
    await renderApp('/help/search.html?keyword=随机抽题');
    const hit = await screen.findByText('随机抽题', { selector: 'mark' });
    expect(hit.closest('a')).toHaveAttribute('href', '/help.html?articleId=7');
    expect(screen.getByText('找到 1 篇与“随机抽题”相关的文章')).toBeInTheDocument();
    expect(calls.log.find((c) => c.path === 'getArticleByTitleList')?.body.keyword).toBe('随机抽题');
  });

  it('checks the feedback before sending it', async () => {
    await renderApp('/help.html?articleId=7');
    fireEvent.change(await screen.findByLabelText('反馈内容'), { target: { value: '太短' } });
    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('反馈内容至少5个字');
    expect(calls.log.some((c) => c.path === 'saveOrUpdateFeedBack')).toBe(false);
  });
});
