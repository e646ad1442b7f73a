import { describe, expect, it } from 'vitest';
import { fenOf } from '../../../src/features/pay/order-dialogs';
import { shanghai, yuan } from '../../../src/orders/pay-format';

// Money typed by a creator becomes integer fen exactly (no float drift), and times show in Asia/Shanghai.
describe('refund amounts and order times', () => {
  it('reads yuan as integer fen, refusing what is not an amount', () => {
    expect(fenOf('217.95')).toBe(21795);
    expect(fenOf('0.1')).toBe(10);
    expect(fenOf('12')).toBe(1200);
    expect(fenOf(' 1.005')).toBeNull();
    expect(fenOf('-1')).toBeNull();
    expect(fenOf('一百')).toBeNull();
    expect(yuan(43590)).toBe('435.90');
  });

  it('shows times in Shanghai whatever the viewer zone', () => {
    expect(shanghai('2026-11-27T08:43:00.000Z')).toBe('2026-11-27 16:43');
    expect(shanghai(null)).toBe('—');
  });
});
