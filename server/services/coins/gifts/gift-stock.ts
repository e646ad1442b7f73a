import type { Query } from '../../../db/client';

/**
 * How an exchange takes one of a gift's stock (issue 51 item 3). `prepare` runs before the exchange's transaction (a
 * naive strategy reads the stock there, as a hand-rolled check would); `take` runs inside it. The exact one is one
 * conditional UPDATE: fifty exchanges at once of a gift with 7 left make exactly 7 exchanges.
 */
export interface GiftStockStrategy {
  prepare(query: Query, giftId: number): Promise<{ take(q: Query, giftId: number): Promise<boolean> }>;
}

export const exactGiftStock: GiftStockStrategy = {
  async prepare() {
    return {
      take: async (q, giftId) => (await q('UPDATE gifts SET stock = stock - 1 WHERE id = $1 AND active AND stock > 0 RETURNING id', [giftId])).length > 0,
    };
  },
};
