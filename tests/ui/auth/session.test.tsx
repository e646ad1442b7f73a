import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_USER } from '../../../machines/shared/samples';
import { ApiError } from '../../../src/api/client';
import { forgetSession, hasSession, markSession } from '../../../src/api/token';
import * as api from '../../../src/api/user';
import { renderAuth } from './render-auth';

vi.mock('../../../src/api/user');

const status = () => screen.getByTestId('session-status');

beforeEach(() => {
  markSession();
  localStorage.setItem('draft', '{"title":"满意度调查"}');
  vi.mocked(api.getLoginInfo).mockResolvedValue({ loggedIn: true, userInfo: SAMPLE_USER });
  vi.mocked(api.logout).mockResolvedValue(null);
});
afterEach(() => {
  vi.resetAllMocks();
  vi.restoreAllMocks();
  forgetSession();
  localStorage.clear();
});

describe('session', () => {
  it('is anonymous without a token, without asking the server', async () => {
    forgetSession();
    await renderAuth('/index', {});
    await waitFor(() => expect(status()).toHaveTextContent('anonymous'));
    expect(api.getLoginInfo).not.toHaveBeenCalled();
  });

  it('reads the user of the token at start, and forgets a token the server no longer knows', async () => {
    await renderAuth('/index', {});
    await waitFor(() => expect(status()).toHaveTextContent('authenticated'));
    expect(screen.getByTestId('session-user')).toHaveTextContent(SAMPLE_USER.username);

    vi.mocked(api.getLoginInfo).mockResolvedValue({ loggedIn: false, userInfo: null });
    await renderAuth('/index', {});
    await waitFor(() => expect(screen.getAllByTestId('session-status')[1]).toHaveTextContent('anonymous'));
    expect(hasSession()).toBe(false);
  });

  it('logout clears the token and all local storage, shows 退出成功 and goes to /home', async () => {
    const user = userEvent.setup();
    const { location } = await renderAuth('/questionnaire/list.html', {});
    await waitFor(() => expect(status()).toHaveTextContent('authenticated'));
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('退出成功')).toBeInTheDocument();
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(status()).toHaveTextContent('anonymous');
    expect(hasSession()).toBe(false);
    expect(localStorage.length).toBe(0);
    expect(location()).toBe('/home');
  });

  it('stays on a home page when logging out there', async () => {
    const user = userEvent.setup();
    const { location } = await renderAuth('/index', {});
    await waitFor(() => expect(status()).toHaveTextContent('authenticated'));
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('退出成功')).toBeInTheDocument();
    expect(location()).toBe('/index');
  });

  it('a failing logout call is only logged: the user is still logged out here', async () => {
    vi.mocked(api.logout).mockRejectedValue(new ApiError('500', '系统处理出错'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    await renderAuth('/questionnaire/list.html', {});
    await waitFor(() => expect(status()).toHaveTextContent('authenticated'));
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('退出成功')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(hasSession()).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});
