import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp, SAMPLE_USER } from '../render-app';

const session = vi.hoisted(() => ({
  logout: vi.fn(async () => {}),
  value: { status: 'anonymous' as string, user: null as unknown },
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ ...session.value, login: () => {}, logout: session.logout, expire: () => {}, update: () => {} }),
}));

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  fireEvent.scroll(window);
}

afterEach(() => {
  scrollTo(0);
  forgetSession();
  session.value = { status: 'anonymous', user: null };
  session.logout.mockClear();
});

describe('header scroll style (spec §2, §9: 10 px)', () => {
  it('is transparent on the home page until scrolled more than 10 px, then white', async () => {
    await renderApp('/');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-transparent', 'true');

    scrollTo(10);
    expect(header).toHaveAttribute('data-transparent', 'true');

    scrollTo(11);
    await waitFor(() => expect(header).toHaveAttribute('data-transparent', 'false'));

    scrollTo(0);
    await waitFor(() => expect(header).toHaveAttribute('data-transparent', 'true'));
  });

  it('is white on other pages from the start', async () => {
    await renderApp('/template/list.html');
    expect(screen.getByRole('banner')).toHaveAttribute('data-transparent', 'false');
  });
});

describe('header content', () => {
  it('logged out: menu plus consult, login and free-use buttons', async () => {
    await renderApp('/help.html');
    const header = screen.getByRole('banner');
    for (const name of ['首页', '免费模板', '客户案例', '活动方案', '帮助中心']) {
      expect(within(header).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(header).getByRole('button', { name: /应用介绍/ })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: /更多/ })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: /帮助/ })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: '免费使用' })).toBeInTheDocument();
  });

  it('coming-soon items in the apps menu show 即将上线', async () => {
    const user = userEvent.setup();
    await renderApp('/help.html');
    await user.click(screen.getByRole('button', { name: /应用介绍/ }));
    await user.click(await screen.findByRole('menuitem', { name: /抽奖/ }));
    expect(await screen.findByText('即将上线', { selector: '[data-title]' })).toBeInTheDocument();
  });

  it('logged in on a work page: contacts, desktop, service, bell and avatar menu with logout', async () => {
    markSession();
    session.value = { status: 'authenticated', user: SAMPLE_USER };
    const user = userEvent.setup();
    await renderApp('/activeManagement.html');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: /通讯录/ })).toHaveAttribute('href', '/email.html');
    expect(within(header).getByRole('button', { name: '桌面端' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: '帮助' })).toBeInTheDocument();

    await user.click(within(header).getByRole('button', { name: '消息通知' }));
    // What it lists comes from the server: tests/ui/app/header-bell.test.tsx.
    expect(await screen.findByRole('dialog', { name: '消息通知' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(header).getByRole('button', { name: '打开用户菜单' }));
    const menu = await screen.findByRole('menu');
    for (const [name, href] of [
      ['活动管理', '/activeManagement.html'],
      ['账户', '/info.html'],
      ['会员中心', '/member/index.html'],
      ['我的收藏', '/collection.html'],
      ['我的下载', '/myDownload.html'],
      ['通讯录', '/email.html'],
    ]) {
      expect(within(menu).getByRole('menuitem', { name })).toHaveAttribute('href', href);
    }
    await user.click(within(menu).getByRole('menuitem', { name: '退出登录' }));
    expect(session.logout).toHaveBeenCalledOnce();
  });

  it('the desktop popover is 216 px wide and its add action reports 已安装 without a stored prompt', async () => {
    markSession();
    session.value = { status: 'authenticated', user: SAMPLE_USER };
    Object.defineProperty(navigator, 'userAgent', {
      value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      configurable: true,
    });
    const user = userEvent.setup();
    await renderApp('/activeManagement.html');
    await user.click(screen.getByRole('button', { name: '桌面端' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveStyle({ width: '216px' });
    await user.click(within(dialog).getByRole('button', { name: '添加到桌面' }));
    expect(await screen.findByText('已安装')).toBeInTheDocument();
  });
});
