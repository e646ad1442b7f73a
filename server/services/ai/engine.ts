import type { TAiDraft, TAiEngine, TAiStreamEvent } from '../../../schemas/api/ai';
import type { TAiKindName } from '../../../schemas/ai/kinds';

/** What a generation is asked (the kind, the request's text, how many subjects). */
export interface GenerationInput {
  kind: TAiKindName;
  prompt: string;
  /** Subjects wanted (the request's own number, the caller's `count`, or AI_LIMITS.defaultSubjects). */
  count: number;
}

/** What an engine hands back to the orchestrator (server/services/ai/generate.service.ts), which stores it. */
export interface GenerationResult {
  draft: TAiDraft;
  sources: string[];
  /** AI counts left after it (null: the built-in assistant, which takes none). */
  aiRemaining: number | null;
  engine: TAiEngine;
  engineName: string;
}

/** The built-in assistant's name on every screen that shows which engine wrote something. */
export const BUILTIN_ENGINE_NAME = '内置助手';

/** The events a handler sends while it works; `end` is sent by defineAiCall (server/http/define-ai-call.ts) with the call's envelope. */
export interface AiStream {
  send(event: Exclude<TAiStreamEvent, { type: 'end' }>): void;
  /** Aborted when the page goes away before the end (the model call stops; nothing is kept half-done). */
  readonly signal: AbortSignal;
}
