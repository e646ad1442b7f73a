import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { chainEntryMachine } from '../../machines/chain-entry/chain-entry.machine';
import { canChange, entryStateOf } from '../../machines/chain-entry/chain-entry.selectors';
import { CHAIN_ENTRY_STATES, CHAIN_ENTRY_TRANSITIONS, nextEntryState, type TChainEntryAction } from '../../schemas/chain/entry-states';

const ACTIONS: TChainEntryAction[] = ['edit', 'promote', 'withdraw', 'remove'];

/** An actor in `state` (reached the way the server reaches it). */
function actorIn(state: (typeof CHAIN_ENTRY_STATES)[number]) {
  const actor = createActor(chainEntryMachine).start();
  actor.send({ type: state === 'joined' ? 'entry.join' : 'entry.queue' });
  if (state === 'withdrawn') actor.send({ type: 'entry.withdraw' });
  if (state === 'removed') actor.send({ type: 'entry.remove' });
  return actor;
}

describe('chain-entry machine', () => {
  it('takes exactly the moves the server allows (one table, schemas/chain/entry-states.ts)', () => {
    for (const state of CHAIN_ENTRY_STATES) {
      for (const action of ACTIONS) {
        const actor = actorIn(state);
        const before = actor.getSnapshot();
        const can = before.can({ type: `entry.${action}` });
        expect(can, `${state} ${action}`).toBe(nextEntryState(state, action) !== null);
        if (!can) continue;
        actor.send({ type: `entry.${action}` });
        expect(entryStateOf(actor.getSnapshot())).toBe(nextEntryState(state, action));
      }
    }
  });

  it('lets a live entry change and ends withdrawn and removed ones', () => {
    expect(canChange(actorIn('joined').getSnapshot())).toBe(true);
    expect(canChange(actorIn('waitlisted').getSnapshot())).toBe(true);
    expect(actorIn('withdrawn').getSnapshot().status).toBe('done');
    expect(canChange(actorIn('removed').getSnapshot())).toBe(false);
    expect(Object.keys(CHAIN_ENTRY_TRANSITIONS.removed)).toEqual([]);
  });
});
