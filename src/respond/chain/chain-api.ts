import type { TChainEvent, TChainView } from '../../../schemas/api/chain';
import * as CALL_PATHS from '../../../schemas/api/paths/calls';
import type { TBodyOf } from '../../../schemas/api/call-path-types';
import { callOf } from '../api';
import { openSolitaireFeed } from '../solitaire-feed';

export const getChain = (body: TBodyOf<typeof CALL_PATHS.chain.getChain>) => callOf(CALL_PATHS.chain.getChain, body);
export const joinChain = (body: TBodyOf<typeof CALL_PATHS.chain.joinChain>) => callOf(CALL_PATHS.chain.joinChain, body);
export const updateChainEntry = (body: TBodyOf<typeof CALL_PATHS.chain.updateChainEntry>) => callOf(CALL_PATHS.chain.updateChainEntry, body);
export const withdrawChainEntry = (body: TBodyOf<typeof CALL_PATHS.chain.withdrawChainEntry>) => callOf(CALL_PATHS.chain.withdrawChainEntry, body);

/** The chain's live feed (solitaire-feed.ts): every join, edit, withdrawal, removal, promotion and settings change. */
export const openChainFeed = (view: Pick<TChainView, 'questionId' | 'lastEventId'>, onEvent: (event: TChainEvent) => void): (() => void) =>
  openSolitaireFeed<TChainEvent>(view.questionId, view.lastEventId, onEvent);
export const getChainWechatAuthUrl = (body: TBodyOf<typeof CALL_PATHS.chain.getChainWechatAuthUrl>) => callOf(CALL_PATHS.chain.getChainWechatAuthUrl, body);
export const getChainWechatIdentity = (body: TBodyOf<typeof CALL_PATHS.chain.getChainWechatIdentity>) => callOf(CALL_PATHS.chain.getChainWechatIdentity, body);
