import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCheckInSettings } from '../../../schemas/api/checkin';
import { CheckInSettingsCard, type TCheckInSettingsPatch } from '../../../src/features/chain/checkin-settings-card';
import { GroupBuyWechatCard } from '../../../src/features/chain/groupbuy-wechat-card';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));

const ACCOUNTS = 'activity/component/getVoteAuthInfoList';
const SAVE_GROUP_BUY = 'activity/question/solitaire/saveGroupBuySetting';
const settings: TCheckInSettings = {
  startDay: '2026-12-01',
  endDay: null,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  windowStart: '06:00',
  windowEnd: '22:00',
  lateAfter: null,
  textMode: 'optional',
  photoMode: 'off',
  numberMode: 'off',
  numberLabel: '',
  numberUnit: '',
  makeupDays: 0,
};
const account = (authId: number, nickName: string) => ({ authId, authorizerAppid: `wx000000000000000${authId}`, kind: 'mp', nickName, status: 'authorized' });
const withClient = (node: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>);

describe('仅限微信授权参与 on check-in and group-buy chains (issue 47 item 1)', () => {
  beforeEach(() => {
    api.current = createFakeApi({
      [ACCOUNTS]: () => ({ list: [account(7, '社区公众号'), account(8, '业主群服务号')], total: 2, configured: true, missingEnv: [], notifyUrl: '' }),
      [SAVE_GROUP_BUY]: (body) => ({ wechatAuthId: body.wechatAuthId }),
    });
  });

  it('the check-in settings card offers the owner’s accounts and sends the choice only when it changed', async () => {
    const saved: TCheckInSettingsPatch[] = [];
    const user = userEvent.setup();
    withClient(<CheckInSettingsCard settings={settings} wechatAuthId={null} canEdit onSave={async (patch) => void saved.push(patch)} />);
    const card = screen.getByRole('form', { name: '打卡设置' });
    await user.click(within(card).getByRole('button', { name: '保存设置' }));
    expect(saved[0]).not.toHaveProperty('wechatAuthId');
    const box = await within(card).findByLabelText(/仅限微信授权参与/);
    await vi.waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    await user.selectOptions(within(card).getByLabelText('授权参与的公众号'), '业主群服务号');
    await user.click(within(card).getByRole('button', { name: '保存设置' }));
    expect(saved[1]).toMatchObject({ wechatAuthId: 8, windowStart: '06:00' });
  });

  it('without a bound account the check-in option is off and links to the binding page', async () => {
    api.current!.handlers[ACCOUNTS] = () => ({ list: [], total: 0, configured: true, missingEnv: [], notifyUrl: '' });
    withClient(<CheckInSettingsCard settings={settings} wechatAuthId={null} canEdit onSave={async () => {}} />);
    const hint = await screen.findByTestId('chain-wechat-hint');
    expect(within(hint).getByRole('link', { name: '去授权绑定公众号' })).toHaveAttribute('href', '/bindingServicer/index.html');
    expect(screen.getByLabelText(/仅限微信授权参与/)).toBeDisabled();
  });

  it('the group-buy’s 参与设置 saves the chosen account, and null when turned off', async () => {
    const onSaved = vi.fn();
    const user = userEvent.setup();
    const { unmount } = withClient(<GroupBuyWechatCard questionId="q-gb01" saved={null} canEdit onSaved={onSaved} />);
    const card = screen.getByRole('region', { name: '参与设置' });
    expect(within(card).getByRole('button', { name: '保存设置' })).toBeDisabled();
    const box = await within(card).findByLabelText(/仅限微信授权参与/);
    await vi.waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    expect(within(card).getByLabelText('授权参与的公众号')).toHaveDisplayValue('社区公众号');
    await user.click(within(card).getByRole('button', { name: '保存设置' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.current!.callsTo(SAVE_GROUP_BUY)).toEqual([{ questionId: 'q-gb01', wechatAuthId: 7 }]);
    unmount();

    withClient(<GroupBuyWechatCard questionId="q-gb01" saved={7} canEdit onSaved={onSaved} />);
    await user.click(await screen.findByLabelText(/仅限微信授权参与/));
    await user.click(screen.getByRole('button', { name: '保存设置' }));
    await vi.waitFor(() => expect(api.current!.callsTo(SAVE_GROUP_BUY)).toHaveLength(2));
    expect(api.current!.callsTo(SAVE_GROUP_BUY)[1]).toEqual({ questionId: 'q-gb01', wechatAuthId: null });
  });

  it('a collaborator without the edit power sees the choice and cannot change it', async () => {
    withClient(<GroupBuyWechatCard questionId="q-gb01" saved={8} canEdit={false} onSaved={() => {}} />);
    expect(await screen.findByLabelText('授权参与的公众号')).toBeDisabled();
    expect(screen.queryByRole('button', { name: '保存设置' })).toBeNull();
  });
});
