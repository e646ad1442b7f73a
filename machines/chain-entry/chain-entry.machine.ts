import { assign, setup } from 'xstate';
import { CHAIN_ENTRY_TRANSITIONS, type TChainEntryAction, type TChainEntryState } from '../../schemas/chain/entry-states';
import type { TChainEntryContext, TChainEntryEvent } from './chain-entry.types';

/** The machine's state for each of the table's moves, built from the one table the server enforces. */
function movesOf(state: TChainEntryState) {
  const moves: Partial<Record<TChainEntryAction, TChainEntryState>> = CHAIN_ENTRY_TRANSITIONS[state];
  return Object.fromEntries(
    Object.entries(moves).map(([action, target]) => (action === 'edit' ? [`entry.${action}`, { actions: 'countEdit' }] : [`entry.${action}`, { target }])),
  );
}

/**
 * One sign-up chain entry (issue 20 item 1): a join takes a place (joined) or waits (waitlisted, when the cap is
 * reached); a waiting entry is promoted in arrival order when a place frees; the participant edits or withdraws
 * it, the creator removes it with a reason. Withdrawn and removed are final; the entry keeps its number.
 */
export const chainEntryMachine = setup({
  types: { context: {} as TChainEntryContext, events: {} as TChainEntryEvent },
  actions: { countEdit: assign({ edits: ({ context }) => context.edits + 1 }) },
}).createMachine({
  id: 'chain-entry',
  context: { edits: 0 },
  initial: 'joining',
  states: {
    joining: { on: { 'entry.join': { target: 'joined' }, 'entry.queue': { target: 'waitlisted' } } },
    joined: { on: movesOf('joined') },
    waitlisted: { on: movesOf('waitlisted') },
    withdrawn: { type: 'final' },
    removed: { type: 'final' },
  },
});
