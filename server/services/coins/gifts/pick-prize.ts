import { DRAW_WEIGHT_TOTAL } from '../../../../schemas/coins/rules';

/**
 * The coin draw's choice (issue 51 item 3), pure: `r` is uniform in [0, 1); each prize owns a slice of
 * DRAW_WEIGHT_TOTAL (10 000) as wide as its weight, in order. A roll past the configured weights is no prize (null).
 * The server rolls with crypto randomness; the statistical test rolls a fixed-seed PRNG.
 */
export function pickPrize<P extends { weight: number }>(prizes: readonly P[], r: number): P | null {
  if (!(r >= 0 && r < 1)) throw new RangeError(`a roll is in [0, 1), not ${r}`);
  const roll = r * DRAW_WEIGHT_TOTAL;
  let upTo = 0;
  for (const prize of prizes) {
    upTo += Math.max(0, prize.weight);
    if (roll < upTo) return prize;
  }
  return null;
}

/** A configured prize's chance (0..1). */
export const probabilityOf = (weight: number): number => weight / DRAW_WEIGHT_TOTAL;
