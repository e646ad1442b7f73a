import { useCallback, useEffect, useMemo, useReducer } from 'react';
import type { TMachineEntry } from '../../../machines/registry';
import { sameStep } from '../../../machines/simulation/path-file';
import { applyStep, startSimulation, undoTo, type TBreak, type TSimulation, type TStep } from '../../../machines/simulation/simulate';

/** A flow loaded for replay: a listed path or an imported file. */
export interface TLoadedPath {
  name: string;
  steps: TStep[];
}

interface TState {
  simulation: TSimulation;
  /** The last step that did not fit (a refused event or where a replay stopped). */
  broken: TBreak | null;
  path: TLoadedPath | null;
  playing: boolean;
}

type TAction =
  | { type: 'send'; step: TStep }
  | { type: 'undo'; count: number }
  | { type: 'load'; path: TLoadedPath }
  | { type: 'close' }
  | { type: 'next' }
  | { type: 'toEnd' }
  | { type: 'play'; playing: boolean }
  | { type: 'dismiss' };

/** How far the history follows the loaded path; null when it went its own way. */
function cursorOf(state: TState): number | null {
  const { path, simulation } = state;
  if (!path || simulation.steps.length > path.steps.length) return null;
  return simulation.steps.every((step, i) => sameStep(step, path.steps[i]!)) ? simulation.steps.length : null;
}

function take(entry: TMachineEntry, state: TState, step: TStep): TState {
  const result = applyStep(entry, state.simulation, step);
  if ('broken' in result) return { ...state, broken: result.broken, playing: false };
  return { ...state, simulation: result.simulation, broken: null };
}

function nextOfPath(entry: TMachineEntry, state: TState): TState {
  const cursor = cursorOf(state);
  if (cursor === null || cursor >= state.path!.steps.length) return { ...state, playing: false };
  const next = take(entry, state, state.path!.steps[cursor]!);
  return cursorOf(next) === next.path!.steps.length ? { ...next, playing: false } : next;
}

function reducerFor(entry: TMachineEntry) {
  return (state: TState, action: TAction): TState => {
    switch (action.type) {
      case 'send':
        return take(entry, { ...state, playing: false }, action.step);
      case 'undo':
        return { ...state, simulation: undoTo(entry, state.simulation, action.count), broken: null, playing: false };
      case 'load':
        return { simulation: startSimulation(entry), broken: null, path: action.path, playing: false };
      case 'close':
        return { ...state, path: null, playing: false };
      case 'next':
        return nextOfPath(entry, state);
      case 'toEnd': {
        let current = { ...state, playing: false };
        for (let guard = 0; guard < 10_000; guard++) {
          const next = nextOfPath(entry, current);
          if (next.simulation === current.simulation) return next;
          current = next;
        }
        return current;
      }
      case 'play':
        return { ...state, playing: action.playing && cursorOf(state) !== null, broken: action.playing ? null : state.broken };
      case 'dismiss':
        return { ...state, broken: null };
    }
  };
}

export const PLAY_INTERVAL_MS = 500;

/** The simulator's state for one machine (mount it keyed by machine): history, loaded path and player, last refusal. */
export function useSimulator(entry: TMachineEntry, initialPath: TLoadedPath | null = null) {
  const reducer = useMemo(() => reducerFor(entry), [entry]);
  const [state, dispatch] = useReducer(reducer, initialPath, (path): TState => ({ simulation: startSimulation(entry), broken: null, path, playing: false }));

  useEffect(() => {
    if (!state.playing) return;
    const timer = setTimeout(() => dispatch({ type: 'next' }), PLAY_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [state.playing, state.simulation]);

  const send = useCallback((step: TStep) => dispatch({ type: 'send', step }), []);
  const cursor = cursorOf(state);
  return {
    ...state,
    cursor,
    send,
    undoTo: useCallback((count: number) => dispatch({ type: 'undo', count }), []),
    load: useCallback((path: TLoadedPath) => dispatch({ type: 'load', path }), []),
    close: useCallback(() => dispatch({ type: 'close' }), []),
    next: useCallback(() => dispatch({ type: 'next' }), []),
    toEnd: useCallback(() => dispatch({ type: 'toEnd' }), []),
    play: useCallback((playing: boolean) => dispatch({ type: 'play', playing }), []),
    dismiss: useCallback(() => dispatch({ type: 'dismiss' }), []),
  };
}

export type TSimulator = ReturnType<typeof useSimulator>;
