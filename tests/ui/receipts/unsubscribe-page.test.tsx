import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../src/api/receipts';
import { UnsubscribePage } from '../../../src/features/unsubscribe/unsubscribe-page';
import { renderAuth } from '../auth/render-auth';

vi.mock('../../../src/api/receipts', async (original) => {
  const real = await original<typeof import('../../../src/api/receipts')>();
  return { ...real, getUnsubscribe: vi.fn(), saveUnsubscribe: vi.fn() };
});
afterEach(() => vi.resetAllMocks());

const INFO = { channel: 'email' as const, address: 'zh***@example.com', sender: '人事部', optedOut: false };
const open = (href: string) => renderAuth(href, { '/unsubscribe.html': UnsubscribePage });

describe('退订 (/unsubscribe.html)', () => {
  it('says which address and who sends; 确认退订 then shows 已退订', async () => {
    vi.mocked(api.getUnsubscribe).mockResolvedValue(INFO);
    vi.mocked(api.saveUnsubscribe).mockResolvedValue({ ...INFO, optedOut: true });
    const user = userEvent.setup();
    await open('/unsubscribe.html?t=e12.abc');
    expect(await screen.findByTestId('unsubscribe-address')).toHaveTextContent('zh***@example.com');
    expect(screen.getByText(/人事部 将不再通过邮件/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确认退订' }));
    expect(api.saveUnsubscribe).toHaveBeenCalledWith('e12.abc');
    expect(await screen.findByText('已退订')).toBeInTheDocument();
  });

  it('an address already opted out shows 已退订 at once; a bad or missing token says the link is invalid', async () => {
    vi.mocked(api.getUnsubscribe).mockResolvedValueOnce({ ...INFO, channel: 'sms', address: '138****0000', optedOut: true });
    const first = await open('/unsubscribe.html?t=s3.abc');
    expect(await screen.findByText('已退订')).toBeInTheDocument();
    expect(screen.getByText(/138\*\*\*\*0000 将不再收到 人事部 发送的问卷邀请短信/)).toBeInTheDocument();
    first.unmount();
    vi.mocked(api.getUnsubscribe).mockRejectedValueOnce(new Error('退订链接无效或已失效'));
    const second = await open('/unsubscribe.html?t=forged');
    expect(await screen.findByText('退订链接无效或已失效')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认退订' })).toBeNull();
    second.unmount();
    await open('/unsubscribe.html');
    expect(await screen.findByText('退订链接无效或已失效')).toBeInTheDocument();
    expect(api.getUnsubscribe).toHaveBeenCalledTimes(2);
  });
});
