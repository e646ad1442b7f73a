import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_USER } from '../../../machines/shared/samples';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import * as api from '../../../src/api/user';
import { AuthPage } from '../../../src/features/auth/auth-page';
import { renderAuth } from './render-auth';

vi.mock('../../../src/api/user');

afterEach(() => {
  vi.resetAllMocks();
  forgetSession();
});

function loggedIn() {
  markSession();
  vi.mocked(api.getLoginInfo).mockResolvedValue({ loggedIn: true, userInfo: SAMPLE_USER });
  vi.mocked(api.loginByQr).mockResolvedValue(null);
}

describe('QR confirmation page (/auth?qr=)', () => {
  it('marks the code scanned on open, then confirms', async () => {
    loggedIn();
    const user = userEvent.setup();
    await renderAuth('/auth?qr=qr_12345678', { '/auth': AuthPage });
    const confirm = await screen.findByRole('button', { name: '确认登录' });
    expect(api.loginByQr).toHaveBeenCalledWith({ qrId: 'qr_12345678', confirm: false });
    expect(within(screen.getByRole('region', { name: '扫码登录确认' })).getByText(SAMPLE_USER.username)).toBeInTheDocument();
    await user.click(confirm);
    expect(await screen.findByText('已确认登录')).toBeInTheDocument();
    expect(api.loginByQr).toHaveBeenLastCalledWith({ qrId: 'qr_12345678', confirm: true });
  });

  it('cancel does not approve the desktop', async () => {
    loggedIn();
    const user = userEvent.setup();
    await renderAuth('/auth?qr=qr_12345678', { '/auth': AuthPage });
    await user.click(await screen.findByRole('button', { name: '取消' }));
    expect(await screen.findByText('已取消登录')).toBeInTheDocument();
    expect(api.loginByQr).not.toHaveBeenCalledWith({ qrId: 'qr_12345678', confirm: true });
  });

  it('shows the server message when the code is no longer valid', async () => {
    loggedIn();
    vi.mocked(api.loginByQr).mockRejectedValue(new ApiError('400', '二维码已过期，请刷新'));
    await renderAuth('/auth?qr=qr_12345678', { '/auth': AuthPage });
    expect(await screen.findByRole('alert')).toHaveTextContent('二维码已过期，请刷新');
  });

  it('asks an anonymous visitor to log in first and comes back after', async () => {
    const user = userEvent.setup();
    const { location } = await renderAuth('/auth?qr=qr_12345678', { '/auth': AuthPage });
    await user.click(await screen.findByRole('button', { name: '去登录' }));
    await waitFor(() => expect(location()).toBe(`/login?redirect=${encodeURIComponent('/auth?qr=qr_12345678')}`));
    expect(api.loginByQr).not.toHaveBeenCalled();
  });
});
