import { z } from 'zod';

/** Refusals carry a machine-readable `data.reason` beside resultCode and resultMsg (schemas/refusals.ts). */
export { REFUSAL_REASONS, reasonOf, type TRefusalReason } from './refusals';

/** Result codes of the spec's envelope (architecture.md "The API contract"). */
export const RESULT_CODES = {
  ok: '200',
  badInput: '400',
  unauthorized: '401',
  forbidden: '403',
  notFound: '404',
  conflict: '409',
  tooMany: '429',
  fault: '500',
  /** The AI model's answer was unusable after its retries (issue 52). */
  badGateway: '502',
  /** The AI model did not answer within AI_TIMEOUT_MS (spec §9). */
  timeout: '504',
} as const;

export type TResultCode = (typeof RESULT_CODES)[keyof typeof RESULT_CODES];

export const ZEnvelope = <T extends z.ZodType>(data: T) => z.object({ resultCode: z.string(), resultMsg: z.string(), data });

export interface TEnvelope<T = unknown> {
  resultCode: string;
  resultMsg: string;
  data: T;
}

export const ok = <T>(data: T, resultMsg = '成功'): TEnvelope<T> => ({ resultCode: '200', resultMsg, data });
export const fail = (resultCode: TResultCode, resultMsg: string): TEnvelope<null> => ({ resultCode, resultMsg, data: null });
