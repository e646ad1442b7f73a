import { getAdjacencyMap, getShortestPaths } from '@xstate/graph';
import { expect, vi } from 'vitest';
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  initialTransition,
  transition,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type MachineContext,
  type StateNode,
  type TransitionDefinition,
} from 'xstate';
import type { TMachineEntry } from '../../machines/registry';
import { createStandIns, outcomeEvents, type TStandInController } from '../../machines/stand-ins';

/**
 * Model-based testing over the machine registry: @xstate/graph walks each machine with the registry's sample
 * events and stand-in outcomes; we pick one path per transition of the definition, check that the union of
 * the paths takes every transition and visits every state, and replay each path on a real actor whose actors
 * are the controllable stand-ins (timers faked), comparing state and context at every step.
 */
type AnyNode = StateNode<MachineContext, EventObject>;
type AnyTransition = TransitionDefinition<MachineContext, EventObject>;

export function stateNodes(machine: AnyStateMachine): AnyNode[] {
  const walk = (node: AnyNode): AnyNode[] => Object.values(node.states as Record<string, AnyNode>).flatMap((child) => [child, ...walk(child)]);
  return [machine.root as AnyNode, ...walk(machine.root as AnyNode)];
}

const transitionKey = (t: AnyTransition): string => {
  const siblings = (t.source as AnyNode).transitions.get(t.eventType) ?? [];
  return `${t.source.id} ─${t.eventType}→ #${siblings.indexOf(t)}`;
};

/** Every transition of the definition: (state node, event, candidate index). */
export function definedTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of stateNodes(machine)) {
    if (node.always?.length) throw new Error(`${node.id}: eventless transitions are not covered by this harness yet`);
    for (const candidates of node.transitions.values()) candidates.forEach((t: AnyTransition) => keys.add(transitionKey(t)));
  }
  return keys;
}

/** Every state node except the root. */
export const definedStates = (machine: AnyStateMachine): Set<string> =>
  new Set(stateNodes(machine).slice(1).map((node) => node.id));

export const takenTransitions = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] =>
  machine.getTransitionData(snapshot as never, event).map((t) => transitionKey(t as AnyTransition));

const activeStates = (snapshot: AnyMachineSnapshot): string[] =>
  (snapshot as unknown as { _nodes: AnyNode[] })._nodes.map((node) => node.id);

export const serializeEvent = (event: EventObject): string =>
  JSON.stringify(event, (_key, value: unknown) => (value instanceof Error ? { error: value.message } : value));

function serializeStateFor(entry: TMachineEntry) {
  const ignore = new Set(entry.displayOnly ?? []);
  return (snapshot: AnyMachineSnapshot): string =>
    JSON.stringify({
      value: snapshot.value,
      context: Object.fromEntries(Object.entries(snapshot.context ?? {}).filter(([key]) => !ignore.has(key))),
    });
}

/** The events a state can take: the samples and outcomes for its event types, `{ type }` for the rest. */
export function modelEvents(entry: TMachineEntry): (snapshot: AnyMachineSnapshot) => EventObject[] {
  const samples = [...entry.sampleEvents, ...outcomeEvents(entry.standIns)];
  return (snapshot) =>
    __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type) => {
      const matching = samples.filter((event) => event.type === type);
      return matching.length ? matching : [{ type }];
    });
}

export interface TModelPlan {
  /** Event sequences from the initial state, one or more per transition of the definition. */
  paths: EventObject[][];
  defined: Set<string>;
  taken: Set<string>;
  states: Set<string>;
  visited: Set<string>;
}

/** Replays events with the pure transition function: the snapshot before each event and after the last. */
export function replay(entry: TMachineEntry, events: EventObject[]): AnyMachineSnapshot[] {
  const [first] = initialTransition(entry.machine, entry.input as never);
  const snapshots: AnyMachineSnapshot[] = [first as AnyMachineSnapshot];
  for (const event of events) snapshots.push(transition(entry.machine, snapshots[snapshots.length - 1] as never, event as never)[0] as AnyMachineSnapshot);
  return snapshots;
}

export function planModel(entry: TMachineEntry): TModelPlan {
  const serializeState = serializeStateFor(entry);
  const options = { events: modelEvents(entry), input: entry.input, serializeState, serializeEvent } as never;
  const machine = entry.machine;

  // Shortest path to every distinguishable state, then one more step for each transition it enables.
  const toState = new Map<string, EventObject[]>();
  for (const path of getShortestPaths(machine, options) as Array<{ state: AnyMachineSnapshot; steps: Array<{ event: EventObject }> }>) {
    toState.set(serializeState(path.state), path.steps.slice(1).map((step) => step.event));
  }
  const chosen = new Map<string, EventObject[]>();
  const adjacency = getAdjacencyMap(machine, options) as unknown as Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject }> }>;
  for (const [stateKey, { state, transitions }] of Object.entries(adjacency)) {
    const head = toState.get(stateKey);
    if (!head) continue;
    for (const { event } of Object.values(transitions)) {
      for (const key of takenTransitions(machine, state, event)) if (!chosen.has(key)) chosen.set(key, [...head, event]);
    }
  }

  // Keep the longest paths; drop those that are a prefix of another.
  const paths: EventObject[][] = [];
  const sorted = [...chosen.values()].sort((a, b) => b.length - a.length);
  for (const path of sorted) {
    const isPrefix = paths.some((longer) => path.every((event, i) => serializeEvent(event) === serializeEvent(longer[i]!)));
    if (!isPrefix) paths.push(path);
  }

  // Coverage is measured on the paths themselves, replayed step by step.
  const taken = new Set<string>();
  const visited = new Set<string>();
  for (const path of paths) {
    const snapshots = replay(entry, path);
    snapshots.forEach((snapshot) => activeStates(snapshot).forEach((id) => visited.add(id)));
    path.forEach((event, i) => takenTransitions(machine, snapshots[i]!, event).forEach((key) => taken.add(key)));
  }
  return { paths, defined: definedTransitions(machine), taken, states: definedStates(machine), visited };
}

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
