import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFeedbackItem } from '../../../schemas/api/site';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp, SAMPLE_USER } from '../render-app';

// 帮助反馈 (issue 48 item 1): the operator reads the help centre's 意见反馈 newest first and marks one 已处理 once the
// server has answered; anyone the server refuses (403) sees 仅站点运营人员可查看 and never a list.
const item = (feedbackId: string, content: string, extra: Partial<TFeedbackItem> = {}): TFeedbackItem => ({
  feedbackId,
  articleId: null,
  articleTitle: null,
  systemSource: 1,
  content,
  contact: '',
  createTime: '2026-12-01T08:00:00.000Z',
  handledTime: null,
  ...extra,
});
const api = vi.hoisted(() => ({
  list: [] as unknown[],
  refuse: '' as string,
  handle: null as null | ((id: string) => Promise<{ handledTime: string }>),
  handled: [] as string[],
}));
vi.mock('../../../src/api/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/api/client')>();
  return {
    ...actual,
    call: async (contract: { path: string }, body: Record<string, unknown>) => {
      if (contract.path === 'site/feedback/list') {
        if (api.refuse) throw new actual.ApiError(api.refuse, api.refuse === '403' ? '仅站点运营者可以查看意见反馈' : '系统处理出错');
        return { list: api.list, total: api.list.length };
      }
      if (contract.path === 'site/feedback/handle') {
        api.handled.push(String(body.feedbackId));
        return api.handle!(String(body.feedbackId));
      }
      return actual.call(contract as never, body as never, { quiet: true });
    },
  };
});
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

beforeEach(() => {
  markSession();
  api.refuse = '';
  api.handled = [];
  api.list = [
    item('fb-2', '希望帮助中心能有视频教程', { createTime: '2026-12-02T09:30:00.000Z' }),
    item('fb-1', '第3步找不到跳转到按钮', { articleId: 12, articleTitle: '跳题逻辑和显示逻辑', contact: '微信 abc' }),
    item('fb-0', '导出的表格少了一列', { handledTime: '2026-12-01T10:00:00.000Z' }),
  ];
});
afterEach(() => forgetSession());

const row = (content: string) => screen.getByText(content).closest('li')!;

describe('帮助反馈 screen', () => {
  it('lists the feedback as the server orders it, with the article link, contact and state; 未处理 filters', async () => {
    const user = userEvent.setup();
    await renderApp('/help/feedback.html');
    expect(await screen.findByRole('heading', { name: '帮助反馈', level: 1 })).toBeInTheDocument();
    await screen.findByText('希望帮助中心能有视频教程');
    const items = within(screen.getByRole('list', { name: '反馈列表' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toContain('希望帮助中心能有视频教程');
    expect(items[0]).toContain('帮助中心（未指定文章）');
    expect(items[0]).toContain('未留联系方式');
    expect(within(row('第3步找不到跳转到按钮')).getByRole('link', { name: '跳题逻辑和显示逻辑' })).toHaveAttribute('href', '/help.html?articleId=12');
    expect(row('第3步找不到跳转到按钮')).toHaveTextContent('联系方式：微信 abc');
    expect(row('导出的表格少了一列')).toHaveTextContent('已处理');
    expect(within(row('导出的表格少了一列')).queryByRole('button', { name: '标为已处理' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '未处理' }));
    expect(screen.queryByText('导出的表格少了一列')).toBeNull();
    expect(within(screen.getByRole('list', { name: '反馈列表' })).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: '全部' }));
    expect(within(screen.getByRole('list', { name: '反馈列表' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('marks one 已处理 only once the server answers, and shows a refusal on the row', async () => {
    const user = userEvent.setup();
    let answer: (value: { handledTime: string }) => void = () => {};
    api.handle = () => new Promise((resolve) => (answer = resolve));
    await renderApp('/help/feedback.html');
    await screen.findByText('第3步找不到跳转到按钮');
    await user.click(within(row('第3步找不到跳转到按钮')).getByRole('button', { name: '标为已处理' }));
    expect(api.handled).toEqual(['fb-1']);
    // Waiting for the server: not yet shown as handled.
    expect(within(row('第3步找不到跳转到按钮')).getByRole('button', { name: '处理中…' })).toBeDisabled();
    expect(row('第3步找不到跳转到按钮')).toHaveTextContent('未处理');
    answer({ handledTime: '2026-12-03T10:00:00.000Z' });
    await waitFor(() => expect(row('第3步找不到跳转到按钮')).toHaveTextContent('已处理'));
    expect(within(row('第3步找不到跳转到按钮')).queryByRole('button')).toBeNull();

    const { ApiError } = await import('../../../src/api/client');
    api.handle = () => Promise.reject(new ApiError('404', '反馈不存在'));
    await user.click(within(row('希望帮助中心能有视频教程')).getByRole('button', { name: '标为已处理' }));
    expect(await within(row('希望帮助中心能有视频教程')).findByRole('alert')).toHaveTextContent('反馈不存在');
    expect(row('希望帮助中心能有视频教程')).toHaveTextContent('未处理');
  });

  it('says 暂无反馈 when there is none', async () => {
    api.list = [];
    await renderApp('/help/feedback.html');
    expect(await screen.findByText('暂无反馈')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '反馈列表' })).toBeNull();
  });

  it('shows 仅站点运营人员可查看 to an account the server refuses, never a list; other failures offer a retry', async () => {
    api.refuse = '403';
    const first = await renderApp('/help/feedback.html');
    expect(await screen.findByText('仅站点运营人员可查看')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '反馈列表' })).toBeNull();
    expect(screen.queryByRole('button', { name: '未处理' })).toBeNull();
    first.unmount();

    api.refuse = '500';
    await renderApp('/help/feedback.html');
    expect(await screen.findByText('反馈加载失败')).toBeInTheDocument();
    api.refuse = '';
    await userEvent.setup().click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('希望帮助中心能有视频教程')).toBeInTheDocument();
  });
});
