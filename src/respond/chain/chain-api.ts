import type { chainCalls, TChainEvent, TChainView } from '../../../schemas/api/chain';
import type { TRequestOf, TResponseOf } from '../../../schemas/api/contract';
import { post } from '../api';

type C = typeof chainCalls;
const S = 'activity/question/solitaire/';

export const getChain = (body: TRequestOf<C['getChain']>) => post<TResponseOf<C['getChain']>>(`${S}getChain`, body);
export const joinChain = (body: TRequestOf<C['joinChain']>) => post<TResponseOf<C['joinChain']>>(`${S}joinChain`, body);
export const updateChainEntry = (body: TRequestOf<C['updateChainEntry']>) => post<TResponseOf<C['updateChainEntry']>>(`${S}updateChainEntry`, body);
export const withdrawChainEntry = (body: TRequestOf<C['withdrawChainEntry']>) => post<TResponseOf<C['withdrawChainEntry']>>(`${S}withdrawChainEntry`, body);

/**
 * The chain's live feed. EventSource reconnects by itself and sends Last-Event-ID, so the server replays what
 * the page missed; `lastEventId` is where the list the page shows was read.
 */
export function openChainFeed(view: Pick<TChainView, 'questionId' | 'lastEventId'>, onEvent: (event: TChainEvent) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`/api/${S}events?questionId=${encodeURIComponent(view.questionId)}&lastEventId=${view.lastEventId}`);
  source.addEventListener('chain', (message) => onEvent(JSON.parse((message as MessageEvent<string>).data) as TChainEvent));
  return () => source.close();
}
