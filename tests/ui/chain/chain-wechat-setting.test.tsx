import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TChainSettings } from '../../../schemas/api/chain';
import { ChainSettingsCard } from '../../../src/features/chain/chain-settings-card';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));

const ACCOUNTS = 'activity/component/getVoteAuthInfoList';
const settings: TChainSettings = {
  cap: 20,
  capChosen: true,
  waitlist: true,
  multiple: false,
  maskNames: false,
  deadline: null,
  pinnedNote: '',
  closed: false,
  wechatAuthId: null,
  queryEnabled: false,
};
const account = (authId: number, nickName: string) => ({ authId, authorizerAppid: `wx000000000000000${authId}`, kind: 'mp', nickName, status: 'authorized' });

function renderCard(start: TChainSettings, onSave: (patch: Partial<TChainSettings>) => Promise<void>) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ChainSettingsCard settings={start} canEdit onSave={onSave} />
    </QueryClientProvider>,
  );
}

describe('仅限微信授权参与 in the chain’s settings (issue 47 item 1)', () => {
  beforeEach(() => {
    api.current = createFakeApi({ [ACCOUNTS]: () => ({ list: [], total: 0, configured: true, missingEnv: [], notifyUrl: '' }) });
  });

  it('without a bound official account the option is off and says where to bind one', async () => {
    renderCard(settings, async () => {});
    const hint = await screen.findByTestId('chain-wechat-hint');
    expect(hint.textContent).toContain('微信授权参与需要先绑定一个已认证的服务号');
    expect(within(hint).getByRole('link', { name: '去授权绑定公众号' })).toHaveAttribute('href', '/bindingServicer/index.html');
    expect(screen.getByLabelText(/仅限微信授权参与/)).toBeDisabled();
  });

  it('says the platform needs configuring first when it is not', async () => {
    api.current!.handlers[ACCOUNTS] = () => ({ list: [], total: 0, configured: false, missingEnv: [], notifyUrl: '' });
    renderCard(settings, async () => {});
    expect((await screen.findByTestId('chain-wechat-hint')).textContent).toContain('需要管理员先配置微信开放平台');
  });

  it('with bound accounts it names the chosen one and saves its binding; turned off it saves null', async () => {
    api.current!.handlers[ACCOUNTS] = () => ({
      list: [account(7, '社区公众号'), account(8, '业主群服务号')],
      total: 2,
      configured: true,
      missingEnv: [],
      notifyUrl: '',
    });
    const saved: Partial<TChainSettings>[] = [];
    const user = userEvent.setup();
    const { unmount } = renderCard(settings, async (patch) => void saved.push(patch));
    const box = await screen.findByLabelText(/仅限微信授权参与/);
    await vi.waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    expect(screen.getByLabelText('授权参与的公众号')).toHaveDisplayValue('社区公众号');
    await user.selectOptions(screen.getByLabelText('授权参与的公众号'), '业主群服务号');
    await user.click(screen.getByRole('button', { name: '保存设置' }));
    expect(saved[0]).toMatchObject({ wechatAuthId: 8 });
    unmount();

    renderCard({ ...settings, wechatAuthId: 8 }, async (patch) => void saved.push(patch));
    // Saving something else leaves the account out (a cancelled binding would refuse the save).
    await user.click(await screen.findByRole('button', { name: '保存设置' }));
    expect(saved[1]).not.toHaveProperty('wechatAuthId');
    await user.click(screen.getByLabelText(/仅限微信授权参与/));
    await user.click(screen.getByRole('button', { name: '保存设置' }));
    expect(saved[2]).toMatchObject({ wechatAuthId: null });
  });
});
