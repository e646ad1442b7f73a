/**
 * A vote activity's lifecycle (spec §4: suspend or start, delete to the bin, restore, delete for good): the one
 * transition table the server enforces (server/services/vote/vote-lifecycle.service.ts, one conditional UPDATE per
 * event) and the machine is built from (machines/vote-activity/). Zod-free. The bin is orthogonal to the status:
 * an activity keeps its status in the bin and has it again when restored.
 */
export const VOTE_STATUSES = ['draft', 'running', 'suspended', 'ended'] as const;
export type TVoteStatus = (typeof VOTE_STATUSES)[number];

export const VOTE_STATUS_NAMES: Record<TVoteStatus, string> = { draft: '未发布', running: '进行中', suspended: '已暂停', ended: '已结束' };

/** Status events: from which statuses each may be taken (never in the bin), and where it leads. */
export const VOTE_STATUS_EVENTS = {
  'vote.publish': { from: ['draft'], to: 'running' },
  'vote.suspend': { from: ['running'], to: 'suspended' },
  'vote.resume': { from: ['suspended'], to: 'running' },
  'vote.end': { from: ['running', 'suspended'], to: 'ended' },
} as const satisfies Record<string, { from: readonly TVoteStatus[]; to: TVoteStatus }>;
export type TVoteStatusEvent = keyof typeof VOTE_STATUS_EVENTS;

/** Bin events: 'vote.delete' out of the list, 'vote.restore' back, 'vote.purge' for good (only from the bin). */
export const VOTE_BIN_EVENTS = {
  'vote.delete': { inBin: false },
  'vote.restore': { inBin: true },
  'vote.purge': { inBin: true },
} as const satisfies Record<string, { inBin: boolean }>;
export type TVoteBinEvent = keyof typeof VOTE_BIN_EVENTS;
export type TVoteLifecycleEvent = TVoteStatusEvent | TVoteBinEvent;
export const VOTE_LIFECYCLE_EVENTS = [...Object.keys(VOTE_STATUS_EVENTS), ...Object.keys(VOTE_BIN_EVENTS)] as TVoteLifecycleEvent[];

/** Whether an activity in `status` (in the bin or not) may take `event`. */
export function canTake(status: TVoteStatus, inBin: boolean, event: TVoteLifecycleEvent): boolean {
  if (event in VOTE_STATUS_EVENTS) return !inBin && (VOTE_STATUS_EVENTS[event as TVoteStatusEvent].from as readonly TVoteStatus[]).includes(status);
  return VOTE_BIN_EVENTS[event as TVoteBinEvent].inBin === inBin;
}

/** What getVoteSuspendOrStart does without an explicit action: start a draft, suspend a running one, resume a suspended one. */
export function toggleEvent(status: TVoteStatus): TVoteStatusEvent | null {
  return status === 'draft' ? 'vote.publish' : status === 'running' ? 'vote.suspend' : status === 'suspended' ? 'vote.resume' : null;
}

/** What a voter meets now: the status, and the window of start and end time. */
export type TVotePhase = 'draft' | 'notStarted' | 'running' | 'suspended' | 'ended';
export function votePhase(a: { status: TVoteStatus; startAt: Date | null; endAt: Date | null }, now: Date): TVotePhase {
  if (a.status === 'draft' || a.status === 'suspended' || a.status === 'ended') return a.status;
  if (a.endAt && now.getTime() >= a.endAt.getTime()) return 'ended';
  if (a.startAt && now.getTime() < a.startAt.getTime()) return 'notStarted';
  return 'running';
}

/** What the creator's badge says: the phase a voter meets (a running vote before its start is 未开始). */
export const VOTE_PHASE_NAMES: Record<TVotePhase, string> = { ...VOTE_STATUS_NAMES, notStarted: '未开始' };
