import type { TGroupBuyProduct, TGroupBuyView } from '../../../schemas/api/groupbuy';
import type { TOrderState } from '../../../schemas/order/order-states';

export const yuan = (fen: number) => (fen / 100).toFixed(2);

const TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
/** A time as the group reads it (Asia/Shanghai): 11/28 14:05. */
export const groupBuyTime = (iso: string): string => TIME.format(new Date(iso));

/** The buyer's words for an order's state on the public list. */
export const LIST_STATE: Partial<Record<TOrderState, string>> = {
  created: '待支付',
  paid: '已支付',
  shipped: '已发货',
  collected: '已取货',
  done: '已完成',
};

export const productName = (p: Pick<TGroupBuyProduct, 'title' | 'spec'>) => (p.spec ? `${p.title}（${p.spec}）` : p.title);

/** Whether the group-buy takes orders now. */
export function openNow(view: TGroupBuyView, now: number): boolean {
  if (view.status !== 1) return false;
  return view.deadline === null || Date.parse(view.deadline) > now;
}

/** 已接龙 12 单 · 共 35 件 */
export function orderLine(view: TGroupBuyView): string {
  const units = view.orders.reduce((n, o) => n + o.units, 0);
  return `已接龙 ${view.orders.length} 单 · 共 ${units} 件`;
}
