import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMessage } from '../../../schemas/api/message';
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

const M = 'active/message/';
const at = new Date().toISOString();
const messages: TMessage[] = Array.from({ length: 12 }, (_, i) => ({
  id: 12 - i,
  title: `充值成功：${12 - i}.00 元已到账`,
  read: i > 0,
  newsType: 10,
  createTime: at,
}));
beforeEach(() => {
  markSession();
  api.current = createFakeApi({
    [`${M}listCount`]: () => ({ totalCount: 12, isReadCount: 1 }),
    [`${M}list`]: (body) => {
      const page = Number(body.page);
      const size = Number(body.pageSize);
      return { list: messages.slice((page - 1) * size, page * size), total: messages.length };
    },
    [`${M}readSingleMessage`]: (body) => ({ ...messages.find((m) => m.id === body.messageId)!, read: true }),
    'recharge/getUserRechargeList': () => ({
      list: [{ orderNo: 'R20261202103000123456', amountFen: 10_000, state: 'paid', provider: 'sandbox', createdAt: at, paidAt: at }],
      total: 1,
    }),
  });
});
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

describe('/info.html 消息与充值记录', () => {
  it('lists the messages in pages, reads one on click, and shows the recharge records', async () => {
    const user = userEvent.setup();
    await renderApp('/info.html');
    expect(await screen.findByRole('heading', { name: '消息与充值记录' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('info-message')).toHaveLength(10));
    expect(screen.getAllByTestId('info-message')[0]).toHaveAttribute('data-read', 'false');
    expect(screen.getByTestId('info-recharge')).toHaveTextContent('¥100.00 · 已到账');

    await user.click(screen.getAllByTestId('info-message')[0]!);
    await waitFor(() => expect(api.current!.callsTo(`${M}readSingleMessage`)).toEqual([{ messageId: 12 }]));

    const pager = screen.getByRole('navigation', { name: '消息分页' });
    await user.click(within(pager).getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(screen.getAllByTestId('info-message')).toHaveLength(2));
    expect(screen.getAllByTestId('info-message')[1]).toHaveTextContent('充值成功：1.00 元已到账');
  });
});
