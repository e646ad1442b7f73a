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

/** Where a review state (as the server reports it) leads: `[states, target]`, first match wins. */
type TStateRoutes = [TApplymentState[], string][];

/** A look at the application's review state: each route keeps the answer (`action`) and goes on; else `otherwise`. */
const byState = <TAction extends 'keepLoaded' | 'keepChecked'>(action: TAction, routes: TStateRoutes, otherwise: string) => [
  ...routes.map(([states, target]) => ({ guard: { type: 'reports' as const, params: { states } }, target, actions: action })),
  { target: otherwise, actions: action },
];

/** getApplyDetail once: a route by its state, else `otherwise`; a failed look counts as "still under review". */
const checkStatus = (routes: TStateRoutes, otherwise: string) => ({
  id: 'checkStatus' as const,
  src: 'checkStatus' as const,
  input: ({ context }: { context: TMerchantContext }) => ({ out_request_no: context.draft.out_request_no }),
  onDone: byState('keepChecked', routes, otherwise),
  onError: otherwise,
});

/** A review phase: look again every `poll` (or on `status.refresh`) until the state leaves it by one of `routes`. */
const polling = (routes: TStateRoutes) => ({
  initial: 'waiting' as const,
  states: {
    waiting: { after: { poll: 'checking' }, on: { 'status.refresh': 'checking' } },
    checking: { invoke: checkStatus(routes, 'waiting') },
  },
});

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
        onDone: byState(
          'keepLoaded',
          [
            [['REJECTED'], 'rejected'],
            [['SUBMITTED', 'AUDITING'], 'auditing'],
            [['TO_BE_SIGNED'], 'toBeSigned'],
            [['FINISHED'], 'finished'],
          ],
          'editing',
        ),
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
      invoke: checkStatus(
        [
          [['REJECTED'], 'rejected'],
          [['TO_BE_SIGNED'], 'toBeSigned'],
          [['FINISHED'], 'finished'],
        ],
        'auditing',
      ),
    },
    auditing: polling([
      [['REJECTED'], '#merchantOnboarding.rejected'],
      [['TO_BE_SIGNED'], '#merchantOnboarding.toBeSigned'],
      [['FINISHED'], '#merchantOnboarding.finished'],
    ]),
    rejected: {
      on: {
        'application.edit': { target: 'editing', actions: 'openRejected' },
        'application.clear': { target: 'editing', actions: 'clearForm' },
      },
    },
    toBeSigned: polling([[['FINISHED'], '#merchantOnboarding.finished']]),
    finished: {
      on: { 'application.clear': { target: 'editing', actions: 'clearForm' } },
    },
  },
});
