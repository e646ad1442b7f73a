import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAuthInfo, TAuthInfoList, TNoticeTemplates } from '../../../schemas/api/component';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const C = 'activity/component/';
const at = new Date().toISOString();
const account = (authId: number, overrides: Partial<TAuthInfo> = {}): TAuthInfo => ({
  authId,
  authorizerAppid: `wx00000000000000${String(authId).padStart(2, '0')}`,
  kind: 'mp',
  nickName: `公众号${authId}`,
  headImg: '',
  userName: `gh_${authId}`,
  principalName: '示例科技有限公司',
  serviceType: 2,
  verifyType: 0,
  status: 'authorized',
  appletSource: null,
  hasPay: false,
  createTime: at,
  ...overrides,
});
const listOf = (list: TAuthInfo[], configured = true): TAuthInfoList => ({
  list,
  total: list.length,
  configured,
  missingEnv: configured ? [] : ['WECHAT_OPEN_APPID', 'WECHAT_OPEN_APPSECRET', 'WECHAT_OPEN_TOKEN', 'WECHAT_OPEN_AES_KEY'],
  notifyUrl: 'http://localhost/wechat/component/notify',
});

const TEMPLATES = [
  { templateId: 'tpl-signup', title: '报名状态通知', content: '活动名称：{{thing1.DATA}}\n报名状态：{{phrase2.DATA}}' },
  { templateId: 'tpl-order', title: '订单状态通知', content: '商品：{{keyword1.DATA}}' },
];
let chosen: TNoticeTemplates['chosen'];
let bound: TAuthInfo[];
beforeEach(() => {
  chosen = [];
  markSession();
  bound = [account(1), account(2, { kind: 'mini', nickName: '问卷小程序', status: 'unauthorized' })];
  api.current = createFakeApi({
    [`${C}getAuthInfoList`]: () => listOf(bound),
    [`${C}delAuthInfo`]: (body) => {
      bound = bound.filter((a) => a.authId !== body.authId);
      return null;
    },
    [`${C}getAuthPay`]: (body) => ({ authId: body.authId, mchId: null, apiKeyMasked: null }),
    [`${C}getNoticeTemplates`]: () => ({ templates: TEMPLATES, chosen }),
    [`${C}setNoticeTemplate`]: (body) => {
      const { kind, templateId } = body as { kind: 'waitlist_promoted'; templateId: string };
      if (templateId === 'tpl-gone') throw new ApiError('400', '该模板不在公众号的模板列表中，请先在公众号后台添加');
      chosen = chosen.filter((c) => c.kind !== kind);
      if (templateId) chosen.push({ kind, templateId, title: TEMPLATES.find((x) => x.templateId === templateId)!.title });
      return { templates: TEMPLATES, chosen };
    },
    [`${C}upDateAuthPay`]: (body) => ({ authId: body.authId, mchId: body.mchId, apiKeyMasked: '****WXYZ' }),
    [`${C}getAuthorizerInfo`]: () => {
      const added = account(3, { nickName: '刚授权的号' });
      bound = [added, ...bound];
      return added;
    },
  });
});
afterEach(() => {
  forgetSession();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('/bindingServicer/index.html 绑定客服', () => {
  it('lists the bound accounts with type and state, and deletes one after confirming', async () => {
    const user = userEvent.setup();
    await renderApp('/bindingServicer/index.html');
    expect(await screen.findByRole('heading', { name: '绑定客服' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('authorizer-row')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('authorizer-row');
    expect(first).toHaveTextContent('公众号1');
    expect(first).toHaveTextContent('服务号');
    expect(first).toHaveTextContent('已授权');
    expect(second).toHaveTextContent('小程序');
    expect(second).toHaveTextContent('已在微信取消授权');
    expect(screen.getByRole('button', { name: '授权绑定' })).toBeEnabled();

    await user.click(within(first!).getByRole('button', { name: '解除绑定' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '解除绑定' }));
    await waitFor(() => expect(api.current!.callsTo(`${C}delAuthInfo`)).toEqual([{ authId: 1 }]));
    await waitFor(() => expect(screen.getAllByTestId('authorizer-row')).toHaveLength(1));
  });

  it('pay settings ask for the key the first time and never show it back', async () => {
    const user = userEvent.setup();
    await renderApp('/bindingServicer/index.html');
    await waitFor(() => expect(screen.getAllByTestId('authorizer-row')).toHaveLength(2));
    await user.click(within(screen.getAllByTestId('authorizer-row')[0]!).getByRole('button', { name: '支付设置' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(await within(dialog).findByLabelText('微信支付商户号'), '1900000109');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('首次设置请填写 API 密钥');
    await user.type(within(dialog).getByLabelText(/API 密钥/), 'Abcdefghijklmnopqrstuvwxyz01WXYZ');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(api.current!.callsTo(`${C}upDateAuthPay`)).toEqual([{ authId: 1, mchId: '1900000109', apiKey: 'Abcdefghijklmnopqrstuvwxyz01WXYZ' }]),
    );
  });

  it('通知模板 picks, per notice kind, one of the official account’s own templates (not offered for a mini-program)', async () => {
    const user = userEvent.setup();
    await renderApp('/bindingServicer/index.html');
    await waitFor(() => expect(screen.getAllByTestId('authorizer-row')).toHaveLength(2));
    expect(within(screen.getAllByTestId('authorizer-row')[1]!).queryByRole('button', { name: '通知模板' })).toBeNull();
    await user.click(within(screen.getAllByTestId('authorizer-row')[0]!).getByRole('button', { name: '通知模板' }));
    const dialog = await screen.findByRole('dialog');
    const promoted = await within(dialog).findByLabelText(/候补转正/);
    expect(promoted).toHaveValue('');
    await user.selectOptions(promoted, '报名状态通知');
    await waitFor(() => expect(api.current!.callsTo(`${C}setNoticeTemplate`)).toEqual([{ authId: 1, kind: 'waitlist_promoted', templateId: 'tpl-signup' }]));
    await waitFor(() => expect(within(dialog).getByLabelText(/候补转正/)).toHaveValue('tpl-signup'));
    expect(within(dialog).getByText(/活动名称：\{\{thing1\.DATA\}\}/)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/候补转正/), '不用微信发送');
    await waitFor(() => expect(within(dialog).getByLabelText(/候补转正/)).toHaveValue(''));
    expect(api.current!.callsTo(`${C}setNoticeTemplate`)).toHaveLength(2);
    // Payments reach WeChat buyers of a 仅限微信授权参与 group-buy; a booking's participant has no openid (not offered).
    await user.selectOptions(within(dialog).getByLabelText(/收款成功/), '报名状态通知');
    await waitFor(() => expect(api.current!.callsTo(`${C}setNoticeTemplate`)[2]).toEqual({ authId: 1, kind: 'payment_received', templateId: 'tpl-signup' }));
    expect(within(dialog).queryByLabelText(/预约提醒/)).toBeNull();
  });

  it('returning from WeChat with auth_code completes the binding once and shows the new account', async () => {
    await renderApp('/bindingServicer/index.html?auth_code=queryauthcode%40%40%40abc&expires_in=600');
    await waitFor(() => expect(api.current!.callsTo(`${C}getAuthorizerInfo`)).toEqual([{ authCode: 'queryauthcode@@@abc' }]));
    await waitFor(() => expect(screen.getAllByTestId('authorizer-row')[0]).toHaveTextContent('刚授权的号'));
    expect(window.location.search).toBe('');
  });

  it('without the platform keys names the variables to set and offers no authorisation', async () => {
    api.current = createFakeApi({ [`${C}getAuthInfoList`]: () => listOf([], false) });
    await renderApp('/bindingServicer/index.html');
    const notice = await screen.findByTestId('wechat-not-configured');
    for (const name of ['WECHAT_OPEN_APPID', 'WECHAT_OPEN_APPSECRET', 'WECHAT_OPEN_TOKEN', 'WECHAT_OPEN_AES_KEY']) expect(notice).toHaveTextContent(name);
    expect(notice).toHaveTextContent('http://localhost/wechat/component/notify');
    expect(screen.getByRole('button', { name: '授权绑定' })).toBeDisabled();
    expect(screen.getByText('还没有授权绑定的公众号或小程序')).toBeInTheDocument();
  });

  it('a failed list says so and offers a retry', async () => {
    api.current = createFakeApi({
      [`${C}getAuthInfoList`]: () => {
        throw new ApiError('500', '网络异常');
      },
    });
    await renderApp('/bindingServicer/index.html');
    expect(await screen.findByText('授权列表加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
