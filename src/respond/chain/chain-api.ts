import type { chainCalls, TChainEvent, TChainView } from '../../../schemas/api/chain';
import type { TRequestOf, TResponseOf } from '../../../schemas/api/contract';
import { post } from '../api';
import { openSolitaireFeed } from '../solitaire-feed';

type C = typeof chainCalls;
const S = 'activity/question/solitaire/';

export const getChain = (body: TRequestOf<C['getChain']>) => post<TResponseOf<C['getChain']>>(`${S}getChain`, body);
export const joinChain = (body: TRequestOf<C['joinChain']>) => post<TResponseOf<C['joinChain']>>(`${S}joinChain`, body);
export const updateChainEntry = (body: TRequestOf<C['updateChainEntry']>) => post<TResponseOf<C['updateChainEntry']>>(`${S}updateChainEntry`, body);
export const withdrawChainEntry = (body: TRequestOf<C['withdrawChainEntry']>) => post<TResponseOf<C['withdrawChainEntry']>>(`${S}withdrawChainEntry`, body);

/** The chain's live feed (solitaire-feed.ts): every join, edit, withdrawal, removal, promotion and settings change. */
export const openChainFeed = (view: Pick<TChainView, 'questionId' | 'lastEventId'>, onEvent: (event: TChainEvent) => void): (() => void) =>
  openSolitaireFeed<TChainEvent>(view.questionId, view.lastEventId, onEvent);
