import { assign, setup } from 'xstate';
import { AI_LIMITS } from '../../schemas/ai/kinds';
import type { TAiMessage } from '../../schemas/api/ai';
import { supplied } from '../shared/actors';
import { messageOf } from '../shared/error-message';
import type { TAiConversationContext, TAiConversationEvent, TAiConversationInput, TAnalysisView, TAskInput, TAskOutput } from './ai-conversation.types';

/** The history a question carries: the last 20 messages' texts (the contract's limit). */
const HISTORY = 20;
const codeOf = (error: unknown): string | null =>
  error && typeof error === 'object' && 'resultCode' in error && typeof error.resultCode === 'string' ? error.resultCode : null;
/** The question as stored: dated with its reply's time (the machine stays pure: no clock of its own). */
const userMessage = (text: string, createTime: string): TAiMessage => ({ role: 'user', text, findings: [], charts: [], engine: null, createTime });

/**
 * The AI analysis conversation of one project (/aiAnalysisTest.html, issue 52): loading the report's findings and
 * my saved conversation → ready → asking (the reply streams in as `reply.delta` pieces, or arrives whole) → saving
 * the conversation (activity/ai/saveOrUpdateAnalysis) → ready, its saveState saying saved or failed. A failed
 * question stays shown with its error and can be asked again; clearing empties the conversation and saves that.
 * The stored conversation keeps its newest AI_LIMITS.conversationMax messages.
 */
export const aiConversationMachine = setup({
  types: {
    context: {} as TAiConversationContext,
    events: {} as TAiConversationEvent,
    input: {} as TAiConversationInput,
  },
  actors: {
    loadAnalysis: supplied<TAnalysisView, { questionId: string }>('loadAnalysis'),
    ask: supplied<TAskOutput, TAskInput>('ask'),
    saveConversation: supplied<{ updateTime: string }, { questionId: string; messages: TAiMessage[] }>('saveConversation'),
  },
  guards: {
    hasText: (_, params: { message: string }) => params.message.trim().length > 0,
    hasPending: ({ context }) => context.pending !== null,
    hasMessages: ({ context }) => context.messages.length > 0,
  },
  actions: {
    setAnalysis: assign((_, params: { analysis: TAnalysisView }) => ({
      analysis: params.analysis,
      messages: params.analysis.messages,
      error: null,
      errorCode: null,
    })),
    setLoadError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), errorCode: codeOf(params.error) })),
    setPending: assign((_, params: { message: string }) => ({ pending: params.message.trim(), streamText: '', error: null, errorCode: null })),
    appendDelta: assign(({ context }, params: { text: string }) => ({ streamText: context.streamText + params.text })),
    setReply: assign(({ context }, params: { output: TAskOutput }) => ({
      messages: [...context.messages, userMessage(context.pending ?? '', params.output.reply.createTime), params.output.reply].slice(
        -AI_LIMITS.conversationMax,
      ),
      pending: null,
      streamText: '',
      aiRemaining: params.output.aiRemaining,
    })),
    setAskError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), errorCode: codeOf(params.error), streamText: '' })),
    clear: assign(() => ({ messages: [], pending: null, streamText: '', error: null, errorCode: null })),
    markSaving: assign(() => ({ saveState: 'saving' as const })),
    markSaved: assign(() => ({ saveState: 'saved' as const })),
    markSaveFailed: assign(() => ({ saveState: 'failed' as const })),
  },
}).createMachine({
  id: 'aiConversation',
  context: ({ input }) => ({
    questionId: input.questionId,
    analysis: null,
    messages: [],
    pending: null,
    streamText: '',
    error: null,
    errorCode: null,
    saveState: 'idle',
    aiRemaining: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAnalysis',
        src: 'loadAnalysis',
        input: ({ context }) => ({ questionId: context.questionId }),
        onDone: { target: 'ready', actions: { type: 'setAnalysis', params: ({ event }) => ({ analysis: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'load.retry': { target: 'loading' } },
    },
    ready: {
      on: {
        'conversation.ask': {
          guard: { type: 'hasText', params: ({ event }) => ({ message: event.message }) },
          target: 'asking',
          actions: { type: 'setPending', params: ({ event }) => ({ message: event.message }) },
        },
        'conversation.clear': { guard: 'hasMessages', target: 'saving', actions: 'clear' },
      },
    },
    asking: {
      on: { 'reply.delta': { actions: { type: 'appendDelta', params: ({ event }) => ({ text: event.text }) } } },
      invoke: {
        id: 'ask',
        src: 'ask',
        input: ({ context }) => ({
          questionId: context.questionId,
          message: context.pending ?? '',
          history: context.messages.slice(-HISTORY).map((m) => ({ role: m.role, text: m.text })),
        }),
        onDone: { target: 'saving', actions: { type: 'setReply', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setAskError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: {
        'conversation.retry': {
          guard: 'hasPending',
          target: 'asking',
          actions: { type: 'setPending', params: ({ context }) => ({ message: context.pending ?? '' }) },
        },
        'conversation.ask': {
          guard: { type: 'hasText', params: ({ event }) => ({ message: event.message }) },
          target: 'asking',
          actions: { type: 'setPending', params: ({ event }) => ({ message: event.message }) },
        },
        'conversation.clear': { target: 'saving', actions: 'clear' },
      },
    },
    saving: {
      entry: 'markSaving',
      invoke: {
        id: 'saveConversation',
        src: 'saveConversation',
        input: ({ context }) => ({ questionId: context.questionId, messages: context.messages }),
        onDone: { target: 'ready', actions: 'markSaved' },
        onError: { target: 'ready', actions: 'markSaveFailed' },
      },
    },
  },
});
