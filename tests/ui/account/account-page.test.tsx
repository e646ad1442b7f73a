import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES, type TSessionItem } from '../../../schemas/api/user';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
const who = vi.hoisted(() => ({ user: null as unknown, update: (() => {}) as (user: unknown) => void }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({
    status: who.user ? 'authenticated' : 'anonymous',
    user: who.user,
    login: () => {},
    logout: async () => {},
    expire: () => {},
    update: (user: unknown) => who.update(user),
  }),
}));

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const now = Date.now();
let list: TSessionItem[];
beforeEach(() => {
  markSession();
  who.user = SAMPLE_USER;
  list = [
    {
      sessionId: 7,
      userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36',
      createTime: new Date(now).toISOString(),
      lastSeenTime: null,
      current: true,
    },
    {
      sessionId: 5,
      userAgent: IPHONE,
      createTime: new Date(now - 86_400_000).toISOString(),
      lastSeenTime: new Date(now - 3_600_000).toISOString(),
      current: false,
    },
  ];
  api.current = createFakeApi({
    'activity/user/getSessionList': () => ({ list }),
    'activity/user/revokeSession': (body) => {
      list = list.filter((s) => s.sessionId !== body.sessionId);
      return null;
    },
    'activity/user/revokeOtherSessions': () => {
      list = list.filter((s) => s.current);
      return null;
    },
    'activity/user/changePassword': (body) => {
      if (body.oldPassword && body.oldPassword !== 'abc12345') throw new ApiError('400', USER_MESSAGES.oldPasswordWrong);
      list = list.filter((s) => s.current);
      return null;
    },
    'activity/user/sendPasswordSms': () => null,
    'activity/user/getLoginInfo': () => ({ loggedIn: true, userInfo: SAMPLE_USER }),
    'activity/user/upDateUserName': (body) => ({ ...SAMPLE_USER, username: body.username }),
    'activity/user/getInviteQRCode': () => ({
      inviteCode: SAMPLE_USER.userId,
      inviteUrl: `https://www.example.com/login?tab=register&inviter=${SAMPLE_USER.userId}`,
    }),
  });
});
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

const rows = () => screen.findAllByTestId('session-row');

describe('/account 账号设置', () => {
  it('lists the devices with the current one marked, signs one out and then all the others', async () => {
    const user = userEvent.setup();
    await renderApp('/account');
    const [current, other] = await rows();
    expect(current).toHaveTextContent('Windows · Chrome');
    expect(current).toHaveTextContent('当前设备');
    expect(within(current!).queryByRole('button')).toBeNull();
    expect(other).toHaveTextContent('iPhone · Safari');
    expect(other).toHaveTextContent('最近使用');
    await user.click(within(other!).getByRole('button', { name: /^退出/ }));
    expect(api.current!.callsTo('activity/user/revokeSession')).toEqual([{ sessionId: 5 }]);
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(screen.getByRole('button', { name: '退出其他所有设备' })).toBeDisabled();
  });

  it('changes the password with the old one; a wrong old password is shown in the dialog and nothing closes', async () => {
    const user = userEvent.setup();
    await renderApp('/account');
    await rows();
    await user.click(screen.getByRole('button', { name: '修改密码' }));
    const dialog = await screen.findByRole('dialog', { name: '修改密码' });
    await user.type(within(dialog).getByLabelText('原密码'), 'wrong111');
    await user.type(within(dialog).getByLabelText('新密码'), 'new12345');
    await user.type(within(dialog).getByLabelText('确认新密码'), 'new12345');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('原密码错误');
    await user.clear(within(dialog).getByLabelText('原密码'));
    await user.type(within(dialog).getByLabelText('原密码'), 'abc12345');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.current!.callsTo('activity/user/changePassword').at(-1)).toEqual({ oldPassword: 'abc12345', password: 'new12345' });
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
  });

  it('refuses a weak or unrepeated new password before any call, and changes with an SMS code', async () => {
    const user = userEvent.setup();
    await renderApp('/account');
    await rows();
    await user.click(screen.getByRole('button', { name: '修改密码' }));
    const dialog = await screen.findByRole('dialog', { name: '修改密码' });
    await user.click(within(dialog).getByRole('radio', { name: '短信验证' }));
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect(await within(dialog).findByRole('button', { name: /秒后重发/ })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('验证码'), '123456');
    await user.type(within(dialog).getByLabelText('新密码'), '12345678');
    await user.type(within(dialog).getByLabelText('确认新密码'), '12345678');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('密码需同时包含字母和数字');
    await user.clear(within(dialog).getByLabelText('新密码'));
    await user.type(within(dialog).getByLabelText('新密码'), 'sms12345');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('两次输入的新密码不一致');
    expect(api.current!.callsTo('activity/user/changePassword')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('确认新密码'));
    await user.type(within(dialog).getByLabelText('确认新密码'), 'sms12345');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(api.current!.callsTo('activity/user/changePassword')).toEqual([{ code: '123456', password: 'sms12345' }]));
  });

  it('edits the user name in place; a phone-like name is refused', async () => {
    const saved = vi.fn();
    who.update = saved;
    const user = userEvent.setup();
    await renderApp('/account');
    expect(await screen.findByTestId('account-username')).toHaveTextContent('李雷');
    await user.click(screen.getByRole('button', { name: '修改' }));
    const input = screen.getByLabelText('用户名');
    await user.clear(input);
    await user.type(input, '13912345678{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名不能是手机号');
    await user.clear(input);
    await user.type(input, '韩梅梅{Enter}');
    await waitFor(() => expect(saved).toHaveBeenCalledWith(expect.objectContaining({ username: '韩梅梅' })));
  });

  it('an error loading the devices offers 重试', async () => {
    api.current!.handlers['activity/user/getSessionList'] = () => {
      throw new ApiError('500', '系统处理出错');
    };
    await renderApp('/account');
    expect(await screen.findByText('登录设备加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeEnabled();
  });

  it('a visitor is asked to log in', async () => {
    who.user = null;
    await renderApp('/account');
    expect(await screen.findByText('登录后管理账号')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '去登录' })).toBeEnabled();
  });
});
