import { QUESTION_TYPE, SOLITAIRE_TYPE } from '../project-kinds';
import type { TWebhookEvent } from './events';

/**
 * Which events a project of a kind produces, so its webhooks offer only those (issue 53 item 3): every kind accepts
 * sheets; a payment page (在线收款) and a group-buy chain (团购接龙) take orders; an appointment project takes
 * bookings. Ballots are cast in vote activities (vote_activities, not projects): no project kind offers ballot.cast;
 * a vote's own webhooks (voteId) offer it alone (server/services/webhooks/webhook-owner.ts).
 */
export function webhookEventsOf(questionType: number | null | undefined, solitaireType: number | null | undefined): TWebhookEvent[] {
  if (questionType === QUESTION_TYPE.online) return ['sheet.accepted', 'order.paid'];
  if (questionType === QUESTION_TYPE.solitaire && solitaireType === SOLITAIRE_TYPE.groupBuy) return ['sheet.accepted', 'order.paid'];
  if (questionType === QUESTION_TYPE.appoint) return ['sheet.accepted', 'booking.created'];
  return ['sheet.accepted'];
}
