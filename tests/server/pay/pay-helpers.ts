import type { TManagedOrder, TOrderView, TStartPayResult } from '../../../schemas/api/pay';
import type { TSubmitResult } from '../../../schemas/api/write';
import type { TSubject } from '../../../schemas/subjects/registry';
import { sandboxSignature } from '../../../server/providers/pay-sandbox';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import type { TestApp } from '../../helpers/test-app';

export type Shop = TSubject & { products: { uuid: string; title: string; spec?: string; price: number; stock?: number }[] };

/** A published payment page (questionType 6): a 姓名 and a 手机号 subject and two products — 门票 ¥25.00 (stock), 纪念T恤 L码 ¥59.90. */
export async function publishShop(t: TestApp, { stock = 10, settings }: { stock?: number; settings?: object } = {}) {
  const owner = await loginNewUser(t);
  const shop = makeSubject(34, 1, '选择商品') as Shop;
  shop.products = [
    { uuid: `${shop.uuid}-p1`, title: '门票', price: 2500, stock },
    { uuid: `${shop.uuid}-p2`, title: '纪念T恤', spec: 'L码', price: 5990 },
  ];
  const name = makeSubject(6, 2, '收货人姓名');
  const phone = makeSubject(26, 3, '手机号');
  const questionId = await publishProject(t, owner.headers, { subjects: [shop, name, phone], questionType: 6, settings });
  return { owner, questionId, shop, name, phone, ticket: shop.products[0]!.uuid, shirt: shop.products[1]!.uuid };
}

let n = 0;
export const buyer = () => `buyer-${process.pid}-${n++}-${Math.random().toString(36).slice(2, 8)}`;

export type ShopCtx = Awaited<ReturnType<typeof publishShop>>;

/** Submit a sheet that buys `lines` as the device `deviceId`. */
export function buy(t: TestApp, ctx: ShopCtx, deviceId: string, lines: { productId: string; specId?: string; quantity: number }[]) {
  return t.call<TSubmitResult>('active/write/submit', {
    questionId: ctx.questionId,
    submissionId: submissionId(),
    deviceId,
    durationSeconds: 12,
    answers: { [ctx.shop.uuid]: lines, [ctx.name.uuid]: '王小明', [ctx.phone.uuid]: '13800138000' },
  });
}

export const startPay = (t: TestApp, orderNo: string, deviceId: string, call = 'active/pay/wxTradePay') => t.call<TStartPayResult>(call, { orderNo, deviceId });
export const status = (t: TestApp, orderNo: string, deviceId: string) => t.call<TOrderView>('active/pay/getOrderStatus', { orderNo, deviceId });

/** Press 「确认支付」 in the sandbox cashier. */
export const sandboxPay = (t: TestApp, orderNo: string, outcome: 'pay' | 'fail' = 'pay') =>
  t.call<{ returnUrl: string; state: string }>('active/pay/sandbox/decide', { outTradeNo: orderNo, outcome });

/** A notify as the sandbox signs it (or a forged one with another secret). */
export function sandboxNotify(t: TestApp, body: object, secret = t.app.deps.secret) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/pay/notify/sandbox',
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': sandboxSignature(secret, raw) },
    payload: raw,
  });
}

export const manage = <T = TManagedOrder>(t: TestApp, ctx: ShopCtx, call: string, body: object) =>
  t.call<T>(`active/commodity/order/${call}`, { questionId: ctx.questionId, ...body }, ctx.owner.headers);

export const ledgerOf = (t: TestApp, orderNo: string) =>
  t.database.query<{ kind: string; amount_fen: number }>(
    'SELECT l.kind, l.amount_fen FROM ledger l JOIN orders o ON o.id = l.order_id WHERE o.order_no = $1 ORDER BY l.id',
    [orderNo],
  );

export const stockLeft = async (t: TestApp, ctx: ShopCtx) => {
  const form = await t.call<{ subjects: Shop[] }>('active/write/getQuestion', { questionId: ctx.questionId });
  return form.data.subjects.find((s) => s.uuid === ctx.shop.uuid)!.products[0]!.stock;
};

/** An order's ledger rows with their provider, and whether they are an unmatched receipt's (issue 42). */
export const ledgerRowsOf = (t: TestApp, orderNo: string) =>
  t.database.query<{ kind: string; amount_fen: number; provider: string }>(
    'SELECT l.kind, l.amount_fen, l.provider FROM ledger l JOIN orders o ON o.id = l.order_id WHERE o.order_no = $1 ORDER BY l.id',
    [orderNo],
  );

export const receiptsOf = (t: TestApp, orderNo: string) =>
  t.database.query<{ reason: string; state: string; provider: string; amount_fen: number; out_refund_no: string; last_error: string | null }>(
    `SELECT r.reason, r.state, r.provider, r.amount_fen, r.out_refund_no, r.last_error FROM unmatched_receipts r JOIN orders o ON o.id = r.order_id
     WHERE o.order_no = $1 ORDER BY r.id`,
    [orderNo],
  );

/**
 * Every stored balance against its ledger rows (reliability rule 12), as rows that disagree: an order holds its
 * amount once paid less its successful refunds; an unmatched receipt holds its amount until refunded.
 */
export const ledgerMismatches = (t: TestApp) =>
  t.database.query<{ order_no: string; what: string; stored: number; ledger: number }>(
    `SELECT * FROM (
       SELECT o.order_no, 'order' AS what,
              (CASE WHEN o.transaction_id IS NOT NULL THEN o.amount_fen ELSE 0 END)
                - coalesce((SELECT sum(r.amount_fen) FROM order_refunds r WHERE r.order_id = o.id AND r.state = 'success'), 0)::int AS stored,
              coalesce((SELECT sum(l.amount_fen) FROM ledger l WHERE l.order_id = o.id AND l.receipt_id IS NULL), 0)::int AS ledger
       FROM orders o
       UNION ALL
       SELECT o.order_no, 'receipt', CASE WHEN r.state = 'refunded' THEN 0 ELSE r.amount_fen END,
              coalesce((SELECT sum(l.amount_fen) FROM ledger l WHERE l.receipt_id = r.id), 0)::int
       FROM unmatched_receipts r JOIN orders o ON o.id = r.order_id
     ) x WHERE stored <> ledger`,
  );
