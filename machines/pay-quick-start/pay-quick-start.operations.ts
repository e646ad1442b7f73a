import type { TPayDraft } from './pay-quick-start.types';

/** The phone screen's limits: more items, specs, stock and limits per person are the editor's. */
export const QUICK_PAY_LIMITS = { titleMax: 200, nameMax: 50, maxItems: 20, maxYuan: 100_000 } as const;

/** Yuan typed by a person ("12", "12.5", "12.50") as whole fen, or null when it is not such an amount. */
export function fenOfYuan(text: string): number | null {
  const value = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

/** Why the draft cannot be published yet (the screen's message), or null when it can. */
export function payDraftProblem(draft: TPayDraft): string | null {
  const title = draft.title.trim();
  if (!title) return '请填写收款标题';
  if (title.length > QUICK_PAY_LIMITS.titleMax) return `标题最多${QUICK_PAY_LIMITS.titleMax}个字`;
  if (!draft.items.length) return '请至少添加一个收款项目';
  if (draft.items.length > QUICK_PAY_LIMITS.maxItems) return `这里最多添加${QUICK_PAY_LIMITS.maxItems}个项目，更多请在完整编辑中添加`;
  for (const [i, item] of draft.items.entries()) {
    const name = item.name.trim();
    if (!name) return `请填写第${i + 1}个项目的名称`;
    if (name.length > QUICK_PAY_LIMITS.nameMax) return `项目名称最多${QUICK_PAY_LIMITS.nameMax}个字：${name.slice(0, 10)}…`;
    const fen = fenOfYuan(item.price);
    if (fen === null || fen < 1 || fen > QUICK_PAY_LIMITS.maxYuan * 100) return `「${name}」的金额请填 0.01 到 ${QUICK_PAY_LIMITS.maxYuan} 元`;
  }
  return null;
}
