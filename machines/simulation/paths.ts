import { getAdjacencyMap, getShortestPaths } from '@xstate/graph';
import { __unsafe_getAllOwnEventDescriptors, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { TMachineEntry } from '../registry';
import { outcomeEvents } from '../stand-ins';
import { activeNodes, definedStates, definedTransitions, stateLabel, takenTransitions } from './chart';
import { replayEvents, serializeEvent, stepsOf, type TStep } from './simulate';

/**
 * Paths through a registered machine, found with @xstate/graph from the registry's sample events and
 * stand-in outcomes. The model-based tests replay `planModel`'s paths; the flow simulator lists those, the
 * shortest path to every state and simple paths to a chosen state.
 */

/** Tells states apart by value and context, ignoring the registry's display-only fields. */
export function serializeStateFor(entry: TMachineEntry) {
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

type TAdjacency = Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }>;

/** One walk of the machine, shared by the path lists below. */
export interface TExploration {
  entry: TMachineEntry;
  serializeState: (snapshot: AnyMachineSnapshot) => string;
  initialKey: string;
  adjacency: TAdjacency;
  /** Shortest events (without xstate.init) to every distinguishable state, by state key, in discovery order. */
  shortest: Map<string, { state: AnyMachineSnapshot; events: EventObject[] }>;
}

export function explore(entry: TMachineEntry): TExploration {
  const serializeState = serializeStateFor(entry);
  const options = { events: modelEvents(entry), input: entry.input, serializeState, serializeEvent } as never;
  const shortest = new Map<string, { state: AnyMachineSnapshot; events: EventObject[] }>();
  for (const path of getShortestPaths(entry.machine, options) as Array<{ state: AnyMachineSnapshot; steps: Array<{ event: EventObject }> }>) {
    shortest.set(serializeState(path.state), { state: path.state, events: path.steps.slice(1).map((step) => step.event) });
  }
  const adjacency = getAdjacencyMap(entry.machine, options) as unknown as TAdjacency;
  return { entry, serializeState, initialKey: Object.keys(adjacency)[0]!, adjacency, shortest };
}

export interface TModelPlan {
  /** Event sequences from the initial state, one or more per transition of the definition. */
  paths: EventObject[][];
  defined: Set<string>;
  taken: Set<string>;
  states: Set<string>;
  visited: Set<string>;
}

/** The model-based tests' paths: together they take every transition of the definition (when reachable). */
export function planModel(entry: TMachineEntry, exploration: TExploration = explore(entry)): TModelPlan {
  const machine = entry.machine;
  // Shortest path to every distinguishable state, then one more step for each transition it enables.
  const chosen = new Map<string, EventObject[]>();
  for (const [stateKey, { state, transitions }] of Object.entries(exploration.adjacency)) {
    const head = exploration.shortest.get(stateKey)?.events;
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
    const snapshots = replayEvents(entry, path);
    snapshots.forEach((snapshot) => activeNodes(snapshot).forEach((node) => visited.add(node.id)));
    path.forEach((event, i) => takenTransitions(machine, snapshots[i]!, event).forEach((key) => taken.add(key)));
  }
  return { paths, defined: definedTransitions(machine), taken, states: definedStates(machine), visited };
}

export interface TFlowPath {
  /** Stable within one exploration: `test-3`, `shortest-0`, `simple-12`. */
  id: string;
  /** The state the path ends in. */
  target: string;
  steps: TStep[];
}

const flowPath = (entry: TMachineEntry, id: string, state: AnyMachineSnapshot, events: EventObject[]): TFlowPath => ({
  id,
  target: stateLabel(state),
  steps: stepsOf(entry, events),
});

/** The model-based tests' paths as flows. */
export function testPaths(exploration: TExploration): TFlowPath[] {
  const { entry } = exploration;
  return planModel(entry, exploration).paths.map((events, i) => {
    const snapshots = replayEvents(entry, events);
    return flowPath(entry, `test-${i}`, snapshots[snapshots.length - 1]!, events);
  });
}

/** The shortest path to every state value but the initial one (states that differ only in context share one). */
export function shortestPaths(exploration: TExploration): TFlowPath[] {
  const byValue = new Map<string, TFlowPath>();
  const initial = stateLabel(exploration.adjacency[exploration.initialKey]!.state);
  for (const { state, events } of exploration.shortest.values()) {
    if (stateLabel(state) === initial && !events.length) continue;
    const label = stateLabel(state);
    const known = byValue.get(label);
    if (!known || known.steps.length > events.length) byValue.set(label, flowPath(exploration.entry, '', state, events));
  }
  return [...byValue.values()].map((path, i) => ({ ...path, id: `shortest-${i}` }));
}

export interface TSimplePaths {
  paths: TFlowPath[];
  /** True when the search stopped at a limit: there are more. */
  truncated: boolean;
}

/**
 * Simple paths (at least one step, no state visited twice) from the initial state to states whose label is
 * `target`, over @xstate/graph's adjacency map, shortest first. These are @xstate/graph's getSimplePaths, but
 * its search is unbounded and a machine with a few hundred distinguishable states (login) never finishes;
 * this one deepens one step at a time and stops after `limit` paths or `budget` visited states.
 */
export function simplePaths(exploration: TExploration, target: string, limit = 50, budget = 200_000): TSimplePaths {
  const { adjacency, entry } = exploration;
  const edges = edgesOf(exploration);
  const found: TFlowPath[] = [];
  const onPath = new Set<string>();
  const events: EventObject[] = [];
  let visits = 0;
  let extendable = false;

  // Paths of exactly `depth` more steps; false when the budget or the limit ends the search.
  const visit = (key: string, depth: number): boolean => {
    if (++visits > budget) return false;
    onPath.add(key);
    let going = true;
    if (depth === 0) {
      const state = adjacency[key]!.state;
      if (stateLabel(state) === target) found.push(flowPath(entry, `simple-${found.length}`, state, [...events]));
      going = found.length < limit;
      extendable ||= edges.get(key)!.some(({ next }) => !onPath.has(next));
    } else {
      for (const { event, next } of edges.get(key)!) {
        if (onPath.has(next)) continue;
        events.push(event);
        going = visit(next, depth - 1);
        events.pop();
        if (!going) break;
      }
    }
    onPath.delete(key);
    return going;
  };

  for (let depth = 1; ; depth++) {
    extendable = false;
    if (!visit(exploration.initialKey, depth)) return { paths: found, truncated: true };
    // No path of this length can be extended: every simple path has been seen.
    if (!extendable) return { paths: found, truncated: false };
  }
}

const edgeCache = new WeakMap<TExploration, Map<string, Array<{ event: EventObject; next: string }>>>();
function edgesOf(exploration: TExploration) {
  let edges = edgeCache.get(exploration);
  if (!edges) {
    edges = new Map(
      Object.entries(exploration.adjacency).map(([key, node]) => [
        key,
        Object.values(node.transitions).map(({ event, state }) => ({ event, next: exploration.serializeState(state) })),
      ]),
    );
    edgeCache.set(exploration, edges);
  }
  return edges;
}

/** Every state label the exploration reached, in discovery order (targets to choose simple paths for). */
export const reachableTargets = (exploration: TExploration): string[] => [...new Set([...exploration.shortest.values()].map(({ state }) => stateLabel(state)))];

/** A final state when the machine has one in reach (the end of a journey), else the state farthest from the start. */
export function defaultTarget(exploration: TExploration): string {
  const reached = [...exploration.shortest.values()];
  const final = reached.find(({ state }) => activeNodes(state).some((node) => node.type === 'final'));
  const farthest = reached.reduce((far, next) => (next.events.length > far.events.length ? next : far));
  return stateLabel((final ?? farthest).state);
}

export interface TPathLists {
  machine: string;
  test: TFlowPath[];
  shortest: TFlowPath[];
  /** States to choose simple paths for, and the one chosen first. */
  targets: string[];
  target: string;
}

/** Everything the simulator lists for a machine, as plain data (it crosses to a worker and back). */
export const pathLists = (exploration: TExploration): TPathLists => ({
  machine: exploration.entry.id,
  test: testPaths(exploration),
  shortest: shortestPaths(exploration),
  targets: reachableTargets(exploration),
  target: defaultTarget(exploration),
});
