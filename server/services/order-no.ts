import { randomInt } from 'node:crypto';

/**
 * An order number people can read out: the Shanghai time to the second and six random digits (20 digits). Shared by
 * respondents' orders (pay), recharges and purchases (money), so it sits above both service folders.
 */
export function newOrderNo(now: Date): string {
  const local = new Date(now.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${local}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}
