import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../schemas/api/user-account';
import { ApiError } from '../../../src/api/client';
import { forgetSession, hasSession, markSession } from '../../../src/api/token';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';

// QQ login on the client: the button only when the server has QQ互联's keys, and the /qqLogin page QQ sends the
// browser back to, which logs in (logged out) or binds (logged in) through bindingUser. The server side runs
// against a local fake QQ in tests/server/user/qq-login.test.ts.
const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));

const U = 'activity/user/';
const AUTHORIZE = 'https://graph.qq.com/oauth2.0/authorize?response_type=code&client_id=101234567&state=s1';
const configured = () => ({ authorizeUrl: AUTHORIZE, state: 's1' });
const off = () => {
  throw new ApiError('400', ACCOUNT_MESSAGES.qqOff);
};
const assign = vi.fn();

beforeEach(() => {
  forgetSession();
  api.current = createFakeApi({ [`${U}getQQLogin`]: off });
});
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
  forgetSession();
});

describe('QQ login button', () => {
  it('is absent from /login while the server says QQ login is not configured', async () => {
    await renderApp('/login');
    await waitFor(() => expect(api.current!.callsTo(`${U}getQQLogin`)).toHaveLength(1));
    expect(screen.getByRole('tab', { name: '验证码登录' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'QQ登录' })).toBeNull();
    expect(screen.queryByText('其他登录方式')).toBeNull();
  });

  it('when configured, leaves for QQ with a state asked for at the click', async () => {
    api.current!.handlers[`${U}getQQLogin`] = configured;
    const user = userEvent.setup();
    await renderApp('/login');
    const button = await screen.findByRole('button', { name: 'QQ登录' });
    vi.stubGlobal('location', { ...window.location, assign });
    await user.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE));
    expect(api.current!.callsTo(`${U}getQQLogin`)).toHaveLength(2);
    expect(screen.getByRole('button', { name: '正在前往QQ授权…' })).toBeDisabled();
  });
});

describe('/qqLogin, where QQ sends the browser back', () => {
  it('logged out: hands code and state to bindingUser, logs in the bound account and lands on /index', async () => {
    api.current!.handlers[`${U}bindingUser`] = () => ({ result: 'login', token: 't', userInfo: SAMPLE_USER });
    const { router } = await renderApp('/qqLogin?code=AUTHCODE&state=s1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(api.current!.callsTo(`${U}bindingUser`)).toEqual([{ type: 'qq', code: 'AUTHCODE', state: 's1' }]);
    expect(await screen.findByText('登录成功')).toBeInTheDocument();
    expect(hasSession()).toBe(true);
  });

  it('says why when the QQ is bound to no account, and offers the way back to login', async () => {
    api.current!.handlers[`${U}bindingUser`] = () => {
      throw new ApiError('400', ACCOUNT_MESSAGES.qqUnbound);
    };
    const user = userEvent.setup();
    const { router } = await renderApp('/qqLogin?code=AUTHCODE&state=s1');
    expect(await screen.findByText(ACCOUNT_MESSAGES.qqUnbound)).toBeInTheDocument();
    expect(screen.getByText('QQ登录失败')).toBeInTheDocument();
    expect(hasSession()).toBe(false);
    await user.click(screen.getByRole('button', { name: '返回登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('without a code (cancelled at QQ) asks the server nothing', async () => {
    await renderApp('/qqLogin?usercancel=1&state=s1');
    expect(await screen.findByText('未完成QQ授权')).toBeInTheDocument();
    expect(api.current!.callsTo(`${U}bindingUser`)).toEqual([]);
  });

  it('logged in: 绑定QQ on /account, and the way back binds the QQ and returns to 账号设置', async () => {
    markSession();
    api.current!.handlers[`${U}getLoginInfo`] = () => ({ loggedIn: true, userInfo: SAMPLE_USER });
    api.current!.handlers[`${U}getQQLogin`] = configured;
    api.current!.handlers[`${U}bindingUser`] = () => ({ result: 'bound', userInfo: SAMPLE_USER });
    const user = userEvent.setup();
    const first = await renderApp('/account');
    const bind = await screen.findByRole('button', { name: '绑定QQ' });
    vi.stubGlobal('location', { ...window.location, assign });
    await user.click(bind);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZE));
    vi.unstubAllGlobals();
    first.unmount();

    const { router } = await renderApp('/qqLogin?code=AUTHCODE&state=s1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByText('QQ已绑定，下次可用QQ登录')).toBeInTheDocument();
    expect(api.current!.callsTo(`${U}bindingUser`)).toEqual([{ type: 'qq', code: 'AUTHCODE', state: 's1' }]);
  });
});
