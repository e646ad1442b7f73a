// 甄别 (issue 51 item 4): a sheet the creator's logic ends early — a jump rule "结束作答" its answers trigger —
// was screened out. The mutual space pays no reward for it; the sheet itself is stored as the project's logic allows.
import type { CompiledLogic } from './compile';
import { LogicEvaluator } from './evaluator';

/** The end message of the screening jump that ended this sheet's path ('' when it has none), or null when it was not screened out. */
export function screenedOut(compiled: CompiledLogic, answers: Readonly<Record<string, unknown>>): string | null {
  const evaluator = new LogicEvaluator(compiled, answers);
  let step = evaluator.next(null);
  for (let i = 0; step.kind === 'subject' && i <= compiled.order.length; i++) step = evaluator.next(step.uuid);
  return step.kind === 'end' && step.reason === 'jump' ? (step.message ?? '') : null;
}
