import { assign, setup } from 'xstate';
import { supplied } from '../shared/actors';
import { messageOf } from '../shared/error-message';
import { failTo } from '../shared/transitions';
import { draftProblem } from './chain-quick-start.operations';
import type { TChainDraft, TChainQuickStartContext, TChainQuickStartEvent, TConfigureInput } from './chain-quick-start.types';

/** 发布 from the form: a bad draft stays with its message. */
const refuseInvalid = { guard: 'draftInvalid' as const, actions: 'setProblem' as const };
const create = { target: 'creating', actions: 'setDraft' as const };
/** After a failure a chain that was created is not created twice: 发布 carries on from it. */
const carryOn = { guard: 'created' as const, target: 'configuring', actions: 'setDraft' as const };

/**
 * A sign-up chain started from one phone screen (issue 47 item 5): create it (saveOrUpdateWxQuestion), set its cap
 * and deadline (saveChainSetting), publish it (getQuestionStatus), then the screen shows its share view. A failed
 * step keeps what already happened; 发布 again carries on from the chain that exists.
 */
export const chainQuickStartMachine = setup({
  types: { context: {} as TChainQuickStartContext, events: {} as TChainQuickStartEvent },
  actors: {
    /** saveOrUpdateWxQuestion with the title and description: the new chain's questionId. */
    create: supplied<string, TChainDraft>('create'),
    /** saveChainSetting with the cap (or 不限人数) and deadline. */
    configure: supplied<void, TConfigureInput>('configure'),
    /** getQuestionStatus(questionId, published). */
    publish: supplied<void, string>('publish'),
  },
  actions: {
    setDraft: assign(({ event }) => ({ draft: event.draft, error: null })),
    setProblem: assign(({ event }) => ({ error: draftProblem(event.draft, new Date()) })),
    setQuestionId: assign((_, params: { questionId: string }) => ({ questionId: params.questionId })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
  },
  guards: {
    draftInvalid: ({ event }) => draftProblem(event.draft, new Date()) !== null,
    created: ({ context }) => context.questionId !== null,
  },
}).createMachine({
  id: 'chain-quick-start',
  context: { draft: null, questionId: null, error: null },
  initial: 'draft',
  states: {
    draft: { on: { 'chain.publish': [refuseInvalid, create] } },
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => context.draft!,
        onDone: { target: 'configuring', actions: { type: 'setQuestionId', params: ({ event }) => ({ questionId: event.output }) } },
        onError: failTo('failed', 'setError'),
      },
    },
    configuring: {
      invoke: {
        id: 'configure',
        src: 'configure',
        input: ({ context }) => ({ questionId: context.questionId!, draft: context.draft! }),
        onDone: { target: 'publishing' },
        onError: failTo('failed', 'setError'),
      },
    },
    publishing: {
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => context.questionId!,
        onDone: { target: 'published' },
        onError: failTo('failed', 'setError'),
      },
    },
    failed: { on: { 'chain.publish': [refuseInvalid, carryOn, create] } },
    published: { type: 'final' },
  },
});
