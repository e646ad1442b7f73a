import { dailyCountCheckState } from '../creation/creation.limit-dialog';
import { assign, setup } from 'xstate';
import { limitDialogState } from '../creation/creation.limit-dialog';
import { dailyLimitReached, isCreated } from '../creation/creation.operations';
import { supplied } from '../shared/actors';
import { messageOf } from '../shared/error-message';
import { failTo } from '../shared/transitions';
import { draftProblem } from './chain-quick-start.operations';
import type { TChainDraft, TChainQuickStartContext, TChainQuickStartEvent, TConfigureInput, TCreateResult, TQuestionCount } from './chain-quick-start.types';

/** 发布 from the form: a bad draft stays with its message. */
const refuseInvalid = { guard: 'draftInvalid' as const, actions: 'setProblem' as const };
const check = { target: 'checking', actions: 'setDraft' as const };
/** After a failure a chain that was created is not created twice: 发布 carries on from it. */
const carryOn = { guard: 'created' as const, target: 'configuring', actions: 'setDraft' as const };
const resultOf = ({ event }: { event: { output: TCreateResult } }) => ({ result: event.output });

/**
 * A 报名, 打卡 or 团购 chain started from a phone (issue 47 item 5), one machine for every kind (the draft says which):
 * the creation machine's count check (its limit dialog when today's creations are used up), create it
 * (saveOrUpdateWxQuestion), save the kind's settings, publish it (getQuestionStatus), then the screen shows its share
 * view. A failed step keeps what already happened; 发布 again carries on from the chain that exists.
 */
export const chainQuickStartMachine = setup({
  types: { context: {} as TChainQuickStartContext, events: {} as TChainQuickStartEvent },
  actors: {
    /** activity/question/getQuestionCount: today's creations and the level's limits. */
    checkCount: supplied<TQuestionCount>('checkCount'),
    /** saveOrUpdateWxQuestion with the kind, title and description (a group-buy's products as its subjects). */
    create: supplied<TCreateResult, TChainDraft>('create'),
    /** The kind's settings: the cap and deadline, the check-in's period and window, the group-buy's deadline. */
    configure: supplied<void, TConfigureInput>('configure'),
    /** getQuestionStatus(questionId, published). */
    publish: supplied<void, string>('publish'),
  },
  actions: {
    setDraft: assign(({ event }) => (event.type === 'chain.publish' ? { draft: event.draft, error: null } : {})),
    setProblem: assign(({ event }) => (event.type === 'chain.publish' ? { error: draftProblem(event.draft, new Date()) } : {})),
    setLimits: assign((_, params: { limits: TQuestionCount }) => ({ limits: params.limits })),
    setQuestionId: assign((_, params: { result: TCreateResult }) => ({ questionId: params.result.questionId })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    /** Open /member/index.html?memberLevel=<level> in a new tab (the limit dialog's 升级版本). */
    openMemberPage: (_, _params: { memberLevel: number }) => {},
  },
  guards: {
    draftInvalid: ({ event }) => event.type === 'chain.publish' && draftProblem(event.draft, new Date()) !== null,
    created: ({ context }) => context.questionId !== null,
    dailyLimitReached: (_, params: { limits: TQuestionCount }) => dailyLimitReached(params.limits),
    isCreated: (_, params: { result: TCreateResult }) => isCreated(params.result),
    dailyLimitHit: (_, params: { result: TCreateResult }) => params.result.isCreate === 0,
  },
}).createMachine({
  id: 'chain-quick-start',
  context: { draft: null, limits: null, questionId: null, error: null },
  initial: 'draft',
  states: {
    draft: { on: { 'chain.publish': [refuseInvalid, check] } },
    checking: dailyCountCheckState('creating'),
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => context.draft!,
        onDone: [
          { guard: { type: 'isCreated', params: resultOf }, target: 'configuring', actions: { type: 'setQuestionId', params: resultOf } },
          // The check passed but the server counted otherwise (another tab created meanwhile).
          { guard: { type: 'dailyLimitHit', params: resultOf }, target: 'dailyLimit' },
          { target: 'subjectLimit' },
        ],
        onError: failTo('failed', 'setError'),
      },
    },
    dailyLimit: limitDialogState('draft'),
    subjectLimit: limitDialogState('draft'),
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
    failed: { on: { 'chain.publish': [refuseInvalid, carryOn, check] } },
    published: { type: 'final' },
  },
});
