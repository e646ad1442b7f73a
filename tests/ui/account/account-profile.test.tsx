import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '../../../schemas/api/user';
import { ACCOUNT_MESSAGES } from '../../../schemas/api/user-account';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { avatarRefusal, clampCrop, initialCrop, sourceSquare, zoomTo } from '../../../src/features/account/avatar-crop';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
const who = vi.hoisted(() => ({ user: null as unknown, update: (() => {}) as (user: unknown) => void, expire: (() => {}) as () => void }));
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
    expire: () => who.expire(),
    update: (user: unknown) => who.update(user),
  }),
}));

const INVITE = `https://www.example.com/login?tab=register&inviter=${SAMPLE_USER.userId}`;
beforeEach(() => {
  markSession();
  who.user = SAMPLE_USER;
  api.current = createFakeApi({
    'activity/user/getSessionList': () => ({ list: [] }),
    'activity/user/getInviteQRCode': () => ({ inviteCode: SAMPLE_USER.userId, inviteUrl: INVITE }),
    'activity/user/sendAccountSms': () => null,
    'activity/user/sendSms': () => null,
    'activity/user/bindingPhone': (body) => {
      if (body.code !== '222222') throw new ApiError('400', USER_MESSAGES.codeWrong);
      return { ...SAMPLE_USER, phone: '139****0000' };
    },
    'activity/user/cancelAccount': (body) => {
      if (body.password !== 'abc12345') throw new ApiError('400', ACCOUNT_MESSAGES.passwordWrong);
      return null;
    },
  });
});
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

describe('/account profile items', () => {
  it('changes the phone with a code to each number; a wrong code stays in the dialog', async () => {
    const saved = vi.fn();
    who.update = saved;
    const user = userEvent.setup();
    await renderApp('/account');
    expect(await screen.findByTestId('account-phone')).toHaveTextContent('13800138000');
    await user.click(screen.getByRole('button', { name: '更换手机号' }));
    const dialog = await screen.findByRole('dialog', { name: '更换手机号' });
    const [oldSend, newSend] = within(dialog).getAllByRole('button', { name: '获取验证码' });
    await user.click(oldSend!);
    expect(api.current!.callsTo('activity/user/sendAccountSms')).toEqual([{ type: 'rebind' }]);
    // The new number is checked before its code is asked for.
    await user.type(within(dialog).getByLabelText('新手机号'), '12345');
    await user.click(newSend!);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('手机号');
    expect(api.current!.callsTo('activity/user/sendSms')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('新手机号'));
    await user.type(within(dialog).getByLabelText('新手机号'), '13900000000');
    await user.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect(api.current!.callsTo('activity/user/sendSms')).toEqual([{ phone: '13900000000', type: 'bind', appletSource: expect.anything() }]);
    await user.type(within(dialog).getByLabelText('当前手机验证码'), '111111');
    await user.type(within(dialog).getByLabelText('新手机验证码'), '999999');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(USER_MESSAGES.codeWrong);
    await user.clear(within(dialog).getByLabelText('新手机验证码'));
    await user.type(within(dialog).getByLabelText('新手机验证码'), '222222');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.current!.callsTo('activity/user/bindingPhone').at(-1)).toEqual({ phone: '13900000000', code: '222222', oldCode: '111111' });
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ phone: '139****0000' }));
  });

  it('shows the invite link as a QR code with a copy button', async () => {
    await renderApp('/account');
    expect(await screen.findByTestId('invite-url')).toHaveTextContent(INVITE);
    expect(screen.getByTitle('邀请二维码')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '复制链接' })).toBeEnabled();
  });

  it('deletes the account only with the confirmation and the right password, then forgets the session', async () => {
    const expired = vi.fn();
    who.expire = expired;
    const user = userEvent.setup();
    await renderApp('/account');
    await user.click(await screen.findByRole('button', { name: '注销账号' }));
    const dialog = await screen.findByRole('dialog', { name: '注销账号' });
    expect(dialog).toHaveTextContent('将被保留');
    await user.type(within(dialog).getByLabelText('登录密码'), 'wrong999');
    await user.click(within(dialog).getByRole('button', { name: '确认注销' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请确认已了解注销后数据无法恢复');
    expect(api.current!.callsTo('activity/user/cancelAccount')).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: '确认注销' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.passwordWrong);
    expect(expired).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByLabelText('登录密码'));
    await user.type(within(dialog).getByLabelText('登录密码'), 'abc12345');
    await user.click(within(dialog).getByRole('button', { name: '确认注销' }));
    await waitFor(() => expect(expired).toHaveBeenCalled());
  });

  it('refuses a picture that is not an image or too large, before any upload', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderApp('/account');
    const input = await screen.findByLabelText('选择头像图片');
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请选择 JPG、PNG、WebP 或 GIF 格式的图片');
    await user.upload(input, new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('图片不能超过5MB');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.current!.calls.filter((c) => c.path.startsWith('upload/'))).toHaveLength(0);
  });
});

describe('avatar crop geometry', () => {
  it('covers the square, zooms about its centre and never shows outside the picture', () => {
    expect(avatarRefusal({ type: 'image/jpeg', size: 1000 })).toBeNull();
    const start = initialCrop(400, 200, 240);
    // A wide picture: its height fills the square, centred across.
    expect(start).toEqual({ zoom: 1, x: -120, y: 0 });
    expect(sourceSquare(start, 400, 200, 240)).toEqual({ sx: 100, sy: 0, size: 200 });
    const zoomed = zoomTo(start, 2, 400, 200, 240);
    expect(sourceSquare(zoomed, 400, 200, 240)).toEqual({ sx: 150, sy: 50, size: 100 });
    const dragged = clampCrop({ ...zoomed, x: 500, y: -5000 }, 400, 200, 240);
    expect(sourceSquare(dragged, 400, 200, 240)).toEqual({ sx: 0, sy: 100, size: 100 });
  });
});
