import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TChainSettings } from '../../../schemas/api/chain';
import { ChainSettingsCard } from '../../../src/features/chain/chain-settings-card';
import { ChainJoinForm } from '../../../src/respond/chain/chain-join-form';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));

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

function renderCard(start: TChainSettings, onSave: (patch: Partial<TChainSettings>) => Promise<void>) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ChainSettingsCard questionId="q_chain001" settings={start} canEdit onSave={onSave} />
    </QueryClientProvider>,
  );
}

describe('结果查询 of a sign-up chain (issue 48 item 4)', () => {
  beforeEach(() => {
    api.current = createFakeApi({
      'activity/component/getVoteAuthInfoList': () => ({ list: [], total: 0, configured: true, missingEnv: [], notifyUrl: '' }),
    });
  });

  it('the settings switch saves queryEnabled; once on, the card shows the query page’s link', async () => {
    const saved: Partial<TChainSettings>[] = [];
    const user = userEvent.setup();
    const { unmount } = renderCard(settings, async (patch) => void saved.push(patch));
    expect(screen.queryByRole('link', { name: /activityquery/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /开启结果查询/ }));
    await user.click(screen.getByRole('button', { name: '保存设置' }));
    expect(saved[0]).toMatchObject({ queryEnabled: true });
    unmount();
    renderCard({ ...settings, queryEnabled: true }, async () => {});
    expect(screen.getByRole('link', { name: /activityquery\.html\?questionId=q_chain001/ })).toHaveAttribute(
      'href',
      '/activityquery.html?questionId=q_chain001',
    );
  });

  it('with the switch on, the join form asks a phone (optional) and sends it; off and not full, it asks none', async () => {
    const joined: unknown[] = [];
    const user = userEvent.setup();
    const { unmount } = render(<ChainJoinForm editing={null} busy={false} error={null} full={false} queryEnabled onSubmit={(v) => void joined.push(v)} />);
    expect(screen.getByText('用于在结果查询页查看自己的名次，不会显示在名单上')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/姓名/), '李四');
    await user.type(screen.getByRole('textbox', { name: /手机号/ }), '13922220002');
    await user.click(screen.getByRole('button', { name: '接龙' }));
    expect(joined).toEqual([{ name: '李四', answer: '', people: 1, phone: '13922220002' }]);
    unmount();
    render(<ChainJoinForm editing={null} busy={false} error={null} full={false} onSubmit={() => {}} />);
    expect(screen.queryByRole('textbox', { name: /手机号/ })).toBeNull();
  });
});
