import { dailyCountCheckState } from '../creation/creation.limit-dialog';
import { assign, setup } from 'xstate';
import type { TCreateResult, TQuestionCount } from '../../schemas/api/question';
import { dailyLimitReached } from '../creation/creation.operations';
import { supplied } from '../shared/actors';
import { messageOf } from '../shared/error-message';
import { failTo } from '../shared/transitions';
import { payDraftProblem } from './pay-quick-start.operations';
import type { TPayDraft, TPayQuickStartContext, TPayQuickStartEvent } from './pay-quick-start.types';

const refuseInvalid = { guard: 'draftInvalid' as const, actions: 'setProblem' as const };
/** After a failure a page that was created is not created twice: 发布 publishes it. */
const carryOn = { guard: 'created' as const, target: 'publishing', actions: 'clearError' as const };
const check = { target: 'checking', actions: 'setDraft' as const };
const back = {
  'dialog.confirm': {
    target: 'draft',
    actions: {
      type: 'openMemberPage' as const,
      params: ({ context }: { context: TPayQuickStartContext }) => ({ memberLevel: context.limits?.memberLevel ?? 1 }),
    },
  },
  'dialog.dismiss': { target: 'draft' },
};

/**
 * A 收款 page started from one phone screen (issue 47 item 5): title, description and the items with their prices;
 * 发布 checks today's creations (getQuestionCount, the create pages' limit dialogs), creates the payment project with
 * its subjects (saveOrUpdateWxQuestion) and publishes it (getQuestionStatus). A failure keeps what was created.
 */
export const payQuickStartMachine = setup({
  types: { context: {} as TPayQuickStartContext, events: {} as TPayQuickStartEvent },
  actors: {
    /** activity/question/getQuestionCount: today's creations and the level's limits. */
    checkCount: supplied<TQuestionCount>('checkCount'),
    /** saveOrUpdateWxQuestion (questionType 6) with the items as one product subject and the payer's fields. */
    create: supplied<TCreateResult, TPayDraft>('create'),
    /** getQuestionStatus(questionId, published). */
    publish: supplied<void, string>('publish'),
  },
  actions: {
    setDraft: assign(({ event }) => (event.type === 'pay.publish' ? { draft: event.draft, error: null } : {})),
    setProblem: assign(({ event }) => (event.type === 'pay.publish' ? { error: payDraftProblem(event.draft) } : {})),
    clearError: assign({ error: null }),
    setLimits: assign((_, params: { limits: TQuestionCount }) => ({ limits: params.limits })),
    setQuestionId: assign((_, params: { questionId: string }) => ({ questionId: params.questionId })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    /** Open /member/index.html?memberLevel=<level> in a new tab. */
    openMemberPage: (_, _params: { memberLevel: number }) => {},
  },
  guards: {
    draftInvalid: ({ event }) => event.type === 'pay.publish' && payDraftProblem(event.draft) !== null,
    created: ({ context }) => context.questionId !== null,
    dailyLimitReached: (_, params: { limits: TQuestionCount }) => dailyLimitReached(params.limits),
    isCreated: (_, params: { result: TCreateResult }) => params.result.isCreate === 1 && Boolean(params.result.questionId),
    dailyLimitHit: (_, params: { result: TCreateResult }) => params.result.isCreate === 0,
  },
}).createMachine({
  id: 'pay-quick-start',
  context: { draft: null, questionId: null, limits: null, error: null },
  initial: 'draft',
  states: {
    draft: { on: { 'pay.publish': [refuseInvalid, check] } },
    checking: dailyCountCheckState('creating'),
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => context.draft!,
        onDone: [
          {
            guard: { type: 'isCreated', params: ({ event }) => ({ result: event.output }) },
            target: 'publishing',
            actions: { type: 'setQuestionId', params: ({ event }) => ({ questionId: event.output.questionId! }) },
          },
          // The check passed but the server counted otherwise (another tab created meanwhile).
          { guard: { type: 'dailyLimitHit', params: ({ event }) => ({ result: event.output }) }, target: 'dailyLimit' },
          { target: 'subjectLimit' },
        ],
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
    dailyLimit: { on: back },
    subjectLimit: { on: back },
    failed: { on: { 'pay.publish': [refuseInvalid, carryOn, check] } },
    published: { type: 'final' },
  },
});
