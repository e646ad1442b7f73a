import { __unsafe_getAllOwnEventDescriptors, initialTransition, transition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { TMachineEntry } from '../registry';
import type { TOutcome } from '../stand-ins';
import { activeNodes, eventLabel, stateLabel } from './chart';

/**
 * Flows as data: a flow is a list of steps from the machine's initial state, replayed with xstate's pure
 * transition function. A step is a user event or timer, or a named outcome of a running stand-in, so the
 * simulator, exported paths and the model-based tests all describe a flow the same way.
 */
/** An event as JSON: a type and any payload. */
export type TEventData = EventObject & Record<string, unknown>;

export type TStep = ({ event: TEventData } | { actor: string; outcome: string }) & {
  /** In exported flows: the state the step led to when exported. A replay that reaches another state stops there. */
  state?: string;
};

export const isOutcomeStep = (step: TStep): step is TStep & { actor: string; outcome: string } => 'actor' in step;

/** The done / error event an outcome delivers to the machine (the stand-in's invoke id is its actor name). */
export function outcomeEvent(actor: string, outcome: TOutcome): EventObject {
  const event =
    outcome.kind === 'done' ? { type: `xstate.done.actor.${actor}`, output: outcome.output } : { type: `xstate.error.actor.${actor}`, error: outcome.error };
  return event;
}

export const serializeEvent = (event: EventObject): string =>
  JSON.stringify(event, (_key, value: unknown) => (value instanceof Error ? { error: value.message } : value));

/** The event a step sends, or why it cannot name one (an outcome the registry does not have). */
function eventOf(entry: TMachineEntry, step: TStep): EventObject | string {
  if (!isOutcomeStep(step)) return step.event;
  const standIn = entry.standIns[step.actor];
  if (!standIn) return `调用 ${step.actor} 不在登记表中`;
  const outcome = standIn.outcomes[step.outcome];
  if (!outcome) return `调用 ${step.actor} 没有结果「${step.outcome}」`;
  return outcomeEvent(step.actor, outcome);
}

/** Turns a graph path's events back into steps: events equal to a stand-in outcome become that outcome. */
export function stepsOf(entry: TMachineEntry, events: EventObject[]): TStep[] {
  const outcomes = new Map<string, TStep>();
  for (const [actor, standIn] of Object.entries(entry.standIns)) {
    for (const [name, outcome] of Object.entries(standIn.outcomes)) {
      const key = serializeEvent(outcomeEvent(actor, outcome));
      if (!outcomes.has(key)) outcomes.set(key, { actor, outcome: name });
    }
  }
  return events.filter((event) => event.type !== 'xstate.init').map((event) => outcomes.get(serializeEvent(event)) ?? { event: event as TEventData });
}

export const stepLabel = (step: TStep): string => (isOutcomeStep(step) ? `${step.actor} → ${step.outcome}` : eventLabel(step.event.type));

const shortValue = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 16 ? `${text.slice(0, 15)}…` : text;
};

/** A step in a list of steps: events show their plain fields, so `field.change(field=phone, value=138…)` differ. */
export function stepSummary(step: TStep): string {
  if (isOutcomeStep(step)) return stepLabel(step);
  const fields = Object.entries(step.event).filter(([key, value]) => key !== 'type' && (value === null || typeof value !== 'object'));
  return fields.length ? `${stepLabel(step)}(${fields.map(([key, value]) => `${key}=${shortValue(value)}`).join(', ')})` : stepLabel(step);
}

export interface TRunningCall {
  /** Invoke id (= actor name). */
  id: string;
  /** What the real actor does (from the registry). */
  does: string;
  outcomes: Array<{ name: string; kind: TOutcome['kind']; accepted: boolean }>;
}

export interface TAvailable {
  /** User events the state handles, each with the registry's samples of its type (or `{ type }`). */
  events: Array<{ type: string; samples: Array<{ event: TEventData; accepted: boolean }> }>;
  /** Delayed transitions waiting in this state; the tester fires them instead of waiting. */
  timers: Array<{ type: string; label: string }>;
  /** Stand-ins running now, with the outcomes the tester may choose. */
  calls: TRunningCall[];
}

const GENERATED = /^xstate\.(done|error)\.|^xstate\.after\./;

/** What the tester can do in a state. `accepted` is false when a guard would refuse it. */
export function available(entry: TMachineEntry, snapshot: AnyMachineSnapshot): TAvailable {
  if (snapshot.status !== 'active') return { events: [], timers: [], calls: [] };
  const types = __unsafe_getAllOwnEventDescriptors(snapshot).filter((type) => type !== '*');
  const events = types
    .filter((type) => !GENERATED.test(type))
    .map((type) => {
      const samples = entry.sampleEvents.filter((event) => event.type === type);
      return { type, samples: (samples.length ? samples : [{ type }]).map((event) => ({ event: event as TEventData, accepted: snapshot.can(event) })) };
    });
  const timers = types.filter((type) => type.startsWith('xstate.after.')).map((type) => ({ type, label: eventLabel(type) }));
  const calls = activeNodes(snapshot)
    .flatMap((node) => node.invoke.map((invoke) => invoke.id))
    .filter((id) => entry.standIns[id])
    .map((id) => ({
      id,
      does: entry.standIns[id]!.does,
      outcomes: Object.entries(entry.standIns[id]!.outcomes).map(([name, outcome]) => ({
        name,
        kind: outcome.kind,
        accepted: snapshot.can(outcomeEvent(id, outcome)),
      })),
    }));
  return { events, timers, calls };
}

/** Why a step does not fit the state, in the tester's words; null when it does. */
export function problemWith(entry: TMachineEntry, snapshot: AnyMachineSnapshot, step: TStep): string | null {
  const state = stateLabel(snapshot);
  if (snapshot.status !== 'active') return `状态机已在 ${state} 结束，不再接受「${stepLabel(step)}」`;
  const event = eventOf(entry, step);
  if (typeof event === 'string') return event;
  if (isOutcomeStep(step)) {
    const running = activeNodes(snapshot).some((node) => node.invoke.some((invoke) => invoke.id === step.actor));
    if (!running) return `调用 ${step.actor} 在状态 ${state} 下没有运行`;
    if (!snapshot.can(event)) return `状态 ${state} 不处理调用 ${step.actor} 的结果「${step.outcome}」`;
    return null;
  }
  if (!__unsafe_getAllOwnEventDescriptors(snapshot).includes(event.type)) return `事件 ${event.type} 在状态 ${state} 下不可用`;
  if (!snapshot.can(event)) return `事件 ${event.type} 在状态 ${state} 下被条件拒绝`;
  return null;
}

export interface TSimulation {
  /** Steps taken from the initial state. */
  steps: TStep[];
  /** `snapshots[0]` is the initial state; `snapshots[i + 1]` the state after `steps[i]`. */
  snapshots: AnyMachineSnapshot[];
}

export interface TBreak {
  /** Index of the step that did not fit (0-based). */
  index: number;
  message: string;
}

export function startSimulation(entry: TMachineEntry): TSimulation {
  const [first] = initialTransition(entry.machine, entry.input as never);
  return { steps: [], snapshots: [first as AnyMachineSnapshot] };
}

export const currentSnapshot = (simulation: TSimulation): AnyMachineSnapshot => simulation.snapshots[simulation.snapshots.length - 1]!;

/** Takes one step, or says (as 第N步：…) why it does not fit the current state or leads elsewhere than recorded. */
export function applyStep(entry: TMachineEntry, simulation: TSimulation, step: TStep): { simulation: TSimulation } | { broken: TBreak } {
  const before = currentSnapshot(simulation);
  const index = simulation.steps.length;
  const problem = problemWith(entry, before, step);
  if (problem) return { broken: { index, message: `第${index + 1}步：${problem}` } };
  const after = transition(entry.machine, before as never, eventOf(entry, step) as never)[0] as AnyMachineSnapshot;
  const reached = stateLabel(after);
  if (step.state !== undefined && step.state !== reached) {
    return { broken: { index, message: `第${index + 1}步：「${stepLabel(step)}」之后应在状态 ${step.state}，实际在 ${reached}` } };
  }
  return { simulation: { steps: [...simulation.steps, step], snapshots: [...simulation.snapshots, after] } };
}

/** Replays steps from the initial state, stopping at the first that does not fit. */
export function replaySteps(entry: TMachineEntry, steps: TStep[]): { simulation: TSimulation; broken: TBreak | null } {
  let simulation = startSimulation(entry);
  for (const step of steps) {
    const result = applyStep(entry, simulation, step);
    if ('broken' in result) return { simulation, broken: result.broken };
    simulation = result.simulation;
  }
  return { simulation, broken: null };
}

/** Undo to the point after `count` steps: replayed from the start, so it is exactly what those steps give. */
export function undoTo(entry: TMachineEntry, simulation: TSimulation, count: number): TSimulation {
  return replaySteps(entry, simulation.steps.slice(0, Math.max(0, count))).simulation;
}

/** Replays bare events (graph paths, tests) with the pure transition function: the snapshot before each and after the last. */
export function replayEvents(entry: TMachineEntry, events: EventObject[]): AnyMachineSnapshot[] {
  const snapshots = startSimulation(entry).snapshots;
  for (const event of events) snapshots.push(transition(entry.machine, snapshots[snapshots.length - 1] as never, event as never)[0] as AnyMachineSnapshot);
  return snapshots;
}

/** Context as the screen shows it: errors by message, actor references by id, long strings (data URLs) cut. */
export function readableContext(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify(
    snapshot.context ?? null,
    (_key, value: unknown) => {
      if (value instanceof Error) return { error: value.message };
      if (typeof value === 'string' && value.length > 120) return `${value.slice(0, 60)}…（共 ${value.length} 字符）`;
      if (value && typeof value === 'object' && 'sessionId' in value && 'send' in value) return `[actor ${String((value as { id?: unknown }).id)}]`;
      return value;
    },
    2,
  );
}
