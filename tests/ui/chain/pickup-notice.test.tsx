import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PickupNoticeButton } from '../../../src/features/chain/pickup-notice-button';

/** 通知取货 (issue 47 item 4): texts take the organiser's SMS count, so the button asks once before telling. */
describe('通知取货 for a pick-up point', () => {
  it('tells nobody until confirmed, then tells the point once', async () => {
    const onNotice = vi.fn(async () => ({ notified: 2, already: 0 }));
    render(<PickupNoticeButton point="东门驿站" onNotice={onNotice} />);
    await userEvent.click(screen.getByRole('button', { name: '通知取货' }));
    expect(onNotice).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await userEvent.click(screen.getByRole('button', { name: '通知取货' }));
    await userEvent.click(screen.getByRole('group', { name: '确认通知「东门驿站」取货' }).querySelector('button')!);
    expect(onNotice).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: '通知取货' })).toBeTruthy();
  });
});
