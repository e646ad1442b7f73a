import { fromPromise, type AnyActorLogic, type EventObject } from 'xstate';

/**
 * Controllable stand-ins for a machine's actors. Each actor (keyed by its name, which is also its invoke id)
 * gets named outcomes; while a stand-in is running, a test or the flow simulator chooses how it ends.
 */
export type TOutcome = { kind: 'done'; output: unknown } | { kind: 'error'; error: unknown };

export interface TStandIn {
  /** What the real actor does, one line. */
  does: string;
  outcomes: Record<string, TOutcome>;
}

export type TStandIns = Record<string, TStandIn>;

export const done = (output: unknown = null): TOutcome => ({ kind: 'done', output });
export const failure = (message: string): TOutcome => ({ kind: 'error', error: new Error(message) });

export interface TPendingCall {
  /** The invoke id (equal to the actor name in our machines). */
  id: string;
  src: string;
  input: unknown;
}

interface TWaiting extends TPendingCall {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export interface TStandInController {
  /** Pass to `machine.provide({ actors })`. */
  actors: Record<string, AnyActorLogic>;
  /** Stand-ins that are running now, oldest first. */
  pending: () => TPendingCall[];
  /** End a running stand-in with one of its named outcomes or an explicit one. */
  settle: (id: string, outcome: string | TOutcome) => void;
  /** Called whenever a stand-in starts, ends or is cancelled (the simulator re-renders). */
  subscribe: (listener: () => void) => () => void;
}

export function createStandIns(standIns: TStandIns): TStandInController {
  const waiting = new Map<string, TWaiting>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const standIn = (src: string) =>
    fromPromise<unknown, unknown>(
      ({ input, self, signal }) =>
        new Promise((resolve, reject) => {
          const entry: TWaiting = { id: self.id, src, input, resolve, reject };
          waiting.set(self.id, entry);
          signal.addEventListener('abort', () => {
            if (waiting.get(entry.id) === entry) waiting.delete(entry.id);
            notify();
          });
          notify();
        }),
    );

  return {
    actors: Object.fromEntries(Object.keys(standIns).map((src) => [src, standIn(src)])),
    pending: () => [...waiting.values()].map(({ id, src, input }) => ({ id, src, input })),
    settle(id, outcome) {
      const entry = waiting.get(id);
      if (!entry) throw new Error(`No running stand-in "${id}" (running: ${[...waiting.keys()].join(', ') || 'none'})`);
      const chosen = typeof outcome === 'string' ? standIns[entry.src]?.outcomes[outcome] : outcome;
      if (!chosen) throw new Error(`Stand-in "${entry.src}" has no outcome "${String(outcome)}"`);
      waiting.delete(id);
      if (chosen.kind === 'done') entry.resolve(chosen.output);
      else entry.reject(chosen.error);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The done / error events each outcome produces in the machine, for graph traversal. */
export function outcomeEvents(standIns: TStandIns): EventObject[] {
  return Object.entries(standIns).flatMap(([id, standIn]) =>
    Object.values(standIn.outcomes).map((outcome) =>
      outcome.kind === 'done' ? { type: `xstate.done.actor.${id}`, output: outcome.output } : { type: `xstate.error.actor.${id}`, error: outcome.error },
    ),
  );
}
