import { CHAIN_LIMITS } from '../../schemas/chain/limits';
import type { TChainDraft } from './chain-quick-start.types';

/** Why the draft cannot be published yet (the screen's message), or null when it can. */
export function draftProblem(draft: TChainDraft, now: Date): string | null {
  if (!draft.title.trim()) return '请填写接龙标题';
  if (draft.cap !== null && (!Number.isInteger(draft.cap) || draft.cap < 1 || draft.cap > CHAIN_LIMITS.maxCap)) {
    return `人数上限请填 1 到 ${CHAIN_LIMITS.maxCap} 之间的整数`;
  }
  if (draft.deadline !== null && Date.parse(draft.deadline) <= now.getTime()) return '截止时间要晚于现在';
  return null;
}
