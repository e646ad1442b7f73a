import { levelOf } from '../api/user';
import { MEMBER_PRICES, PERIOD_DAYS, UPGRADE_TYPE, type MemberPlan } from './catalog';

const DAY_MS = 86_400_000;

/** A user's membership as stored: the level, when it ends (null: never), since when and how it was last bought. */
export interface Membership {
  memberLevel: number;
  expire: Date | null;
  since: Date | null;
  upgradeType: number | null;
}

/** The level in force at `now`: a paid level whose time has run out is the free one (spec §9 limits follow it). */
export function levelAt(memberLevel: number, expire: Date | null, now: Date): number {
  return memberLevel > 1 && expire !== null && expire.getTime() <= now.getTime() ? 1 : memberLevel;
}

export type MembershipChange = { ok: true; next: Membership; kind: 'upgrade' | 'renewal' } | { ok: false; message: string };

/**
 * Buying `plan` at `now` (decisions.md "Membership"): the same level renews from its current end; a higher level
 * starts now, and the days left of a lower paid level are carried over at their value (days × the lower monthly
 * price ÷ the higher one); a lower level than the one in force, or a level that never ends, is refused.
 */
export function applyPlan(current: Membership, plan: MemberPlan, now: Date): MembershipChange {
  const level = levelAt(current.memberLevel, current.expire, now);
  const period = PERIOD_DAYS[plan.period] * DAY_MS;
  if (level > 1 && current.expire === null) return { ok: false, message: `当前${levelOf(level).name}长期有效，无需购买` };
  if (plan.memberLevel < level) return { ok: false, message: `当前已是${levelOf(level).name}，不能购买较低的${levelOf(plan.memberLevel).name}；到期后可购买` };
  const upgradeType = UPGRADE_TYPE[plan.period];
  if (plan.memberLevel === level) {
    const expire = new Date(current.expire!.getTime() + period);
    return { ok: true, kind: 'renewal', next: { memberLevel: level, expire, since: current.since ?? now, upgradeType } };
  }
  const left = level > 1 ? Math.max(0, current.expire!.getTime() - now.getTime()) : 0;
  const carried = level > 1 ? Math.floor((left * MEMBER_PRICES[level as 2 | 3 | 4].month) / MEMBER_PRICES[plan.memberLevel].month) : 0;
  return { ok: true, kind: 'upgrade', next: { memberLevel: plan.memberLevel, expire: new Date(now.getTime() + period + carried), since: now, upgradeType } };
}
