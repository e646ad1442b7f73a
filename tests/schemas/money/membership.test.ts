import { describe, expect, it } from 'vitest';
import { MEMBER_PLANS, purchasableOf, type MemberPlan } from '../../../schemas/money/catalog';
import { applyPlan, levelAt, type Membership } from '../../../schemas/money/membership';

const DAY = 86_400_000;
const now = new Date();
const plan = (id: string) => MEMBER_PLANS.find((p) => p.id === id) as MemberPlan;
const member = (memberLevel: number, daysLeft: number | null): Membership => ({
  memberLevel,
  expire: daysLeft === null ? null : new Date(now.getTime() + daysLeft * DAY),
  since: null,
  upgradeType: null,
});

describe('member plans', () => {
  it('a paid level is in force until its end, then the free one', () => {
    expect(levelAt(3, new Date(now.getTime() + 1), now)).toBe(3);
    expect(levelAt(3, now, now)).toBe(1);
    expect(levelAt(3, null, now)).toBe(3);
    expect(levelAt(1, new Date(now.getTime() - DAY), now)).toBe(1);
  });

  it('from free: the level starts now for the period bought', () => {
    const change = applyPlan(member(1, null), plan('member-2-year'), now);
    expect(change).toEqual({ ok: true, kind: 'upgrade', next: { memberLevel: 2, expire: new Date(now.getTime() + 365 * DAY), since: now, upgradeType: 2 } });
  });

  it('the same level renews from its end; an expired one starts again now', () => {
    const renewal = applyPlan(member(2, 10), plan('member-2-month'), now);
    expect(renewal.ok && renewal.kind === 'renewal' && renewal.next.expire!.getTime()).toBe(now.getTime() + 40 * DAY);
    const lapsed = applyPlan(member(2, -5), plan('member-2-month'), now);
    expect(lapsed.ok && lapsed.next.expire!.getTime()).toBe(now.getTime() + 30 * DAY);
  });

  it('a higher level carries the days left over at their value', () => {
    const change = applyPlan(member(2, 99), plan('member-4-month'), now);
    // 99 days of 专业版 (29 元/月) are worth 29 days of 企业版 (99 元/月).
    expect(change.ok && change.next.expire!.getTime()).toBe(now.getTime() + 30 * DAY + 29 * DAY);
  });

  it('refuses a lower level while a higher one runs, and a level that never ends', () => {
    expect(applyPlan(member(4, 3), plan('member-2-month'), now)).toEqual({ ok: false, message: '当前已是企业版，不能购买较低的专业版；到期后可购买' });
    expect(applyPlan(member(4, -3), plan('member-2-month'), now).ok).toBe(true);
    expect(applyPlan(member(3, null), plan('member-3-year'), now)).toEqual({ ok: false, message: '当前专业增强版长期有效，无需购买' });
  });

  it('knows every package and plan by its id, and nothing else', () => {
    expect(purchasableOf('sms-1000')).toMatchObject({ type: 'quota', kind: 'sms', quantity: 1_000, priceFen: 7_000 });
    expect(purchasableOf('member-3-month')).toMatchObject({ type: 'member', memberLevel: 3, priceFen: 5_900 });
    for (const id of ['', 'sms-1', 'member-1-month', 'toString', '__proto__']) expect(purchasableOf(id)).toBeUndefined();
  });
});
