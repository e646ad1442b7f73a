import { assign, setup } from 'xstate';
import { VOTE_STATUS_EVENTS, VOTE_STATUSES, type TVoteStatus, type TVoteStatusEvent } from '../../schemas/vote/vote-lifecycle';
import type { TVoteActivityContext, TVoteActivityEvent } from './vote-activity.types';

/** The status events a status may take, straight from the shared table. */
const statusState = (status: TVoteStatus) => ({
  entry: { type: 'setStatus' as const, params: { status } },
  on: Object.fromEntries(
    (Object.entries(VOTE_STATUS_EVENTS) as [TVoteStatusEvent, { from: readonly TVoteStatus[]; to: TVoteStatus }][])
      .filter(([, e]) => e.from.includes(status))
      .map(([event, e]) => [event, { target: `#voteActivity.live.${e.to}` }]),
  ),
});

/**
 * A vote activity's lifecycle (spec §4, issue 19): draft → running ⇄ suspended → ended, built from the transition
 * table the server enforces (schemas/vote/vote-lifecycle.ts). The bin is apart from the status: 'vote.delete'
 * leaves any status for the bin, 'vote.restore' returns to the status it had (kept in context), 'vote.purge' ends it.
 */
export const voteActivityMachine = setup({
  types: { context: {} as TVoteActivityContext, events: {} as TVoteActivityEvent },
  actions: {
    countBin: assign(({ context }) => ({ binned: context.binned + 1 })),
    setStatus: assign((_, params: { status: TVoteStatus }) => ({ status: params.status })),
  },
  guards: { had: ({ context }, params: { status: TVoteStatus }) => context.status === params.status },
}).createMachine({
  id: 'voteActivity',
  context: { binned: 0, status: 'draft' },
  initial: 'live',
  states: {
    live: {
      initial: 'draft',
      states: Object.fromEntries(VOTE_STATUSES.map((s) => [s, statusState(s)])),
      on: { 'vote.delete': { target: 'bin', actions: 'countBin' } },
    },
    bin: {
      on: {
        'vote.restore': VOTE_STATUSES.map((status) => ({ target: `live.${status}`, guard: { type: 'had' as const, params: { status } } })),
        'vote.purge': 'purged',
      },
    },
    purged: { type: 'final' },
  },
});
