import type { TMemberList } from '../../../schemas/api/member';
import { MEMBER_LEVELS } from '../../../schemas/api/user';
import { MEMBER_PRICES, levelAdds, type MemberPlan } from '../../../schemas/money/catalog';
import { applyPlan, levelAt, type Membership } from '../../../schemas/money/membership';
import type { Query } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { conflict } from '../errors';
import { chinaDay, NEWS_TYPES, notify } from '../messages/notify.service';
import type { AuthUser } from '../access/sessions.service';

type MemberColumns = Pick<UserRow, 'member_level' | 'member_expire' | 'member_since' | 'member_upgrade_type' | 'balance_fen'>;
const MEMBER_SELECT = 'SELECT member_level, member_expire, member_since, member_upgrade_type, balance_fen FROM users WHERE id = $1';
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** What buying `plan` would make of the user's membership now; refused ("409") when the current level does not allow it. */
export async function planChange(q: Query, userId: number, plan: MemberPlan, now: Date): Promise<Membership> {
  const [row] = await q<MemberColumns>(MEMBER_SELECT, [userId]);
  const change = applyPlan(
    {
      memberLevel: row!.member_level,
      expire: row!.member_expire ? new Date(row!.member_expire) : null,
      since: row!.member_since ? new Date(row!.member_since) : null,
      upgradeType: row!.member_upgrade_type,
    },
    plan,
    now,
  );
  if (!change.ok) throw conflict(change.message, { reason: 'memberRefused' });
  return change.next;
}

/** Apply a bought plan to the user's row, inside the purchase's transaction (the debit holds the row). */
export async function applyMembership(q: Query, userId: number, plan: MemberPlan, now: Date) {
  const next = await planChange(q, userId, plan, now);
  await q('UPDATE users SET member_level = $2, member_expire = $3, member_since = $4, member_upgrade_type = $5 WHERE id = $1', [
    userId,
    next.memberLevel,
    next.expire,
    next.since,
    next.upgradeType,
  ]);
  // An upgrade starts a new membership now; a renewal keeps its start.
  const renewed = next.since !== null && next.since.getTime() < now.getTime();
  const until = next.expire ? `，有效期至 ${chinaDay(next.expire)}` : '';
  await notify(q, userId, { title: `${renewed ? '会员已续费' : '会员已开通'}：${plan.title}${until}`, newsType: NEWS_TYPES.member }, now);
  return { memberLevel: next.memberLevel, expDate: iso(next.expire), memberUpgradeType: next.upgradeType };
}

/** wxApplet/member/getMemberList: the four levels with their prices, and the caller's membership. */
export async function memberList(query: Query, user: AuthUser | null, now: Date): Promise<TMemberList> {
  const levels = MEMBER_LEVELS.map((level) => {
    const prices = level.memberLevel > 1 ? MEMBER_PRICES[level.memberLevel as 2 | 3 | 4] : null;
    return {
      memberLevel: level.memberLevel,
      name: level.name,
      maxNumber: level.maxNumber,
      subjectCount: level.subjectCount,
      adds: levelAdds(level.memberLevel),
      monthFen: prices?.month ?? null,
      yearFen: prices?.year ?? null,
      monthPlanId: prices ? `member-${level.memberLevel}-month` : null,
      yearPlanId: prices ? `member-${level.memberLevel}-year` : null,
    };
  });
  if (!user) return { levels, current: null };
  const [row] = await query<MemberColumns>(MEMBER_SELECT, [user.id]);
  const expire = row!.member_expire ? new Date(row!.member_expire) : null;
  return {
    levels,
    current: {
      memberLevel: levelAt(row!.member_level, expire, now),
      expDate: iso(expire),
      memberTime: iso(row!.member_since),
      memberUpgradeType: row!.member_upgrade_type,
      balanceFen: row!.balance_fen,
    },
  };
}
