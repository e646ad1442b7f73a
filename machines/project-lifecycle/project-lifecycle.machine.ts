import { assign, setup } from 'xstate';
import { supplied } from '../shared/actors';
import { failTo } from '../shared/transitions';
import { messageOf } from '../shared/error-message';
import type { TLifecycleContext, TLifecycleEvent, TLifecycleInput, TLifecycleProject, TSetStatusInput } from './project-lifecycle.types';
import { PROJECT_STATUS } from '../../schemas/project-kinds';

const projectOf = (event: TLifecycleEvent): TLifecycleProject | null => ('project' in event ? event.project : null);

const setStatusFailed = failTo('#projectLifecycle.idle.failed', 'setError');
type TContextArgs = { context: TLifecycleContext };
const questionIdOf = ({ context }: TContextArgs) => ({ questionId: context.project!.questionId });

/** getQuestionStatus to `status`, marked on the project and announced; back to idle, or to idle.failed with the message. */
const settingStatus = (status: 0 | 1) => ({
  id: 'setStatus' as const,
  src: 'setStatus' as const,
  input: ({ context }: TContextArgs) => ({ questionId: context.project!.questionId, status }),
  onDone: {
    target: '#projectLifecycle.idle.ready',
    actions: [
      { type: 'markStatus' as const, params: { status } },
      { type: 'statusChanged' as const, params: ({ context }: TContextArgs) => ({ questionId: context.project!.questionId, status }) },
    ],
  },
  onError: setStatusFailed,
});
const pause = settingStatus(0);

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
    setStatus: supplied<unknown, TSetStatusInput>('setStatus'),
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
    // Pausing to edit also opens the editor, or on failure lets the editor drop the change that waited.
    pausingForEdit: {
      invoke: {
        ...pause,
        onDone: { ...pause.onDone, actions: [...pause.onDone.actions, { type: 'openEditor', params: questionIdOf }] },
        onError: { ...setStatusFailed, actions: [setStatusFailed.actions, { type: 'editCancelled', params: questionIdOf }] },
      },
    },
    publishing: { invoke: settingStatus(1) },
    pausing: { invoke: pause },
  },
});
