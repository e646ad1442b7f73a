import { z } from 'zod';

/**
 * A flow exported from the flow simulator (/dev/flows): the machine's registry id and its steps from the
 * initial state, each with the state it led to when exported (so a replay can tell where the machine changed).
 */
const ZExpectedState = z.string().max(2_000).optional();

export const ZFlowEventStep = z.object({
  event: z.looseObject({ type: z.string().min(1).max(200) }),
  state: ZExpectedState,
});
export const ZFlowOutcomeStep = z.object({
  actor: z.string().min(1).max(200),
  outcome: z.string().min(1).max(200),
  state: ZExpectedState,
});

export const FLOW_PATH_KIND = 'wenjuan.flow-path';

export const ZFlowPathFile = z.object({
  kind: z.literal(FLOW_PATH_KIND),
  version: z.literal(1),
  machine: z.string().min(1).max(100),
  name: z.string().max(200).optional(),
  steps: z.array(z.union([ZFlowOutcomeStep, ZFlowEventStep])).max(10_000),
});
export type TFlowPathFile = z.infer<typeof ZFlowPathFile>;
export type TFlowPathStep = TFlowPathFile['steps'][number];
