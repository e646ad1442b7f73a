import { expect, vi } from 'vitest';
import { createActor, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { TMachineEntry } from '../../machines/registry';
import { replayEvents } from '../../machines/simulation/simulate';
import { createStandIns, type TStandInController } from '../../machines/stand-ins';

/**
 * Model-based testing over the machine registry. The paths come from machines/simulation (the flow simulator
 * at /dev/flows lists the same ones): @xstate/graph walks each machine with the registry's sample events and
 * stand-in outcomes, one path per transition of the definition. Here each path is replayed on a real actor
 * whose actors are the controllable stand-ins (timers faked), comparing state and context at every step.
 */
export { definedStates, definedTransitions, stateNodes, takenTransitions } from '../../machines/simulation/chart';
export { modelEvents, planModel, type TModelPlan } from '../../machines/simulation/paths';
export { serializeEvent } from '../../machines/simulation/simulate';

/** Replays events with the pure transition function: the snapshot before each event and after the last. */
export const replay = (entry: TMachineEntry, events: EventObject[]): AnyMachineSnapshot[] => replayEvents(entry, events);

async function flushPromises(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

function delayOf(entry: TMachineEntry, type: string, before: AnyMachineSnapshot): number {
  const name = type.split('.')[2]!;
  if (/^\d+$/.test(name)) return Number(name);
  const delay = (entry.machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return delay({ context: before.context, event: { type } }) as number;
  throw new Error(`Unknown delay "${name}" in ${type}`);
}

/** Makes a real actor take the model's event: user events are sent, actor outcomes chosen, timers advanced. */
async function perform(entry: TMachineEntry, actor: AnyActorRef, controller: TStandInController, event: EventObject, before: AnyMachineSnapshot) {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (done) controller.settle(done[1]!, { kind: 'done', output: (event as { output?: unknown }).output });
  else if (error) controller.settle(error[1]!, { kind: 'error', error: (event as { error?: unknown }).error });
  else if (event.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(delayOf(entry, event.type, before));
  else actor.send(event);
  await flushPromises();
}

export interface TRunOptions {
  /** Named actions replaced for this run (spies). */
  actions?: Record<string, unknown>;
  /** Called after every step with the live actor. */
  onStep?: (actor: AnyActorRef, event: EventObject | null) => void;
}

/** Runs one model path on a real actor with stand-ins, checking state value and context after every step. */
export async function runPath(entry: TMachineEntry, events: EventObject[], options: TRunOptions = {}): Promise<void> {
  vi.useFakeTimers();
  const controller = createStandIns(entry.standIns);
  const logic = entry.machine.provide({ actors: controller.actors, actions: options.actions ?? {} } as never);
  const actor = createActor(logic, { input: entry.input as never });
  const expected = replay(entry, events);
  const describePath = (upTo: number) => ['(start)', ...events.slice(0, upTo).map((e) => e.type)].join(' → ');
  try {
    actor.start();
    await flushPromises();
    options.onStep?.(actor, null);
    expect(actor.getSnapshot().value, describePath(0)).toEqual(expected[0]!.value);
    for (const [i, event] of events.entries()) {
      await perform(entry, actor, controller, event, expected[i]!);
      options.onStep?.(actor, event);
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      expect(snapshot.value, describePath(i + 1)).toEqual(expected[i + 1]!.value);
      expect(snapshot.context, describePath(i + 1)).toEqual(expected[i + 1]!.context);
    }
  } finally {
    actor.stop();
    vi.useRealTimers();
  }
}

/** A started actor of a registered machine whose actors are stand-ins (for hand-written behaviour tests). */
export function startWithStandIns(entry: TMachineEntry, options: { actions?: Record<string, unknown>; input?: unknown } = {}) {
  const controller = createStandIns(entry.standIns);
  const logic = entry.machine.provide({ actors: controller.actors, actions: options.actions ?? {} } as never);
  const actor = createActor(logic, { input: (options.input ?? entry.input) as never });
  actor.start();
  const settle = async (id: string, outcome: Parameters<TStandInController['settle']>[1]) => {
    controller.settle(id, outcome);
    await flushPromises();
  };
  return { actor, controller, settle };
}
