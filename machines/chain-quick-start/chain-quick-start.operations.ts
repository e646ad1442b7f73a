import { CHECKIN_MESSAGES } from '../../schemas/api/checkin';
import { CHAIN_LIMITS } from '../../schemas/chain/limits';
import { shanghaiDay, minuteOf } from '../../schemas/checkin/days';
import type { TChainDraft, TCheckInDraft, TGroupBuyDraft, TProductDraft, TSignUpDraft } from './chain-quick-start.types';

/** Largest price and stock the quick screen takes (the editor has the full product settings). */
export const QUICK_LIMITS = { maxPriceFen: 100_000_000, maxStock: 1_000_000, maxProducts: 50, maxPoints: 20 } as const;

/** Yuan as typed ("12.5") in fen, or null when it is not a price above zero with at most two decimals. */
export function priceFen(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  const fen = Math.round(Number(text.trim()) * 100);
  return fen > 0 && fen <= QUICK_LIMITS.maxPriceFen ? fen : null;
}

/** The stock as typed: undefined when left empty (不限), NaN when it is not a whole number from 1. */
export function stockOf(text: string): number | undefined {
  if (!text.trim()) return undefined;
  const stock = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return stock >= 1 && stock <= QUICK_LIMITS.maxStock ? stock : Number.NaN;
}

/** The pick-up points kept: trimmed, blank rows left out. */
export const pointsOf = (draft: TGroupBuyDraft): string[] => draft.points.map((point) => point.trim()).filter(Boolean);

const deadlineProblem = (deadline: string | null, now: Date) => (deadline !== null && Date.parse(deadline) <= now.getTime() ? '截止时间要晚于现在' : null);

function signUpProblem(draft: TSignUpDraft, now: Date): string | null {
  if (draft.cap !== null && (!Number.isInteger(draft.cap) || draft.cap < 1 || draft.cap > CHAIN_LIMITS.maxCap)) {
    return `人数上限请填 1 到 ${CHAIN_LIMITS.maxCap} 之间的整数`;
  }
  return deadlineProblem(draft.deadline, now);
}

function checkInProblem(draft: TCheckInDraft, now: Date): string | null {
  if (!draft.startDay) return '请选择开始日期';
  if (draft.endDay && draft.endDay < draft.startDay) return CHECKIN_MESSAGES.periodOrder;
  if (draft.endDay && draft.endDay < shanghaiDay(now)) return '结束日期已过，请重新选择';
  if (minuteOf(draft.windowEnd) <= minuteOf(draft.windowStart)) return CHECKIN_MESSAGES.windowOrder;
  return null;
}

function productProblem(product: TProductDraft, index: number): string | null {
  const name = product.title.trim();
  if (!name) return `请填写第 ${index + 1} 件商品的名称`;
  if (priceFen(product.price) === null) return `「${name}」的价格请填大于 0 的金额（最多两位小数）`;
  if (Number.isNaN(stockOf(product.stock))) return `「${name}」的库存请填 1 到 ${QUICK_LIMITS.maxStock} 的整数，留空为不限`;
  return null;
}

/** The group-buy's first screen: title and deadline (the 下一步 button checks these). */
export const groupBuyBasicsProblem = (draft: Pick<TGroupBuyDraft, 'title' | 'deadline'>, now: Date): string | null =>
  !draft.title.trim() ? '请填写团购标题' : deadlineProblem(draft.deadline, now);

function groupBuyProblem(draft: TGroupBuyDraft, now: Date): string | null {
  const basics = groupBuyBasicsProblem(draft, now);
  if (basics) return basics;
  if (!draft.products.length) return '请至少添加一件商品';
  const product = draft.products.map(productProblem).find(Boolean);
  if (product) return product;
  const points = pointsOf(draft);
  return new Set(points).size === points.length ? null : '自提点名称重复，请修改';
}

const TITLE_NEEDED: Record<TChainDraft['kind'], string> = { signUp: '请填写接龙标题', checkIn: '请填写打卡标题', groupBuy: '请填写团购标题' };

/** Why the draft cannot be published yet (the screen's message), or null when it can. */
export function draftProblem(draft: TChainDraft, now: Date): string | null {
  if (!draft.title.trim()) return TITLE_NEEDED[draft.kind];
  if (draft.kind === 'signUp') return signUpProblem(draft, now);
  if (draft.kind === 'checkIn') return checkInProblem(draft, now);
  return groupBuyProblem(draft, now);
}
