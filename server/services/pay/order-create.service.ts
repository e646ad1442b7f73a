import { ORDER_LIMITS, ORDER_MESSAGES } from '../../../schemas/order/order-states';
import { formatAnswer, type TSubject } from '../../../schemas/subjects/registry';
import { own } from '../../../schemas/subjects/base';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import { specOf } from '../../../schemas/subjects/types/product-specs';
import type { TProductAnswer, TProductSubject } from '../../../schemas/subjects/types/product';
import type { Query } from '../../db/client';
import type { OrderContactField, OrderStockTake } from '../../db/tables-orders';
import { badInput } from '../errors';
import { newOrderNo, withFreshOrderNo } from '../order-no';

/** The order a sheet makes: computed before the sheet's statement, stored in its transaction. */
export interface OrderPlan {
  orderNo: string;
  amountFen: number;
  lines: { productId: string; specId: string; title: string; spec: string; priceFen: number; quantity: number; amountFen: number }[];
  contact: OrderContactField[];
  stock: OrderStockTake[];
  description: string;
  createdAt: Date;
  closesAt: Date;
}

/** Subjects whose answers are copied onto the order: phone and region by type, the others by their title. */
const CONTACT_TITLE = /姓名|名字|联系人|收货人|电话|手机|地址|自提|提货|取货|配送|快递|收货|门店|楼栋|房号/;
const CONTACT_TYPES: readonly number[] = [SUBJECT_TYPE.textInput, SUBJECT_TYPE.textarea, SUBJECT_TYPE.singleChoice, SUBJECT_TYPE.dropdown, SUBJECT_TYPE.region];

function contactOf(subjects: readonly TSubject[], answers: Readonly<Record<string, unknown>>): OrderContactField[] {
  const out: OrderContactField[] = [];
  for (const s of subjects) {
    const answer = own(answers, s.uuid);
    if (answer === undefined || answer === null || answer === '') continue;
    const wanted = s.subjectType === SUBJECT_TYPE.mobile || (CONTACT_TYPES.includes(s.subjectType) && CONTACT_TITLE.test(s.title));
    if (!wanted) continue;
    const value = formatAnswer(s, answer).slice(0, 500);
    if (value) out.push({ label: s.title.slice(0, 40), value });
  }
  return out.slice(0, 10);
}

/**
 * The order of a sheet of a project that sells something, or null when nothing is bought (no product answered,
 * or everything chosen costs 0). Lines carry the product's title, spec and price as they were when bought.
 */
export function planOrder(
  target: { title: string; subjects: readonly TSubject[]; paymentWindowMinutes: number },
  answers: Readonly<Record<string, unknown>>,
  /** What the sheet takes (the submit's capacity takes): the stock ones are the order's, given back on close. */
  capacities: readonly { kind: string; key: string; take: number }[],
  now: Date,
): OrderPlan | null {
  const lines: OrderPlan['lines'] = [];
  for (const s of target.subjects) {
    if (s.subjectType !== SUBJECT_TYPE.product) continue;
    const answer = own(answers, s.uuid) as TProductAnswer | undefined | null;
    if (!Array.isArray(answer)) continue;
    const products = new Map((s as TProductSubject).products.map((p) => [p.uuid, p]));
    for (const line of answer) {
      const p = products.get(line.productId);
      const spec = p && specOf(p, line.specId);
      if (!p || !spec || line.quantity < 1) continue;
      lines.push({
        productId: p.uuid,
        specId: p.specs ? spec.uuid : '',
        title: p.title,
        spec: spec.name,
        priceFen: spec.price,
        quantity: line.quantity,
        amountFen: spec.price * line.quantity,
      });
    }
  }
  const amountFen = lines.reduce((sum, l) => sum + l.amountFen, 0);
  if (amountFen <= 0) return null;
  if (amountFen > ORDER_LIMITS.maxAmountFen || lines.some((l) => l.amountFen > ORDER_LIMITS.maxAmountFen)) throw badInput(ORDER_MESSAGES.tooLarge);
  const first = lines[0]!;
  const description = `${target.title.slice(0, 30)}-${first.title.slice(0, 20)}${lines.length > 1 ? `等${lines.length}件` : ''}`;
  return {
    orderNo: newOrderNo(now),
    amountFen,
    lines,
    contact: contactOf(target.subjects, answers),
    stock: capacities.filter((c) => c.kind === 'stock').map((c) => ({ key: c.key, take: c.take })),
    description,
    createdAt: now,
    closesAt: new Date(now.getTime() + target.paymentWindowMinutes * 60_000),
  };
}

/**
 * Store the order of the sheet just stored (same transaction): the sheet is found by its public id. The order and
 * its lines are ONE statement: a group-buy's order holds its stock's row and its feed's lock (wj_feed_event, fired
 * by the order's insert) until the sheet's transaction commits, so every round trip after the first is time the
 * next buyer waits (issue 54, the soak's lock waits). A number already drawn inserts neither (`FROM o` is empty).
 */
export async function insertOrder(
  q: Query,
  projectId: number,
  sheetPublicId: string,
  plan: OrderPlan,
  buyer: { user: number | null; device: string; participant?: string | null },
): Promise<void> {
  const insert = (orderNo: string) =>
    q<{ id: number }>(
      `WITH o AS (
         INSERT INTO orders (order_no, project_id, sheet_id, user_id, device_id, amount_fen, description, contact, stock, created_at, closes_at, updated_at,
         participant)
         SELECT $1, $2, a.id, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11, $10, $12 FROM answer_sheets a WHERE a.project_id = $2 AND a.public_id = $3
         ON CONFLICT (order_no) DO NOTHING RETURNING id),
       l AS (
         INSERT INTO order_lines (order_id, product_id, title, spec, price_fen, quantity, amount_fen, spec_id)
         SELECT o.id, p, t, s, pr, qt, pr * qt, si FROM o, unnest($13::text[], $14::text[], $15::text[], $16::int[], $17::int[], $18::text[]) AS x(p, t, s, pr, qt, si))
       SELECT id FROM o`,
      [
        orderNo,
        projectId,
        sheetPublicId,
        buyer.user,
        buyer.device,
        plan.amountFen,
        plan.description,
        JSON.stringify(plan.contact),
        JSON.stringify(plan.stock),
        plan.createdAt,
        plan.closesAt,
        buyer.participant ?? null,
        plan.lines.map((l) => l.productId),
        plan.lines.map((l) => l.title),
        plan.lines.map((l) => l.spec),
        plan.lines.map((l) => l.priceFen),
        plan.lines.map((l) => l.quantity),
        plan.lines.map((l) => l.specId),
      ],
    );
  // Two orders in the same second may draw the same number: drawn again instead of the sheet refused with a 500.
  await withFreshOrderNo(
    plan.orderNo,
    () => newOrderNo(plan.createdAt),
    [],
    async (orderNo) => {
      const [row] = await insert(orderNo);
      if (row) plan.orderNo = orderNo;
      return row;
    },
  );
}
