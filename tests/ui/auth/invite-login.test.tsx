import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_LOGIN, SAMPLE_USER } from '../../../machines/shared/samples';
import { forgetSession, hasSession, markSession } from '../../../src/api/token';
import * as api from '../../../src/api/user';
import { AuthH5Page, QyWechatPage } from '../../../src/features/auth/invite-login-page';
import { renderAuth } from './render-auth';

vi.mock('../../../src/api/user');

const PAGES = { '/authH5': AuthH5Page, '/H5qyWechat': QyWechatPage };
const cooperation = '/cooperation.html?work_code=wc_ABCDEFGH12';

beforeEach(() => {
  forgetSession();
  vi.mocked(api.sendSms).mockResolvedValue(null);
});
afterEach(() => {
  vi.resetAllMocks();
  forgetSession();
});

describe('invitation logins (/authH5, /H5qyWechat)', () => {
  it('/authH5 logs the invited person in by SMS and carries the work code on to /cooperation.html', async () => {
    vi.mocked(api.loginBySms).mockResolvedValue(SAMPLE_LOGIN);
    const user = userEvent.setup();
    const { location } = await renderAuth('/authH5?work_code=wc_ABCDEFGH12', PAGES);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('加入项目协作');
    // The phone's two ways in, the login page's own forms; no QR login on the phone itself.
    expect(screen.getByRole('tab', { name: '验证码登录' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '密码登录' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '扫码登录' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(location()).toBe(cooperation));
    expect(api.loginBySms).toHaveBeenCalledWith({ phone: '13800138000', code: '123456' });
    expect(hasSession()).toBe(true);
  });

  it('password login also lands in /cooperation.html with the code', async () => {
    vi.mocked(api.userNameLogin).mockResolvedValue(SAMPLE_LOGIN);
    const user = userEvent.setup();
    const { location } = await renderAuth('/authH5?work_code=wc_ABCDEFGH12', PAGES);
    await user.click(await screen.findByRole('tab', { name: '密码登录' }));
    await user.type(screen.getByLabelText('账号'), 'zhangsan');
    await user.type(screen.getByLabelText('密码'), 'secret-pass-1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(location()).toBe(cooperation));
  });

  it('someone already logged in goes straight on to accept the invitation', async () => {
    markSession();
    vi.mocked(api.getLoginInfo).mockResolvedValue({ loggedIn: true, userInfo: SAMPLE_USER });
    const { location } = await renderAuth('/authH5?work_code=wc_ABCDEFGH12', PAGES);
    await waitFor(() => expect(location()).toBe(cooperation));
  });

  it('/H5qyWechat says enterprise WeChat is not set up here and offers the SMS login instead', async () => {
    await renderAuth('/H5qyWechat?work_code=wc_ABCDEFGH12', PAGES);
    expect(await screen.findByText(/本平台未开通企业微信登录/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a link without its code says so instead of a login that leads nowhere', async () => {
    await renderAuth('/authH5', PAGES);
    expect(await screen.findByText('邀请链接不完整')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '登录' })).not.toBeInTheDocument();
  });
});
