import { queryOptions } from '@tanstack/react-query';
import { chainCalls } from '../../schemas/api/chain';
import type { TRequestOf } from '../../schemas/api/contract';
import { call } from './client';

/** Sign-up chain calls of the creator's screen (activity/question/solitaire/*). */
type C = typeof chainCalls;

export const chainKeys = { manage: (questionId: string) => ['chain', questionId, 'manage'] as const };

export const chainManageQuery = (questionId: string) =>
  queryOptions({ queryKey: chainKeys.manage(questionId), queryFn: () => call(chainCalls.getChainManage, { questionId }), enabled: !!questionId });

export const saveChainSetting = (body: TRequestOf<C['saveChainSetting']>) => call(chainCalls.saveChainSetting, body);
export const pinChainNote = (questionId: string, note: string) => call(chainCalls.pinChainNote, { questionId, note });
export const closeChain = (questionId: string, closed: boolean) => call(chainCalls.closeChain, { questionId, closed });
export const removeChainEntry = (questionId: string, entryId: string, reason: string) => call(chainCalls.removeChainEntry, { questionId, entryId, reason });
export const exportChainList = (questionId: string) => call(chainCalls.exportChainList, { questionId });
export const getChainMissing = (questionId: string, names: string) => call(chainCalls.getChainMissing, { questionId, names });

/** A 接龙 project's live feed (every kind shares it: sign-up, check-in, group-buy): `onChange` runs on every event (the screen reads again). */
export function watchChain(questionId: string, lastEventId: number, onChange: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`/api/activity/question/solitaire/events?questionId=${encodeURIComponent(questionId)}&lastEventId=${lastEventId}`);
  source.addEventListener('chain', onChange);
  return () => source.close();
}
