/**
 * A chain entry's life (issue 20 item 1): the one transition table the server enforces and the chain-entry
 * machine (machines/chain-entry/) is built from. Zod-free, so the respondent bundle can read it.
 */
export const CHAIN_ENTRY_STATES = ['joined', 'waitlisted', 'withdrawn', 'removed'] as const;
export type TChainEntryState = (typeof CHAIN_ENTRY_STATES)[number];

/** What may happen to an entry in each state; withdrawn and removed are final. */
export const CHAIN_ENTRY_TRANSITIONS = {
  joined: { edit: 'joined', withdraw: 'withdrawn', remove: 'removed' },
  waitlisted: { edit: 'waitlisted', promote: 'joined', withdraw: 'withdrawn', remove: 'removed' },
  withdrawn: {},
  removed: {},
} as const satisfies Record<TChainEntryState, Partial<Record<TChainEntryAction, TChainEntryState>>>;
export type TChainEntryAction = 'edit' | 'promote' | 'withdraw' | 'remove';

/** The state `action` leads to from `state`, or null when the table has no such move. */
export function nextEntryState(state: TChainEntryState, action: TChainEntryAction): TChainEntryState | null {
  const moves: Partial<Record<TChainEntryAction, TChainEntryState>> = CHAIN_ENTRY_TRANSITIONS[state];
  return moves[action] ?? null;
}

/** States that hold a place or a waiting position (the one-entry-per-person key covers these). */
export const LIVE_ENTRY_STATES: readonly TChainEntryState[] = ['joined', 'waitlisted'];

export const ENTRY_STATE_NAMES: Record<TChainEntryState, string> = { joined: '已报名', waitlisted: '候补中', withdrawn: '已退出', removed: '已移除' };
