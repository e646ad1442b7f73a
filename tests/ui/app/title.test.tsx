import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRANDS } from '../../../schemas/brands';
import { forgetSession, markSession } from '../../../src/api/token';
import { openOnHost, renderApp, SAMPLE_USER } from '../render-app';

const session = vi.hoisted(() => ({
  value: { status: 'anonymous' as string, user: null as unknown, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} },
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => session.value,
}));

afterEach(() => {
  forgetSession();
  openOnHost('http://localhost:3000/');
  session.value = { ...session.value, status: 'anonymous', user: null };
});

describe('document title and brand (spec §1)', () => {
  it('home page uses the slogan of the default brand on localhost', async () => {
    openOnHost('http://localhost:3000/');
    await renderApp('/');
    await waitFor(() => expect(document.title).toBe(BRANDS.wenjuan.slogan));
    expect(await screen.findByText(/问卷通一个平台全部搞定/)).toBeInTheDocument();
  });

  it('home page uses the toupiao slogan and name on toupiao.localhost', async () => {
    openOnHost('http://toupiao.localhost:3000/');
    await renderApp('/');
    await waitFor(() => expect(document.title).toBe(BRANDS.toupiao.slogan));
    expect(await screen.findByText(/投票通一个平台全部搞定/)).toBeInTheDocument();
    expect(screen.queryByText(/问卷通一个平台全部搞定/)).not.toBeInTheDocument();
  });

  it.each([
    ['http://localhost:3000/', '免费模板 - 问卷通'],
    ['http://toupiao.localhost:3000/', '免费模板 - 投票通'],
    ['http://jielong.localhost:3000/', '免费模板 - 接龙通'],
  ])('on %s a route shows "route title - brand name"', async (url, title) => {
    openOnHost(url);
    await renderApp('/template/list.html');
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    ['http://localhost:3000/', '问卷币规则 - 问卷通', '我的问卷币'],
    ['http://toupiao.localhost:3000/', '金币规则 - 投票通', '我的金币'],
  ])('coin name per brand on %s (title and avatar menu)', async (url, title, coinLine) => {
    openOnHost(url);
    markSession();
    session.value = { ...session.value, status: 'authenticated', user: SAMPLE_USER };
    await renderApp('/coinRule.html');
    await waitFor(() => expect(document.title).toBe(title));
    expect(await screen.findByRole('heading', { name: title.split(' - ')[0] })).toBeInTheDocument();
    const { default: userEvent } = await import('@testing-library/user-event');
    await userEvent.setup().click(screen.getByRole('button', { name: '打开用户菜单' }));
    expect(await screen.findByText(coinLine)).toBeInTheDocument();
  });
});
