import { BALANCE_MESSAGES, ZRechargeAmount } from '../../../schemas/api/recharge';

/** The amounts offered at a tap, in yuan. */
export const AMOUNT_CHOICES = [10, 50, 100, 200, 500, 1000];

/**
 * A typed amount in yuan → fen, checked as the server checks it (ZRechargeAmount): a number with at most two
 * decimals (fen are whole), more than 0, from 1 元 to 50 000 元. Answers the server's own words when it is not.
 */
export function parseYuan(text: string): { ok: true; fen: number } | { ok: false; message: string } {
  const value = text.trim();
  if (!value) return { ok: false, message: BALANCE_MESSAGES.amountMissing };
  if (!/^-?\d+(\.\d+)?$/.test(value)) return { ok: false, message: '请输入数字金额' };
  if (/\.\d{3,}$/.test(value)) return { ok: false, message: BALANCE_MESSAGES.amountFraction };
  const fen = Math.round(Number(value) * 100);
  const checked = ZRechargeAmount.safeParse(fen);
  return checked.success ? { ok: true, fen } : { ok: false, message: checked.error.issues[0]!.message };
}
