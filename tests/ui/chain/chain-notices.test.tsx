import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TNoticeRecord } from '../../../schemas/api/notice';
import { ChainNoticeCard } from '../../../src/features/chain/chain-notice-card';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));

const LIST = 'activity/question/notice/getNoticeList';
const notice = (id: number, over: Partial<TNoticeRecord>): TNoticeRecord => ({
  noticeId: id,
  kind: 'waitlist_promoted',
  recipientName: '王五',
  phone: '',
  channel: 'page',
  outcome: 'pending',
  errcode: null,
  text: '王五，你在「周六羽毛球」的候补已转为正式报名，现排第 2 位。',
  // 15:00 in Shanghai.
  createTime: '2026-11-27T07:00:00.000Z',
  updateTime: '2026-11-27T07:00:00.000Z',
  ...over,
});

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ChainNoticeCard questionId="q-chain01" version={3} />
    </QueryClientProvider>,
  );

describe('通知记录 on the chain’s manage screen (issue 47 item 4)', () => {
  let notices: TNoticeRecord[];
  beforeEach(() => {
    notices = [];
    api.current = createFakeApi({ [LIST]: () => ({ notices }) });
  });

  it('lists each notice with whom, what, how and its outcome in words', async () => {
    notices = [
      notice(4, { recipientName: '钱七', channel: 'wechat', outcome: 'sent' }),
      notice(3, { recipientName: '孙八', channel: 'wechat', outcome: 'refused', errcode: 43004 }),
      notice(2, { recipientName: '赵六', channel: 'sms', phone: '138****1111', outcome: 'no_quota' }),
      notice(1, { outcome: 'shown' }),
    ];
    renderCard();
    const items = within(await screen.findByTestId('notice-list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^钱七 · 候补转正 · 微信已发送/),
      expect.stringMatching(/^孙八 · 候补转正 · 微信未送达（微信错误码 43004）/),
      expect.stringMatching(/^赵六 · 候补转正 · 短信（138\*\*\*\*1111）短信条数不足，未发送/),
      expect.stringMatching(/^王五 · 候补转正 · 页面已在页面显示/),
    ]);
    expect(api.current!.callsTo(LIST)[0]).toEqual({ questionId: 'q-chain01' });
  });

  it('says when nothing was sent yet, and reads again on 刷新', async () => {
    renderCard();
    expect(await screen.findByText('还没有发出通知')).toBeTruthy();
    notices = [notice(1, { channel: 'sms', phone: '138****1111', outcome: 'sent' })];
    await userEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(await screen.findByText('已发送')).toBeTruthy();
  });
});
