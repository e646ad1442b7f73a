import { and, assign, setup } from 'xstate';
import { supplied } from '../shared/actors';
import type { TApplyDetail, TApplySummary } from '../../schemas/api/wxpay';
import type { TApplymentState } from '../../schemas/merchant/constants';
import { emptyDraft } from '../../schemas/merchant/draft';
import { stepOfPath } from '../../schemas/merchant/rules';
import {
  addUbo,
  canAddUbo,
  clampStep,
  clearDraft,
  clearError,
  currentProblems,
  editRejected,
  firstProblemStep,
  isLastStep,
  messageOf,
  removeUbo,
  resetDraft,
  serverProblem,
  setField,
  stateOf,
  stepKeyAt,
  stepNumberOf,
} from './merchant-onboarding.operations';
import type { TCheckInput, TLoadInput, TLoadOutput, TMerchantContext, TMerchantEvent, TMerchantInput, TSubmitInput } from './merchant-onboarding.types';

export const POLL_MS = 5000;

const outputOf = (event: unknown): unknown => (event as { output?: unknown }).output;

/**
 * Merchant onboarding (spec §3–§5): a step-by-step form whose every step is checked before "next", then
 * submit → submitted → auditing → rejected (back to the failing step) / to-be-signed → finished.
 * The draft lives in context; the screen stores it in the browser under the spec's field names.
 */
export const merchantOnboardingMachine = setup({
  types: {
    context: {} as TMerchantContext,
    events: {} as TMerchantEvent,
    input: {} as TMerchantInput | undefined,
    children: {} as { loadApplication: 'loadApplication'; submitApplication: 'submitApplication'; checkStatus: 'checkStatus' },
  },
  actors: {
    /** Issues a number when there is none, then reads the application under it (null when never submitted). */
    loadApplication: supplied<TLoadOutput, TLoadInput>('loadApplication'),
    /** applyMch, with a number issued first when the draft has none. */
    submitApplication: supplied<TApplySummary, TSubmitInput>('submitApplication'),
    /** getApplyDetail. */
    checkStatus: supplied<TApplyDetail, TCheckInput>('checkStatus'),
  },
  delays: {
    poll: ({ context }) => context.pollMs,
  },
  actions: {
    changeField: assign(({ context, event }) =>
      event.type === 'field.change' ? { draft: setField(context.draft, event.path, event.value), errors: clearError(context.errors, event.path) } : {},
    ),
    nextStep: assign(({ context }) => ({ step: context.step + 1, errors: {}, error: null })),
    previousStep: assign(({ context }) => ({ step: context.step - 1, errors: {}, error: null })),
    goToStep: assign(({ event }) => (event.type === 'step.goto' ? { step: event.step, errors: {}, error: null } : {})),
    showStepErrors: assign(({ context }) => ({ errors: currentProblems(context.draft, context.step) })),
    showDraftErrors: assign(({ context }) => {
      const first = firstProblemStep(context.draft);
      return first ? { step: first.step, errors: first.errors } : {};
    }),
    addOwner: assign(({ context }) => ({ draft: addUbo(context.draft), errors: clearError(context.errors, 'ubo_info_list') })),
    removeOwner: assign(({ context, event }) => (event.type === 'ubo.remove' ? { draft: removeUbo(context.draft, event.index), errors: {} } : {})),
    resetForm: assign(({ context }) => ({ draft: resetDraft(context.draft), step: 1, errors: {}, error: null })),
    clearForm: assign({ draft: () => clearDraft(), step: 1, errors: {}, error: null, application: null }),
    keepLoaded: assign(({ context, event }) => {
      const output = outputOf(event) as TLoadOutput;
      return { draft: { ...context.draft, out_request_no: output.out_request_no }, application: output.application, error: null };
    }),
    keepSubmitted: assign(({ context, event }) => {
      const output = outputOf(event) as TApplySummary;
      return { draft: { ...context.draft, out_request_no: output.out_request_no }, application: output, error: null, errors: {} };
    }),
    keepChecked: assign(({ event }) => ({ application: outputOf(event) as TApplyDetail })),
    showLoadError: assign(({ event }) => ({ error: messageOf((event as { error?: unknown }).error) })),
    showSubmitError: assign(({ context, event }) => {
      const error = (event as { error?: unknown }).error;
      const problem = serverProblem(error);
      if (!problem) return { error: messageOf(error) };
      return { error: null, step: stepNumberOf(context.draft, stepOfPath(problem.path)!), errors: { [problem.path]: problem.message } };
    }),
    openRejected: assign(({ context }) => ({ ...editRejected(context.draft, context.application), error: null })),
  },
  guards: {
    stepValid: ({ context }) => Object.keys(currentProblems(context.draft, context.step)).length === 0,
    notLastStep: ({ context }) => !isLastStep(context.draft, context.step),
    notFirstStep: ({ context }) => context.step > 1,
    earlierStep: ({ context, event }) => event.type === 'step.goto' && Number.isInteger(event.step) && event.step >= 1 && event.step < context.step,
    draftValid: ({ context }) => firstProblemStep(context.draft) === null,
    onOwnersStep: ({ context }) => stepKeyAt(context.draft, context.step) === 'ubo',
    mayAddOwner: ({ context }) => stepKeyAt(context.draft, context.step) === 'ubo' && canAddUbo(context.draft),
    reports: ({ event }, params: { states: TApplymentState[] }) => {
      const state = stateOf(outputOf(event));
      return state !== null && params.states.includes(state);
    },
  },
}).createMachine({
  id: 'merchantOnboarding',
  context: ({ input }) => {
    const draft = input?.draft ?? emptyDraft();
    return { draft, step: clampStep(draft, input?.step ?? 1), errors: {}, error: null, application: null, pollMs: input?.pollMs ?? POLL_MS };
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        input: ({ context }) => ({ out_request_no: context.draft.out_request_no }),
        onDone: [
          { guard: { type: 'reports', params: { states: ['REJECTED'] } }, target: 'rejected', actions: 'keepLoaded' },
          { guard: { type: 'reports', params: { states: ['SUBMITTED', 'AUDITING'] } }, target: 'auditing', actions: 'keepLoaded' },
          { guard: { type: 'reports', params: { states: ['TO_BE_SIGNED'] } }, target: 'toBeSigned', actions: 'keepLoaded' },
          { guard: { type: 'reports', params: { states: ['FINISHED'] } }, target: 'finished', actions: 'keepLoaded' },
          { target: 'editing', actions: 'keepLoaded' },
        ],
        onError: { target: 'loadFailed', actions: 'showLoadError' },
      },
    },
    loadFailed: {
      on: { 'application.reload': 'loading' },
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'step.next': [
          { guard: and(['notLastStep', 'stepValid']), actions: 'nextStep' },
          { guard: 'notLastStep', actions: 'showStepErrors' },
        ],
        'step.back': { guard: 'notFirstStep', actions: 'previousStep' },
        'step.goto': { guard: 'earlierStep', actions: 'goToStep' },
        'ubo.add': { guard: 'mayAddOwner', actions: 'addOwner' },
        'ubo.remove': { guard: 'onOwnersStep', actions: 'removeOwner' },
        'application.submit': [{ guard: 'draftValid', target: 'submitting' }, { actions: 'showDraftErrors' }],
        'application.reset': { actions: 'resetForm' },
        'application.clear': { actions: 'clearForm' },
      },
    },
    submitting: {
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        input: ({ context }) => ({ draft: context.draft }),
        onDone: { target: 'submitted', actions: 'keepSubmitted' },
        onError: { target: 'editing', actions: 'showSubmitError' },
      },
    },
    /** Accepted by the server; the first look at its review state decides the screen. */
    submitted: {
      invoke: {
        id: 'checkStatus',
        src: 'checkStatus',
        input: ({ context }) => ({ out_request_no: context.draft.out_request_no }),
        onDone: [
          { guard: { type: 'reports', params: { states: ['REJECTED'] } }, target: 'rejected', actions: 'keepChecked' },
          { guard: { type: 'reports', params: { states: ['TO_BE_SIGNED'] } }, target: 'toBeSigned', actions: 'keepChecked' },
          { guard: { type: 'reports', params: { states: ['FINISHED'] } }, target: 'finished', actions: 'keepChecked' },
          { target: 'auditing', actions: 'keepChecked' },
        ],
        onError: 'auditing',
      },
    },
    auditing: {
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'checking' }, on: { 'status.refresh': 'checking' } },
        checking: {
          invoke: {
            id: 'checkStatus',
            src: 'checkStatus',
            input: ({ context }) => ({ out_request_no: context.draft.out_request_no }),
            onDone: [
              { guard: { type: 'reports', params: { states: ['REJECTED'] } }, target: '#merchantOnboarding.rejected', actions: 'keepChecked' },
              { guard: { type: 'reports', params: { states: ['TO_BE_SIGNED'] } }, target: '#merchantOnboarding.toBeSigned', actions: 'keepChecked' },
              { guard: { type: 'reports', params: { states: ['FINISHED'] } }, target: '#merchantOnboarding.finished', actions: 'keepChecked' },
              { target: 'waiting', actions: 'keepChecked' },
            ],
            onError: 'waiting',
          },
        },
      },
    },
    rejected: {
      on: {
        'application.edit': { target: 'editing', actions: 'openRejected' },
        'application.clear': { target: 'editing', actions: 'clearForm' },
      },
    },
    toBeSigned: {
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'checking' }, on: { 'status.refresh': 'checking' } },
        checking: {
          invoke: {
            id: 'checkStatus',
            src: 'checkStatus',
            input: ({ context }) => ({ out_request_no: context.draft.out_request_no }),
            onDone: [
              { guard: { type: 'reports', params: { states: ['FINISHED'] } }, target: '#merchantOnboarding.finished', actions: 'keepChecked' },
              { target: 'waiting', actions: 'keepChecked' },
            ],
            onError: 'waiting',
          },
        },
      },
    },
    finished: {
      on: { 'application.clear': { target: 'editing', actions: 'clearForm' } },
    },
  },
});
