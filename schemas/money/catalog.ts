import { MEMBER_LEVELS } from '../api/user';

/**
 * What the balance buys (issue 46, spec §7 recharge/* and active/pay/'s balance calls, §9 levels): the packages
 * of the four /buy*.html pages and the paid member levels. Prices are integer fen; the spec names none, so these
 * are ours (docs/decisions.md). Shared by the server (what a purchase costs and grants) and the screens.
 */
export const QUOTA_KINDS = ['ai', 'sms', 'advert', 'risk'] as const;
export type TQuotaKind = (typeof QUOTA_KINDS)[number];

/** What one unit of each quota is, as a page names it. */
export const QUOTA_UNITS: Record<TQuotaKind, { name: string; unit: string }> = {
  ai: { name: 'AI次数', unit: '次' },
  sms: { name: '短信条数', unit: '条' },
  advert: { name: '去广告', unit: '个项目' },
  risk: { name: '风控筛查', unit: '份答卷' },
};

/** The page that sells each kind (spec §2), where a feature refused for an empty quota sends its user. */
export const QUOTA_BUY_PATHS: Record<TQuotaKind, string> = {
  ai: '/buyAI.html',
  sms: '/buySmsAccound.html',
  advert: '/buyAdvAccound.html',
  risk: '/buyRiskAccound.html',
};

/** The refusal of a feature whose quota is used up: what ran out and where to buy more. */
export const QUOTA_EMPTY_MESSAGES: Record<TQuotaKind, string> = {
  ai: 'AI次数不足，请先购买AI次数',
  sms: '短信条数不足，请先购买短信条数',
  advert: '去广告次数不足，请先购买去广告服务',
  risk: '风控筛查次数不足，请先购买风控服务',
};

export interface QuotaPackage {
  id: string;
  kind: TQuotaKind;
  quantity: number;
  priceFen: number;
  title: string;
}

const pack = (kind: TQuotaKind, quantity: number, priceFen: number): QuotaPackage => ({
  id: `${kind}-${quantity}`,
  kind,
  quantity,
  priceFen,
  title: `${QUOTA_UNITS[kind].name} ${quantity}${QUOTA_UNITS[kind].unit}`,
});

export const QUOTA_PACKAGES: readonly QuotaPackage[] = [
  pack('ai', 100, 990),
  pack('ai', 500, 3_900),
  pack('ai', 2_000, 12_900),
  pack('sms', 100, 800),
  pack('sms', 1_000, 7_000),
  pack('sms', 5_000, 30_000),
  pack('advert', 1, 3_000),
  pack('advert', 5, 12_000),
  pack('risk', 1_000, 3_000),
  pack('risk', 5_000, 12_000),
];

export const MEMBER_PERIODS = ['month', 'year'] as const;
export type TMemberPeriod = (typeof MEMBER_PERIODS)[number];
/** memberUpgradeType on the wire: the period of the purchase that set the current expiry. */
export const UPGRADE_TYPE: Record<TMemberPeriod, number> = { month: 1, year: 2 };
export const PERIOD_DAYS: Record<TMemberPeriod, number> = { month: 30, year: 365 };

/** The paid levels' prices (level 1 is free and is never bought). */
export const MEMBER_PRICES: Record<2 | 3 | 4, Record<TMemberPeriod, number>> = {
  2: { month: 2_900, year: 19_900 },
  3: { month: 5_900, year: 39_900 },
  4: { month: 9_900, year: 69_900 },
};

export interface MemberPlan {
  id: string;
  memberLevel: 2 | 3 | 4;
  period: TMemberPeriod;
  priceFen: number;
  title: string;
}

export const MEMBER_PLANS: readonly MemberPlan[] = ([2, 3, 4] as const).flatMap((memberLevel) =>
  MEMBER_PERIODS.map((period) => ({
    id: `member-${memberLevel}-${period}`,
    memberLevel,
    period,
    priceFen: MEMBER_PRICES[memberLevel][period],
    title: `${MEMBER_LEVELS[memberLevel - 1]!.name}（${period === 'month' ? '包月' : '包年'}）`,
  })),
);

/**
 * The virtual coin (the brand's coinName, kept per brand in coin_accounts: what the header and the workbench show, what /coinList.html
 * and the gift centre spend) bought from the balance (active/pay/getBalancePayCoin): 1 元 buys 10 coins, more in the
 * larger packs. The title names the coin generically; a purchase names it by the brand it is made on.
 */
export interface CoinPackage {
  id: string;
  coins: number;
  priceFen: number;
  title: string;
}
const coinPack = (coins: number, priceFen: number): CoinPackage => ({ id: `coin-${coins}`, coins, priceFen, title: `虚拟币 ${coins}个` });
export const COIN_PACKAGES: readonly CoinPackage[] = [coinPack(100, 1_000), coinPack(500, 4_500), coinPack(1_000, 8_000)];
/** A coin package's title on a brand: "问卷币 100个". */
export const coinTitle = (coins: number, coinName: string) => `${coinName} ${coins}个`;

export type TPurchasable = ({ type: 'quota' } & QuotaPackage) | ({ type: 'member' } & MemberPlan) | ({ type: 'coin' } & CoinPackage);

/** A package or plan by its id, or undefined for an id we do not sell. */
export function purchasableOf(id: string): TPurchasable | undefined {
  const quota = QUOTA_PACKAGES.find((p) => p.id === id);
  if (quota) return { type: 'quota', ...quota };
  const plan = MEMBER_PLANS.find((p) => p.id === id);
  if (plan) return { type: 'member', ...plan };
  const coins = COIN_PACKAGES.find((p) => p.id === id);
  return coins ? { type: 'coin', ...coins } : undefined;
}

/** What a level adds over the free one, from the §9 table only (nothing the product does not do). */
export function levelAdds(memberLevel: number): string[] {
  const level = MEMBER_LEVELS.find((l) => l.memberLevel === memberLevel) ?? MEMBER_LEVELS[0];
  return [`每天可创建 ${level.maxNumber} 个项目`, `每个项目最多 ${level.subjectCount} 道题`];
}

/** Money as people read it: 3000 → "30.00". */
export const yuanOf = (fen: number) => (fen / 100).toFixed(2);
