import type { TGroupBuyView } from '../../../schemas/api/groupbuy';
import * as CALL_PATHS from '../../../schemas/api/paths/calls';
import type { TBodyOf } from '../../../schemas/api/call-path-types';
import { callOf } from '../api';
import { feedUrl } from '../solitaire-feed';

export const getGroupBuy = (body: TBodyOf<typeof CALL_PATHS.groupBuy.getGroupBuy>) => callOf(CALL_PATHS.groupBuy.getGroupBuy, body);

/**
 * The group-buy's live feed: an event when an order is placed, paid, collected or closed anywhere. The page reads
 * its view again on each (the list and the stock follow); EventSource resumes by itself with Last-Event-ID.
 */
export function openGroupBuyFeed(view: Pick<TGroupBuyView, 'questionId' | 'lastEventId'>, onEvent: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(feedUrl(view.questionId, view.lastEventId));
  source.addEventListener('chain', onEvent);
  return () => source.close();
}
