import { assign, setup } from 'xstate';
import { supplied } from '../shared/actors';
import { failTo } from '../shared/transitions';
import type { TCreateResult, TQuestionCount } from '../../schemas/api/question';
import { messageOf } from '../shared/error-message';
import { dailyLimitReached, isCreated, subjectLimitExceeded } from './creation.operations';
import { limitDialogState, limitsOf } from './creation.limit-dialog';
import type { TCreationContext, TCreationEvent, TCreationOutput, TCreationRequest } from './creation.types';

const startTransitions = [
  // Spec §5: creating a non-vote kind while logged out goes to the login route (votes never come here).
  { guard: 'isAnonymous' as const, target: 'loginRequired' },
  { target: 'checking', actions: 'setRequest' as const },
];

/**
 * Creating a project (spec §4 "Project creation"): the question-count check, then the creation call
 * (blank, text import, copy or "use this template"). isCreate 1 opens the editor; 0 shows the daily-limit
 * dialog; 2 the subject-limit dialog. Confirming a dialog opens the member page in a new tab.
 * Effects are named actions with no-op defaults supplied by the screen.
 */
export const creationMachine = setup({
  types: {
    context: {} as TCreationContext,
    events: {} as TCreationEvent,
    output: {} as TCreationOutput,
  },
  actors: {
    /** activity/question/getQuestionCount: today's creations and the level's limits. */
    checkCount: supplied<TQuestionCount>('checkCount'),
    /** saveOrUpdateWxQuestion (blank or with subjects) or getQuestionCopy (copy, template). */
    create: supplied<TCreateResult, TCreationRequest>('create'),
  },
  actions: {
    setRequest: assign(({ event }) => (event.type === 'creation.start' ? { request: event.request, error: null, questionId: null } : {})),
    setLimits: assign((_, params: { limits: TQuestionCount }) => ({ limits: params.limits })),
    setQuestionId: assign((_, params: { questionId: string }) => ({ questionId: params.questionId })),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
    /** Go to the login route, coming back here afterwards. */
    openLogin: () => {},
    /** Open /member/index.html?memberLevel=<level> in a new tab. */
    openMemberPage: (_, _params: { memberLevel: number }) => {},
    /** The new project exists: screens open the editor; the project list refreshes in place. */
    openEditor: (_, _params: { questionId: string }) => {},
  },
  guards: {
    isAnonymous: ({ event }) => event.type === 'creation.start' && !event.loggedIn,
    dailyLimitReached: (_, params: { limits: TQuestionCount }) => dailyLimitReached(params.limits),
    subjectLimitExceeded: ({ context }, params: { limits: TQuestionCount }) => context.request !== null && subjectLimitExceeded(params.limits, context.request),
    isCreated: (_, params: { result: TCreateResult }) => isCreated(params.result),
    dailyLimitHit: (_, params: { result: TCreateResult }) => params.result.isCreate === 0,
  },
}).createMachine({
  id: 'creation',
  context: { request: null, limits: null, questionId: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'creation.start': startTransitions },
    },
    loginRequired: {
      entry: 'openLogin',
      on: { 'creation.start': startTransitions },
    },
    checking: {
      invoke: {
        id: 'checkCount',
        src: 'checkCount',
        onDone: [
          { guard: { type: 'dailyLimitReached', params: limitsOf }, target: 'dailyLimit', actions: { type: 'setLimits', params: limitsOf } },
          { guard: { type: 'subjectLimitExceeded', params: limitsOf }, target: 'subjectLimit', actions: { type: 'setLimits', params: limitsOf } },
          { target: 'creating', actions: { type: 'setLimits', params: limitsOf } },
        ],
        onError: failTo('failed', 'setError'),
      },
    },
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: { type: 'isCreated', params: ({ event }) => ({ result: event.output }) },
            target: 'created',
            actions: { type: 'setQuestionId', params: ({ event }) => ({ questionId: event.output.questionId! }) },
          },
          // The check passed but the server counted otherwise (another tab created meanwhile).
          { guard: { type: 'dailyLimitHit', params: ({ event }) => ({ result: event.output }) }, target: 'dailyLimit' },
          { target: 'subjectLimit' },
        ],
        onError: failTo('failed', 'setError'),
      },
    },
    dailyLimit: limitDialogState('idle'),
    subjectLimit: limitDialogState('idle'),
    failed: {
      on: {
        'creation.retry': { target: 'checking', actions: 'clearError' },
        'error.dismiss': { target: 'idle', actions: 'clearError' },
        'creation.start': startTransitions,
      },
    },
    created: {
      type: 'final',
      entry: { type: 'openEditor', params: ({ context }) => ({ questionId: context.questionId! }) },
    },
  },
  output: ({ context }) => ({ questionId: context.questionId! }),
});
