import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_LOGIN } from '../../../machines/shared/samples';
import { USER_MESSAGES } from '../../../schemas/api/user';
import { ApiError } from '../../../src/api/client';
import { forgetSession, hasSession } from '../../../src/api/token';
import * as api from '../../../src/api/user';
import { LoginPage } from '../../../src/features/auth/login-page';
import { renderAuth } from './render-auth';

vi.mock('../../../src/api/user');

const phone = () => screen.getByLabelText('手机号');
const sendButton = () => screen.getByRole('button', { name: /获取验证码|秒后重试|发送中/ });

beforeEach(() => {
  forgetSession();
  vi.mocked(api.sendSms).mockResolvedValue(null);
});
afterEach(() => {
  vi.resetAllMocks();
  forgetSession();
});

describe('login page', () => {
  it('has the three tabs, labelled inputs and the register / reset links', async () => {
    await renderAuth('/login', { '/login': LoginPage });
    for (const name of ['验证码登录', '密码登录', '扫码登录']) expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    expect(phone()).toBeInTheDocument();
    expect(screen.getByLabelText('验证码')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '注册账号' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '忘记密码' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('欢迎登录问卷通');
  });

  it('checks the phone with the mobile rule before sending a code', async () => {
    const user = userEvent.setup();
    await renderAuth('/login', { '/login': LoginPage });
    await user.type(phone(), '12345678901');
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入正确的手机号');
    expect(api.sendSms).not.toHaveBeenCalled();
  });

  it('sends the code for a valid phone and counts down from 60 seconds', async () => {
    const user = userEvent.setup();
    await renderAuth('/login', { '/login': LoginPage });
    await user.type(phone(), '138 0013 8000');
    await user.click(sendButton());
    expect(api.sendSms).toHaveBeenCalledWith('13800138000', 'login');
    expect(await screen.findByRole('button', { name: '60秒后重试' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('验证码已发送');
    expect(await screen.findByRole('button', { name: '59秒后重试' }, { timeout: 2500 })).toBeDisabled();
  });

  it('shows the server message in place when sending is refused', async () => {
    vi.mocked(api.sendSms).mockRejectedValue(new ApiError('429', '发送太频繁，请1分钟后再试'));
    const user = userEvent.setup();
    await renderAuth('/login', { '/login': LoginPage });
    await user.type(phone(), '13800138000');
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('发送太频繁，请1分钟后再试');
    expect(sendButton()).toHaveTextContent('获取验证码');
  });

  it('shows the server message on a wrong code and stays on the page', async () => {
    vi.mocked(api.loginBySms).mockRejectedValue(new ApiError('400', '验证码错误或已失效'));
    const user = userEvent.setup();
    const { location } = await renderAuth('/login', { '/login': LoginPage });
    await user.type(phone(), '13800138000');
    await user.type(screen.getByLabelText('验证码'), '000000');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误或已失效');
    expect(api.loginBySms).toHaveBeenCalledWith({ phone: '13800138000', code: '000000' });
    expect(location()).toBe('/login');
    expect(hasSession()).toBe(false);
  });

  it('logs in, stores the token and returns to the redirect path', async () => {
    vi.mocked(api.loginBySms).mockResolvedValue(SAMPLE_LOGIN);
    const user = userEvent.setup();
    const { location } = await renderAuth('/login?redirect=%2Fquestionnaire%2Flist.html%3Fpage%3D2', { '/login': LoginPage });
    await waitFor(() => expect(screen.getByTestId('session-status')).toHaveTextContent('anonymous'));
    await user.type(phone(), '13800138000');
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(location()).toBe('/questionnaire/list.html?page=2'));
    expect(hasSession()).toBe(true);
    expect(screen.getByTestId('session-status')).toHaveTextContent('authenticated');
    expect(screen.getByTestId('session-user')).toHaveTextContent(SAMPLE_LOGIN.userInfo.username);
  });

  it('never follows a redirect to another site', async () => {
    vi.mocked(api.userNameLogin).mockResolvedValue(SAMPLE_LOGIN);
    const user = userEvent.setup();
    const { location } = await renderAuth('/login?redirect=%2F%2Fevil.example%2F', { '/login': LoginPage });
    await user.click(screen.getByRole('tab', { name: '密码登录' }));
    await user.type(screen.getByLabelText('账号'), 'zhangsan');
    await user.type(screen.getByLabelText('密码'), 'secret1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(location()).toBe('/activeManagement.html'));
    expect(api.userNameLogin).toHaveBeenCalledWith({ userName: 'zhangsan', password: 'secret1' });
  });

  it('shows the password-login error from the server', async () => {
    vi.mocked(api.userNameLogin).mockRejectedValue(new ApiError('400', '账号或密码错误'));
    const user = userEvent.setup();
    await renderAuth('/login', { '/login': LoginPage });
    await user.click(screen.getByRole('tab', { name: '密码登录' }));
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入账号');
    await user.type(screen.getByLabelText('账号'), 'zhangsan');
    await user.type(screen.getByLabelText('密码'), 'wrong1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('账号或密码错误');
  });

  it('a locked account offers the SMS form with its number filled in (the owner lifts the lock there)', async () => {
    vi.mocked(api.userNameLogin).mockRejectedValue(new ApiError('429', USER_MESSAGES.accountLocked));
    const user = userEvent.setup();
    await renderAuth('/login', { '/login': LoginPage });
    await user.click(screen.getByRole('tab', { name: '密码登录' }));
    await user.type(screen.getByLabelText('账号'), '138 0013 8000');
    await user.type(screen.getByLabelText('密码'), 'wrong1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(USER_MESSAGES.accountLocked);
    await user.click(screen.getByRole('button', { name: '改用验证码登录' }));
    expect(screen.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('手机号')).toHaveValue('13800138000');
  });

  it('registers with phone, code and password from the register view', async () => {
    vi.mocked(api.register).mockResolvedValue(SAMPLE_LOGIN);
    const user = userEvent.setup();
    const { location } = await renderAuth('/login', { '/login': LoginPage });
    await user.click(screen.getByRole('button', { name: '注册账号' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('注册问卷通账号');
    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(api.sendSms).toHaveBeenCalledWith('13800138000', 'register');
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.type(screen.getByLabelText('密码'), 'abcdefg');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('密码需同时包含字母和数字');
    await user.type(screen.getByLabelText('密码'), '1');
    await user.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(location()).toBe('/activeManagement.html'));
    expect(api.register).toHaveBeenCalledWith({ phone: '13800138000', code: '123456', password: 'abcdefg1' });
  });

  it('resets the password from the reset view', async () => {
    vi.mocked(api.resetPwd).mockRejectedValue(new ApiError('400', '验证码错误或已失效'));
    const user = userEvent.setup();
    await renderAuth('/login', { '/login': LoginPage });
    await user.click(screen.getByRole('button', { name: '忘记密码' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('找回密码');
    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.type(screen.getByLabelText('密码'), 'abc12345');
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误或已失效');
    await user.click(screen.getByRole('button', { name: '返回登录' }));
    expect(screen.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a QR code to scan on the QR tab', async () => {
    vi.mocked(api.showLoginQr).mockResolvedValue({
      qrId: 'qr_12345678',
      pollSecret: 'secret_12345678',
      qrContent: 'http://localhost:3000/auth?qr=qr_12345678',
      expiresIn: 120,
    });
    vi.mocked(api.checkCode).mockResolvedValue({ status: 'waiting' });
    const user = userEvent.setup();
    await renderAuth('/login', { '/login': LoginPage });
    await user.click(screen.getByRole('tab', { name: '扫码登录' }));
    expect(await screen.findByText('打开手机浏览器或微信「扫一扫」')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'http://localhost:3000/auth?qr=qr_12345678' })).toBeInTheDocument();
    expect(document.querySelector('svg title')?.textContent).toBe('扫码登录');
  });
});
