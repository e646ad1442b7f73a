import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from '../shared/error-message';
import type { TLifecycleContext, TLifecycleEvent, TLifecycleInput, TLifecycleProject, TSetStatusInput } from './project-lifecycle.types';
import { PROJECT_STATUS } from '../../schemas/project-kinds';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is not provided: supply it with machine.provide({ actors })`);
};

const projectOf = (event: TLifecycleEvent): TLifecycleProject | null => ('project' in event ? event.project : null);

const setStatusFailed = {
  target: '#projectLifecycle.idle.failed',
  actions: { type: 'setError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
};

/**
 * A project's status (spec §4): 0 not collecting ↔ 1 collecting, through getQuestionStatus. Editing a
 * collecting project shows the modify reminder; confirming pauses it (status 0) and opens the editor;
 * cancelling does nothing; 本次编辑不再提醒 skips the reminder for the rest of the session. A paused project
 * opens straight in the editor. One actor per screen: the event names the project. Every way into editing
 * goes through here: the lists' 编辑, the release page's 返回编辑, and inside the editor (any address, a
 * collaborator's link) its opening and each subject or logic change of a collecting project, where
 * `openEditor` lets the waiting change apply and `editCancelled` drops it.
 */
export const projectLifecycleMachine = setup({
  types: {
    context: {} as TLifecycleContext,
    events: {} as TLifecycleEvent,
    input: {} as TLifecycleInput | undefined,
  },
  actors: {
    /** activity/question/getQuestionStatus {questionId, status}. */
    setStatus: fromPromise<unknown, TSetStatusInput>(notProvided('setStatus')),
  },
  actions: {
    setProject: assign(({ event }) => ({ project: projectOf(event), dontRemind: false, error: null })),
    markStatus: assign(({ context }, params: { status: 0 | 1 }) => ({
      project: context.project ? { ...context.project, status: params.status } : null,
    })),
    setDontRemind: assign((_, params: { checked: boolean }) => ({ dontRemind: params.checked })),
    skipFromNowOn: assign({ skipReminder: true }),
    setError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
    clearProject: assign({ project: null, dontRemind: false }),
    /** Keep the 本次编辑不再提醒 choice for this session (sessionStorage). */
    storeSkipReminder: () => {},
    /** Open /questionnaire/edit/subject.html?questionId=…. */
    openEditor: (_, _params: { questionId: string }) => {},
    /** The status changed on the server: screens refresh their lists. */
    statusChanged: (_, _params: { questionId: string; status: number }) => {},
    /** The edit does not happen (reminder cancelled, or the pause failed): the editor drops a waiting change. */
    editCancelled: (_, _params: { questionId: string }) => {},
  },
  guards: {
    isPaused: ({ event }) => projectOf(event)?.status === PROJECT_STATUS.paused,
    skipsReminder: ({ context }) => context.skipReminder,
    dontRemindTicked: ({ context }) => context.dontRemind,
  },
}).createMachine({
  id: 'projectLifecycle',
  context: ({ input }) => ({ project: null, skipReminder: input?.skipReminder ?? false, dontRemind: false, error: null }),
  initial: 'idle',
  states: {
    idle: {
      initial: 'ready',
      states: {
        ready: {},
        failed: { on: { 'error.dismiss': { target: 'ready', actions: 'clearError' } } },
      },
      on: {
        'project.edit': [
          {
            guard: 'isPaused',
            target: '.ready',
            actions: ['setProject', { type: 'openEditor', params: ({ event }) => ({ questionId: event.project.questionId }) }],
          },
          { guard: 'skipsReminder', target: 'pausingForEdit', actions: 'setProject' },
          { target: 'reminding', actions: 'setProject' },
        ],
        'project.publish': { target: 'publishing', actions: 'setProject' },
        'project.pause': { target: 'pausing', actions: 'setProject' },
      },
    },
    reminding: {
      on: {
        'reminder.toggle': { actions: { type: 'setDontRemind', params: ({ event }) => ({ checked: event.checked }) } },
        'reminder.confirm': [
          { guard: 'dontRemindTicked', target: 'pausingForEdit', actions: ['skipFromNowOn', 'storeSkipReminder'] },
          { target: 'pausingForEdit' },
        ],
        'reminder.cancel': {
          target: 'idle',
          actions: [{ type: 'editCancelled', params: ({ context }) => ({ questionId: context.project!.questionId }) }, 'clearProject'],
        },
      },
    },
    pausingForEdit: {
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context }) => ({ questionId: context.project!.questionId, status: 0 as const }),
        onDone: {
          target: '#projectLifecycle.idle.ready',
          actions: [
            { type: 'markStatus', params: { status: 0 } },
            { type: 'statusChanged', params: ({ context }) => ({ questionId: context.project!.questionId, status: 0 }) },
            { type: 'openEditor', params: ({ context }) => ({ questionId: context.project!.questionId }) },
          ],
        },
        onError: {
          ...setStatusFailed,
          actions: [setStatusFailed.actions, { type: 'editCancelled', params: ({ context }) => ({ questionId: context.project!.questionId }) }],
        },
      },
    },
    publishing: {
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context }) => ({ questionId: context.project!.questionId, status: 1 as const }),
        onDone: {
          target: '#projectLifecycle.idle.ready',
          actions: [
            { type: 'markStatus', params: { status: 1 } },
            { type: 'statusChanged', params: ({ context }) => ({ questionId: context.project!.questionId, status: 1 }) },
          ],
        },
        onError: setStatusFailed,
      },
    },
    pausing: {
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context }) => ({ questionId: context.project!.questionId, status: 0 as const }),
        onDone: {
          target: '#projectLifecycle.idle.ready',
          actions: [
            { type: 'markStatus', params: { status: 0 } },
            { type: 'statusChanged', params: ({ context }) => ({ questionId: context.project!.questionId, status: 0 }) },
          ],
        },
        onError: setStatusFailed,
      },
    },
  },
});
