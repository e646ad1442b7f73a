import type { SnapshotFrom } from 'xstate';
import { CHAIN_ENTRY_TRANSITIONS, type TChainEntryState } from '../../schemas/chain/entry-states';
import type { chainEntryMachine } from './chain-entry.machine';

type TSnapshot = SnapshotFrom<typeof chainEntryMachine>;

/** The entry's state as the server names it (null while joining). */
export const entryStateOf = (snapshot: TSnapshot): TChainEntryState | null => (snapshot.value === 'joining' ? null : (snapshot.value as TChainEntryState));

/** Whether the participant may still edit or withdraw it. */
export const canChange = (snapshot: TSnapshot): boolean => {
  const state = entryStateOf(snapshot);
  return state !== null && 'withdraw' in CHAIN_ENTRY_TRANSITIONS[state];
};
