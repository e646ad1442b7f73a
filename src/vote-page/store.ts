import { useSyncExternalStore } from 'react';

/**
 * What a ballot changes, shared by every view of the page (grid card, ranking row, detail sheet, totals,
 * remaining votes): a vote counted by the server shows at once everywhere without reloading the lists.
 */
export interface TLive {
  /** Votes per player id, as last told by the server. */
  votes: Record<string, number>;
  /** Total votes of the activity. */
  totalVotes: number | null;
  /** Votes this voter has left under the rule (null: not known yet, e.g. before identity). */
  remaining: number | null;
}

export class LiveStore {
  private state: TLive = { votes: {}, totalVotes: null, remaining: null };
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  get = () => this.state;

  set(patch: Partial<TLive>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  /** Counts from a list the server sent; newer counts from a ballot are never overwritten by an older page. */
  seed(players: ReadonlyArray<{ playerId: string; votes: number | null }>) {
    const votes = { ...this.state.votes };
    let changed = false;
    for (const p of players) {
      if (p.votes === null) continue;
      if (votes[p.playerId] === undefined || p.votes > votes[p.playerId]!) {
        votes[p.playerId] = p.votes;
        changed = true;
      }
    }
    if (changed) this.set({ votes });
  }

  /** A ballot the server counted: the players' new counts and what the voter has left. */
  counted(counts: Record<string, number>, remaining: number | null, added: number) {
    const totalVotes = this.state.totalVotes === null ? null : this.state.totalVotes + added;
    this.set({ votes: { ...this.state.votes, ...counts }, remaining, totalVotes });
  }
}

export function useLive<T>(store: LiveStore, pick: (s: TLive) => T): T {
  return useSyncExternalStore(store.subscribe, () => pick(store.get()));
}
