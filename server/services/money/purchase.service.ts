import { BALANCE_MESSAGES, insufficientMessage, type TPurchaseResult } from '../../../schemas/api/recharge';
import { QUOTA_UNITS, purchasableOf, type TQuotaKind } from '../../../schemas/money/catalog';
import { badInput, conflict } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { newOrderNo } from '../pay/order-create.service';
import { balanceOf, writeLedger } from './balance.service';
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
  return deps.database.transaction(async (q) => {
    const after = await taker.debit(q, user.id, item.priceFen);
    if (after === null) {
      const balanceFen = await balanceOf(q, user.id);
      throw conflict(insufficientMessage(balanceFen, item.priceFen), { reason: 'insufficientBalance', balanceFen, priceFen: item.priceFen });
    }
    await writeLedger(q, {
      userId: user.id,
      amountFen: -item.priceFen,
      reason: item.type === 'quota' ? 'package' : 'member',
      orderNo,
      reference: orderNo,
      title: item.title,
      balanceAfterFen: after,
      at: now,
    });
    const base = { orderNo, packageId: item.id, title: item.title, amountFen: item.priceFen, balanceFen: after };
    if (item.type === 'quota')
      return { ...base, quota: { kind: item.kind, remaining: await grantQuota(q, user.id, item.kind, item.quantity, now) }, member: null };
    return { ...base, quota: null, member: await applyMembership(q, user.id, item, now) };
  });
}
