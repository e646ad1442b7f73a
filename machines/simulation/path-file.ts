import { FLOW_PATH_KIND, ZFlowPathFile, type TFlowPathFile, type TFlowPathStep } from '../../schemas/flow-path';
import type { TMachineEntry } from '../registry';
import { stateLabel } from './chart';
import { applyStep, currentSnapshot, isOutcomeStep, serializeEvent, startSimulation, type TStep } from './simulate';

/**
 * Exported flows: JSON a tester can download, paste back or attach to an issue. Each step carries the state
 * it led to when exported, so replaying it on a changed machine says where it stopped fitting.
 */
export type { TFlowPathFile, TFlowPathStep };

/** A flow as a file: its steps replayed from the start, each with the state it leads to. */
export function exportPath(entry: TMachineEntry, steps: TStep[], name?: string): TFlowPathFile {
  let simulation = startSimulation(entry);
  const out: TFlowPathStep[] = [];
  for (const step of steps) {
    const result = applyStep(entry, simulation, { ...step, state: undefined });
    if ('broken' in result) throw new Error(result.broken.message);
    simulation = result.simulation;
    const state = stateLabel(currentSnapshot(simulation));
    out.push(isOutcomeStep(step) ? { actor: step.actor, outcome: step.outcome, state } : { event: step.event, state });
  }
  return { kind: FLOW_PATH_KIND, version: 1, machine: entry.id, ...(name ? { name } : {}), steps: out };
}

export const pathFileText = (file: TFlowPathFile): string =>
  JSON.stringify(file, (_key, value: unknown) => (value instanceof Error ? { error: value.message } : value), 2);

/** Reads a pasted or uploaded flow; the error names what is wrong in the tester's words. */
export function parsePathFile(text: string): { file: TFlowPathFile } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: '不是有效的 JSON' };
  }
  const parsed = ZFlowPathFile.safeParse(json);
  if (parsed.success) return { file: parsed.data };
  const issue = parsed.error.issues[0]!;
  const [first, index] = issue.path;
  if (first === 'steps' && typeof index === 'number') return { error: `第${index + 1}步格式不对：应为 {"event": {"type": …}} 或 {"actor": …, "outcome": …}` };
  return { error: `不是流程路径文件（${issue.path.join('.') || '根'}：${issue.message}）` };
}

/** Two steps send the same thing (the recorded `state` is not part of a step's identity). */
export function sameStep(a: TStep, b: TStep): boolean {
  if (isOutcomeStep(a) || isOutcomeStep(b)) return isOutcomeStep(a) && isOutcomeStep(b) && a.actor === b.actor && a.outcome === b.outcome;
  return serializeEvent(a.event) === serializeEvent(b.event);
}
