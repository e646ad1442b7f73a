import type { AnyMachineSnapshot, AnyStateMachine, EventObject, MachineContext, StateNode, StateValue, TransitionDefinition } from 'xstate';

/**
 * The shape of a machine definition, read once for the flow simulator's diagram and the model-based tests:
 * state nodes, their transitions (labelled by event) and the states a snapshot is in.
 */
export type AnyNode = StateNode<MachineContext, EventObject>;
export type AnyTransition = TransitionDefinition<MachineContext, EventObject>;

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
  new Set(
    stateNodes(machine)
      .slice(1)
      // A history node is a pseudo-state: a transition to it lands in the state remembered, never in it.
      .filter((node) => node.type !== 'history')
      .map((node) => node.id),
  );

/** The transitions of the definition that `event` takes from `snapshot`. */
export const takenTransitions = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] =>
  machine.getTransitionData(snapshot as never, event).map((t) => transitionKey(t as AnyTransition));

/** The state nodes a snapshot is in (root included). xstate keeps them on the snapshot without a public getter. */
export const activeNodes = (snapshot: AnyMachineSnapshot): AnyNode[] => (snapshot as unknown as { _nodes: AnyNode[] })._nodes;

/** `{ form: { filling: { sms: 'editing' } }, code: 'idle' }` → `['form.filling.sms.editing', 'code.idle']`. */
export function leafPaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [key] : leafPaths(child).map((rest) => `${key}.${rest}`)));
}

/** How a state reads in messages and lists: its leaf paths joined with " + " (parallel regions). */
export const stateLabel = (snapshot: Pick<AnyMachineSnapshot, 'value'>): string => leafPaths(snapshot.value).join(' + ');

/** Every state path the snapshot is in, ancestors included (`form`, `form.filling`, …). */
export function activePaths(snapshot: Pick<AnyMachineSnapshot, 'value'>): Set<string> {
  const paths = new Set<string>();
  for (const leaf of leafPaths(snapshot.value)) {
    const parts = leaf.split('.');
    parts.forEach((_, i) => paths.add(parts.slice(0, i + 1).join('.')));
  }
  return paths;
}

/** A readable name for xstate's generated event types (`xstate.after.<delay>.<state id>` → `after 1000ms`). */
export function eventLabel(eventType: string): string {
  if (eventType.startsWith('xstate.after.')) {
    const delay = eventType.slice('xstate.after.'.length).split('.')[0]!;
    return /^\d+$/.test(delay) ? `after ${delay}ms` : `after ${delay}`;
  }
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[2]} ${actor[1] === 'done' ? '完成' : '失败'}`;
  const state = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (state) return `${state[1]} 结束`;
  return eventType;
}

export interface TChartTransition {
  /** The event type as the machine knows it. */
  eventType: string;
  label: string;
  /** Target state paths; empty when the transition only runs actions. */
  targets: string[];
  guard: string | null;
}

export interface TChartNode {
  /** Dot path from the root (`form.filling.sms`); '' for the root. */
  path: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Key of the initial child of a compound state. */
  initial: string | null;
  invokes: string[];
  transitions: TChartTransition[];
  children: TChartNode[];
}

const pathOf = (node: AnyNode): string => node.path.join('.');

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'guard';
}

function chartNode(node: AnyNode): TChartNode {
  const transitions = [...node.transitions.values()].flat().map((t: AnyTransition): TChartTransition => ({
    eventType: t.eventType,
    label: eventLabel(t.eventType),
    targets: (t.target ?? []).map((target) => pathOf(target as AnyNode)),
    guard: guardName(t.guard),
  }));
  const initial = node.type === 'compound' ? ((node.initial?.target[0] as AnyNode | undefined)?.key ?? null) : null;
  return {
    path: pathOf(node),
    key: node.key,
    type: node.type,
    initial,
    invokes: node.invoke.map((invoke) => invoke.id),
    transitions,
    children: Object.values(node.states as Record<string, AnyNode>).map(chartNode),
  };
}

/** The machine as a tree of boxes for the diagram. */
export const chartOf = (machine: AnyStateMachine): TChartNode => chartNode(machine.root as AnyNode);
