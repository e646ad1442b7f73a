import { BALANCE_MESSAGES, insufficientMessage, type TPurchaseResult } from '../../../schemas/api/recharge';
import { QUOTA_UNITS, purchasableOf, type TPurchasable, type TQuotaKind } from '../../../schemas/money/catalog';
import type { Query } from '../../db/client';
import { badInput, conflict } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { newOrderNo } from '../pay/order-create.service';
import { balanceOf, writeLedger, type BalanceDebit } from './balance.service';
import { applyMembership, planChange } from './member.service';
import { grantQuota } from './quota.service';

/**
 * A package or a member plan bought from the balance (active/pay/getBalancePay and its per-kind siblings): one
 * transaction takes the price with one conditional statement (deps.balance), writes the ledger row with the
 * balance after it, and adds the package to its quota or the plan to the membership. Refused, nothing changes:
 * an unknown package, a package of another kind than the call sells, a balance that does not cover the price
 * (余额不足…), a member plan the current level does not allow.
 */
export async function buyFromBalance(deps: Deps, user: AuthUser, packageId: string, only?: TQuotaKind): Promise<TPurchaseResult> {
  const item = purchasableOf(packageId);
  if (!item) throw badInput(`packageId: ${BALANCE_MESSAGES.packageUnknown}`, 'packageId');
  if (only && (item.type !== 'quota' || item.kind !== only)) throw badInput(`packageId: 该套餐不是${QUOTA_UNITS[only].name}套餐`, 'packageId');
  const now = deps.now();
  const orderNo = `B${newOrderNo(now)}`;
  // A plan the current level does not allow is refused before the balance is looked at (checked again inside).
  if (item.type === 'member') await planChange(deps.database.query, user.id, item, now);
  const taker = await deps.balance.prepare(deps.database, user.id);
  return deps.database.transaction(async (q) => deliver(q, taker, { userId: user.id, item, orderNo, reference: orderNo, now }));
}

/**
 * Inside the caller's transaction: take the item's price from the balance (refused "409" 余额不足 when it does
 * not cover it), write the ledger row, and add the item to its quota or the membership. A purchase order's
 * payment calls it right after crediting the paid amount, with the provider's transaction as the reference.
 */
export async function deliver(
  q: Query,
  taker: BalanceDebit,
  order: { userId: number; item: TPurchasable; orderNo: string; reference: string; now: Date },
): Promise<TPurchaseResult> {
  const { userId, item, orderNo, now } = order;
  const after = await taker.debit(q, userId, item.priceFen);
  if (after === null) {
    const balanceFen = await balanceOf(q, userId);
    throw conflict(insufficientMessage(balanceFen, item.priceFen), { reason: 'insufficientBalance', balanceFen, priceFen: item.priceFen });
  }
  await writeLedger(q, {
    userId,
    amountFen: -item.priceFen,
    reason: item.type === 'quota' ? 'package' : 'member',
    orderNo,
    reference: order.reference,
    title: item.title,
    balanceAfterFen: after,
    at: now,
  });
  const base = { orderNo, packageId: item.id, title: item.title, amountFen: item.priceFen, balanceFen: after };
  if (item.type === 'quota')
    return { ...base, quota: { kind: item.kind, remaining: await grantQuota(q, userId, item.kind, item.quantity, now) }, member: null };
  return { ...base, quota: null, member: await applyMembership(q, userId, item, now) };
}
