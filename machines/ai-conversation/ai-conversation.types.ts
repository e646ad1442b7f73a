import type { TAiMessage, TAiReportSummary } from '../../schemas/api/ai';

/** What activity/ai/getQuestionAnalysis answers: the project, its report's findings and my saved conversation. */
export interface TAnalysisView {
  title: string;
  questionType: number;
  summary: TAiReportSummary;
  messages: TAiMessage[];
  updateTime: string | null;
}

/** A question sent to ai/agent/ai_analyze/getConversation, with the conversation so far (newest last). */
export interface TAskInput {
  questionId: string;
  message: string;
  history: { role: 'user' | 'assistant'; text: string }[];
}

export interface TAskOutput {
  reply: TAiMessage;
  aiRemaining: number | null;
}

/** Whether the conversation as shown is stored: not yet changed, being saved, saved, or the save failed. */
export type TSaveState = 'idle' | 'saving' | 'saved' | 'failed';

export interface TAiConversationContext {
  questionId: string;
  /** The page's header and findings (null until loaded). */
  analysis: TAnalysisView | null;
  messages: TAiMessage[];
  /** The question being asked (or whose answer failed), shown after the conversation until it is answered. */
  pending: string | null;
  /** The reply's text as it streams in. */
  streamText: string;
  /** Why loading or asking failed; `errorCode` is the server's resultCode ("403": no power to view). */
  error: string | null;
  errorCode: string | null;
  saveState: TSaveState;
  /** AI counts left after the last model answer (null: the built-in assistant, or none asked yet). */
  aiRemaining: number | null;
}

export interface TAiConversationInput {
  questionId: string;
}

/**
 * Events: ask a question (or retry the failed one), a piece of the streamed reply (sent by the page's ask
 * actor as it reads the stream), clear the conversation, retry loading.
 */
export type TAiConversationEvent =
  | { type: 'conversation.ask'; message: string }
  | { type: 'conversation.retry' }
  | { type: 'reply.delta'; text: string }
  | { type: 'conversation.clear' }
  | { type: 'load.retry' };
