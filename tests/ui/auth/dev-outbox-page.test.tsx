import { screen, waitFor, within } from '@testing-library/react';
import { devCalls } from '../../../schemas/api/dev';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../src/api/client';
import { DevOutboxPage } from '../../../src/features/auth/dev-outbox-page';
import { renderAuth } from './render-auth';

vi.mock('../../../src/api/client', async (importOriginal) => ({ ...(await importOriginal()), call: vi.fn() }));

const MESSAGES = [
  { id: 2, phone: '13800138000', text: '【问卷通】验证码 654321，5分钟内有效。', createdAt: '2025-05-01T08:00:00.000Z' },
  { id: 1, phone: '13900139000', text: '【问卷通】验证码 123456，5分钟内有效。', createdAt: '2025-05-01T07:59:00.000Z' },
];

afterEach(() => vi.resetAllMocks());

describe('development outbox page', () => {
  it('lists the messages, filters by phone and refreshes', async () => {
    vi.mocked(call).mockImplementation(async (_contract, body) => {
      const phone = (body as { phone?: string }).phone;
      return MESSAGES.filter((message) => !phone || message.phone === phone) as never;
    });
    const user = userEvent.setup();
    await renderAuth('/dev/outbox', { '/dev/outbox': DevOutboxPage });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('button', { name: '复制 654321' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(devCalls.outbox, {});

    await user.type(screen.getByLabelText('手机号'), '13900139000');
    await user.click(screen.getByRole('button', { name: '筛选' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(call).toHaveBeenLastCalledWith(devCalls.outbox, { phone: '13900139000' });

    const calls = vi.mocked(call).mock.calls.length;
    await user.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(vi.mocked(call).mock.calls.length).toBe(calls + 1));
  });

  it('says when there is nothing yet', async () => {
    vi.mocked(call).mockResolvedValue([] as never);
    await renderAuth('/dev/outbox', { '/dev/outbox': DevOutboxPage });
    expect(await screen.findByText('暂无短信')).toBeInTheDocument();
  });
});
