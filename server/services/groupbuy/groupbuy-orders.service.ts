import type { TGroupBuyListOrder, TGroupBuyManageOrder, TGroupBuyShape, TGroupBuySummary } from '../../../schemas/api/groupbuy';
import { maskName } from '../../../schemas/chain/names';
import { addressText } from '../../../schemas/groupbuy/shape';
import type { TOrderState } from '../../../schemas/order/order-states';
import type { Query } from '../../db/client';
import { shippingOf } from '../pay/shipping-view';

/** An order of a group-buy with what its sheet answered and its number (order of placing, closed ones keep theirs). */
export interface GroupBuyOrderRow {
  id: number;
  seq: number;
  order_no: string;
  state: TOrderState;
  amount_fen: number;
  device_id: string;
  user_id: number | null;
  /** `w:<openid>` on a 仅限微信授权参与 group-buy, else null. */
  participant: string | null;
  /** 物流 (migration 0080): the carrier code and tracking number once shipped. */
  carrier: string | null;
  tracking_no: string | null;
  shipped_at: Date | string | null;
  created_at: Date | string;
  answers: Record<string, unknown> | null;
  lines: { productId: string; title: string; spec: string; quantity: number; amountFen: number }[];
}

/** The buyer as the group-buy knows them (their page, their notices): the WeChat user, else the login, else the device key. */
export const buyerParticipant = (row: Pick<GroupBuyOrderRow, 'participant' | 'user_id' | 'device_id'>): string =>
  row.participant ?? (row.user_id ? `u:${row.user_id}` : `d:${row.device_id}`);

/** States whose units are bought (what the organiser buys and hands out): not closed, refunding or refunded. */
export const LIVE_STATES: readonly TOrderState[] = ['created', 'paid', 'shipped', 'collected', 'done'];

export async function groupBuyOrders(query: Query, projectId: number): Promise<GroupBuyOrderRow[]> {
  return query<GroupBuyOrderRow>(
    `SELECT o.id, row_number() OVER (ORDER BY o.id)::int AS seq, o.order_no, o.state, o.amount_fen, o.device_id, o.user_id, o.participant, o.carrier, o.tracking_no, o.shipped_at, o.created_at, a.answers,
            coalesce((SELECT json_agg(json_build_object('productId', l.product_id, 'title', l.title, 'spec', l.spec, 'quantity', l.quantity, 'amountFen', l.amount_fen) ORDER BY l.id)
                      FROM order_lines l WHERE l.order_id = o.id), '[]') AS lines
     FROM orders o LEFT JOIN answer_sheets a ON a.id = o.sheet_id WHERE o.project_id = $1 ORDER BY o.id`,
    [projectId],
  );
}

const iso = (value: Date | string) => new Date(value).toISOString();
const textOf = (answers: Record<string, unknown> | null, uuid: string | null) => {
  const value = uuid && answers ? answers[uuid] : undefined;
  return typeof value === 'string' ? value.trim() : '';
};

/** The pick-up point an order chose (its title), or '' when the sheet has none. */
export function pointOf(row: Pick<GroupBuyOrderRow, 'answers'>, shape: TGroupBuyShape): string {
  const answer = shape.pickupSubjectId && row.answers ? (row.answers[shape.pickupSubjectId] as { optionIds?: string[] } | undefined) : undefined;
  const id = answer?.optionIds?.[0];
  return shape.points.find((p) => p.id === id)?.title ?? '';
}

/** 苹果（5斤装）×2、香蕉 ×1 */
export const itemsOf = (row: Pick<GroupBuyOrderRow, 'lines'>) => row.lines.map((l) => `${l.title}${l.spec ? `（${l.spec}）` : ''} ×${l.quantity}`).join('、');

export function listOrder(row: GroupBuyOrderRow, shape: TGroupBuyShape): TGroupBuyListOrder {
  return {
    seq: row.seq,
    name: maskName(textOf(row.answers, shape.nameSubjectId) || '匿名'),
    items: itemsOf(row),
    units: row.lines.reduce((n, l) => n + l.quantity, 0),
    state: row.state,
    time: iso(row.created_at),
  };
}

export function manageOrder(row: GroupBuyOrderRow, shape: TGroupBuyShape): TGroupBuyManageOrder {
  return {
    seq: row.seq,
    orderNo: row.order_no,
    name: textOf(row.answers, shape.nameSubjectId),
    phone: textOf(row.answers, shape.phoneSubjectId),
    point: pointOf(row, shape),
    address: addressText(shape.addressSubjectId && row.answers ? row.answers[shape.addressSubjectId] : undefined),
    lines: row.lines,
    amountFen: row.amount_fen,
    state: row.state,
    createdAt: iso(row.created_at),
    shipping: shippingOf(row),
  };
}

const PAID: readonly TOrderState[] = ['paid', 'shipped', 'done'];
export const NO_POINT = '未选自提点';

/** What to buy per product (spec) and pick-up point, from the live orders; counts of each state. */
export function summaryOf(rows: readonly GroupBuyOrderRow[], shape: TGroupBuyShape): TGroupBuySummary {
  const live = rows.filter((r) => LIVE_STATES.includes(r.state));
  const points = shape.points.map((p) => p.title);
  const pointOfRow = new Map(live.map((r) => [r.id, pointOf(r, shape) || NO_POINT]));
  if ([...pointOfRow.values()].includes(NO_POINT)) points.push(NO_POINT);
  const byProduct = new Map<string, TGroupBuySummary['rows'][number]>();
  for (const r of live) {
    const column = points.indexOf(pointOfRow.get(r.id)!);
    for (const l of r.lines) {
      const key = `${l.productId}|${l.title}|${l.spec}`;
      let row = byProduct.get(key);
      if (!row) byProduct.set(key, (row = { productId: l.productId, title: l.title, spec: l.spec, total: 0, byPoint: points.map(() => 0) }));
      row.total += l.quantity;
      row.byPoint[column]! += l.quantity;
    }
  }
  const count = (states: readonly TOrderState[]) => rows.filter((r) => states.includes(r.state)).length;
  return {
    points,
    rows: [...byProduct.values()],
    totals: {
      placed: count(['created']),
      paid: count(PAID),
      collected: count(['collected']),
      cancelled: count(['closed']),
      paidFen: rows.filter((r) => PAID.includes(r.state) || r.state === 'collected').reduce((n, r) => n + r.amount_fen, 0),
    },
  };
}
