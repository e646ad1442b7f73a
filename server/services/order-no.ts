import { randomInt } from 'node:crypto';

/**
 * An order number people can read out: the Shanghai time to the second and six random digits (20 digits). Shared by
 * respondents' orders (pay), recharges, purchases (money) and red-envelope payments, so it sits above their folders.
 */
export function newOrderNo(now: Date): string {
  const local = new Date(now.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${local}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Draws of an order number before giving up (a repeat is one in a million per pair of orders in the same second). */
export const ORDER_NO_ATTEMPTS = 5;

/**
 * Runs `attempt` with `first`, and again with a new number from `redraw` while the number was already taken: two
 * orders in the same second may draw the same six digits (bench/soak met one at 20 orders a second, answered 500).
 * "Taken" is `attempt` answering undefined (its INSERT … ON CONFLICT DO NOTHING stored nothing) or throwing a unique
 * violation of one of `constraints` (a whole transaction, rolled back, then run again with the new number).
 */
export async function withFreshOrderNo<T>(
  first: string,
  redraw: () => string,
  constraints: readonly string[],
  attempt: (orderNo: string) => Promise<T | undefined>,
): Promise<T> {
  let orderNo = first;
  for (let tried = 1; ; tried++) {
    let taken: unknown;
    try {
      const result = await attempt(orderNo);
      if (result !== undefined) return result;
    } catch (error) {
      if (!isRepeatOf(error, constraints)) throw error;
      taken = error;
    }
    if (tried >= ORDER_NO_ATTEMPTS) throw taken ?? new Error(`order number drawn ${tried} times, taken every time`);
    orderNo = redraw();
  }
}

function isRepeatOf(error: unknown, constraints: readonly string[]): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && typeof e.constraint === 'string' && constraints.includes(e.constraint);
}
