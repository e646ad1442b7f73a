import { carrierName } from '../../../schemas/logistics/carriers';
import { SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import type { Query } from '../../db/client';
import { buyerParticipant } from '../groupbuy/groupbuy-orders.service';
import { NEWS_TYPES, notify } from '../messages/notify.service';
import { recordNotice } from '../notices/notice-record.service';
import { plainTitle } from '../report/report-subjects';

/** The project as the shipping notice needs it. */
export interface ShippedProject {
  id: number;
  title: string;
  question_type: number;
  solitaire_type: number | null;
}
type Buyer = { order_no: string; user_id: number | null; participant: string | null; device_id: string; items: string };

/** 你在「周末水果团」的订单（赣南脐橙（10斤装） ×1）已发货：顺丰速运 SF1234567890。 */
export const shippedText = (title: string, items: string, carrier: string, trackingNo: string): string =>
  `你在「${plainTitle(title).slice(0, 30)}」的订单${items ? `（${items.slice(0, 60)}）` : ''}已发货：${carrierName(carrier)} ${trackingNo}。`;

/**
 * 发货通知: told once per order, inside the shipping's transaction, when an order is first shipped (a correction
 * tells nothing): the header bell message of the buyer's account when they ordered logged in; and for a group-buy,
 * a notice (kind order_shipped) to the buyer as the group-buy page knows them — the owner's official account's
 * template message for a WeChat buyer when the owner chose one, else on the group-buy page at the next visit. No
 * text is spent on it (the notice carries no phone). Returns whether a notice waits to be sent.
 */
export async function tellShipped(
  q: Query,
  project: ShippedProject,
  line: { orderNo: string; carrier: string; trackingNo: string },
  now: Date,
): Promise<boolean> {
  const [buyer] = await q<Buyer>(
    `SELECT o.order_no, o.user_id, o.participant, o.device_id,
            coalesce((SELECT string_agg(l.title || CASE WHEN coalesce(l.spec, '') <> '' THEN '（' || l.spec || '）' ELSE '' END || ' ×' || l.quantity, '、' ORDER BY l.id)
                      FROM order_lines l WHERE l.order_id = o.id), '') AS items
     FROM orders o WHERE o.project_id = $1 AND o.order_no = $2`,
    [project.id, line.orderNo],
  );
  if (!buyer) return false;
  const text = shippedText(project.title, buyer.items, line.carrier, line.trackingNo);
  if (buyer.user_id) await notify(q, buyer.user_id, { title: text, newsType: NEWS_TYPES.orderShipped, key: `orderShipped:${buyer.order_no}` }, now);
  if (project.question_type !== 5 || project.solitaire_type !== SOLITAIRE_TYPE.groupBuy) return false;
  const participant = buyerParticipant(buyer);
  const notice = {
    projectId: project.id,
    kind: 'order_shipped' as const,
    recipient: { participant, name: '', phone: '', brand: '' },
    text,
    onceKey: `order_shipped:${buyer.order_no}`,
  };
  return (await recordNotice(q, notice, now)) !== null;
}
