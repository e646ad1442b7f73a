import type { groupBuyCalls, TGroupBuyView } from '../../../schemas/api/groupbuy';
import type { TRequestOf, TResponseOf } from '../../../schemas/api/contract';
import { post } from '../api';

type C = typeof groupBuyCalls;
const S = 'activity/question/solitaire/';

export const getGroupBuy = (body: TRequestOf<C['getGroupBuy']>) => post<TResponseOf<C['getGroupBuy']>>(`${S}getGroupBuy`, body);

/**
 * The group-buy's live feed: an event when an order is placed, paid, collected or closed anywhere. The page reads
 * its view again on each (the list and the stock follow); EventSource resumes by itself with Last-Event-ID.
 */
export function openGroupBuyFeed(view: Pick<TGroupBuyView, 'questionId' | 'lastEventId'>, onEvent: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`/api/${S}events?questionId=${encodeURIComponent(view.questionId)}&lastEventId=${view.lastEventId}`);
  source.addEventListener('chain', onEvent);
  return () => source.close();
}
