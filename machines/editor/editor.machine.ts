import { assign, setup, type TransitionConfig } from 'xstate';
import { supplied } from '../shared/actors';
import { errorOf } from '../shared/transitions';
import { emptyLogic } from '../../schemas/logic/ast';
import { reasonOf } from '../../schemas/refusals';
import { messageOf } from '../shared/error-message';
import { changeContext, collectingOf, documentAfter, mustWaitForPause } from './editor.collecting';
import { tryEdit } from './editor.operations';
import { conflictOf, isPublishable, isRefusal, overSubjectLimit, savedPartOf } from './editor.rules';
import type {
  TEditEvent,
  TEditType,
  TEditorContext,
  TEditorEvent,
  TEditorInput,
  TEditorLoaded,
  THeldEvent,
  TParts,
  TPublishInput,
  TSaveFailure,
  TSaveInput,
  TSaveOutput,
} from './editor.types';
import { POWER, PROJECT_STATUS } from '../../schemas/project-kinds';

/** The save's answer into `finishSave`. */
const finishSave = { type: 'finishSave' as const, params: ({ event }: { event: { output: TSaveOutput } }) => ({ output: event.output }) };

const NONE: TParts = { document: false, settings: false, style: false };
const any = (parts: TParts) => parts.document || parts.settings || parts.style;
const or = (a: TParts, b: TParts): TParts => ({ document: a.document || b.document, settings: a.settings || b.settings, style: a.style || b.style });

/** Every document edit, in the order the model explores them (a harmless one first). */
export const EDIT_TYPES: readonly TEditType[] = [
  'document.title',
  'document.subtitle',
  'subject.add',
  'subject.insert',
  'subject.update',
  'subject.copy',
  'subject.delete',
  'subject.move',
  'subject.required',
  'page.move',
  'option.update',
  'option.add',
  'option.delete',
  'option.move',
  'option.batch',
  'option.pictures',
  'logic.add',
  'logic.update',
  'logic.remove',
];

const NO_HISTORY = { past: [], future: [], redoable: false };
const TEXT_EDITS: ReadonlySet<TEditType> = new Set(['document.title', 'document.subtitle']);

const emptyDocument = () => ({ title: '', subtitle: '', subjects: [], logic: emptyLogic() });

/**
 * The drag-and-drop editor (issue 5): loading → saved ⇄ editing → saving → saved / conflict / error / refused.
 * Every document edit is an immer recipe (editor.operations.ts) and an undo step; the autosave runs after a
 * quiet time and sends the version it builds on, so a stale save from a second tab becomes `conflict` (who
 * changed it, 重新加载) instead of a silent overwrite. Settings and style ride the same save and version.
 * A view-only collaborator (powerType 3) gets `viewing`: nothing is editable. 发布 waits for the save.
 * Network and server faults retry (`error`); a save the server refuses ("400", "403", "404") waits for the
 * user (`refused`). Adds past the owner's subject limit do not apply at all.
 *
 * Spec §4 on every path into the editor: while the project collects (status ≠ 0, `collecting`), a change of its
 * subjects or logic does not apply but waits (`waiting`) for the project-lifecycle machine's modify reminder,
 * which the screen runs: `project.paused` (confirmed, status 0) applies it, `change.dropped` (cancelled, or
 * the pause failed) leaves the structure untouched. Texts, settings and style save while collecting. The
 * server refuses structure changes of a collecting project with the collecting reason whatever the client
 * does: such a refused save (someone published meanwhile) waits the same way and is saved again once paused.
 */
export const editorMachine = setup({
  types: {
    context: {} as TEditorContext,
    events: {} as TEditorEvent,
    input: {} as TEditorInput,
  },
  actors: {
    /** getWxQuestion + v2/getSubject + getWxQuestionSetting, at one version. */
    load: supplied<TEditorLoaded, { questionId: string }>('load'),
    /** saveEditorDocument, updateWxQuestionSetting, saveOrUpdateFormat for the parts given, chained on the version. */
    save: supplied<TSaveOutput, TSaveInput>('save'),
    /** getQuestionStatus {questionId, status: 1}: the server refuses without questions or with a logic error. */
    publish: supplied<unknown, TPublishInput>('publish'),
  },
  delays: {
    autosave: ({ context }) => context.autosaveMs,
    retry: ({ context }) => context.retryMs,
  },
  guards: {
    viewOnly: (_, params: { loaded: TEditorLoaded }) => params.loaded.project.powerType === POWER.view,
    // An edit applies when its recipe does and it keeps the owner's subject limit (checked before the server does),
    // and, on a collecting project, when it leaves the structure alone.
    editApplies: ({ context, event }) =>
      tryEdit(context.document, event as TEditEvent).ok && !overSubjectLimit(context, event as TEditEvent) && !mustWaitForPause(context, event as TEditEvent),
    canUndo: ({ context, event }) => context.past.length > 0 && !mustWaitForPause(context, event as THeldEvent),
    canRedo: ({ context, event }) => context.redoable && context.future.length > 0 && !mustWaitForPause(context, event as THeldEvent),
    waitsForPause: ({ context, event }) => mustWaitForPause(context, event as THeldEvent),
    heldApplies: ({ context }) => context.held !== null && documentAfter(context, context.held) !== null,
    refusedCollecting: ({ context }) => context.refusedCollecting,
    isCollectingRefusal: (_, params: { error: unknown }) => collectingOf(params.error) !== null,
    isConflict: (_, params: { error: unknown }) => conflictOf(params.error) !== null,
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
    publishWaiting: ({ context }) => context.publishRequested && !any(context.dirty),
    hasChanges: ({ context }) => any(context.dirty),
    publishable: ({ context }) => isPublishable(context),
  },
  actions: {
    takeLoaded: assign((_, params: { loaded: TEditorLoaded }) => ({
      project: params.loaded.project,
      document: params.loaded.document,
      settings: params.loaded.settings,
      style: params.loaded.style,
      version: params.loaded.version,
      past: [],
      future: [],
      redoable: false,
      dirty: NONE,
      inFlight: NONE,
      publishRequested: false,
      conflict: null,
      error: null,
      loadError: null,
      collecting: params.loaded.project.status !== PROJECT_STATUS.paused,
      held: null,
      refusedCollecting: false,
    })),
    forgetPending: assign({ dirty: NONE, inFlight: NONE, publishRequested: false, conflict: null, redoable: false, held: null, refusedCollecting: false }),
    setLoadError: assign((_, params: { error: unknown }) => ({ loadError: messageOf(params.error) })),
    applyEdit: assign(({ context, event }) => changeContext(context, event as TEditEvent)),
    undo: assign(({ context }) => changeContext(context, { type: 'history.undo' })),
    redo: assign(({ context }) => changeContext(context, { type: 'history.redo' })),
    hold: assign(({ event }) => ({ held: event as THeldEvent })),
    dropHeld: assign({ held: null }),
    /** The project is paused: the held change applies (it did when held; the document has not moved since). */
    markPaused: assign(({ context }) => ({
      ...(context.held ? changeContext(context, context.held) : {}),
      held: null,
      refusedCollecting: false,
      collecting: false,
      project: context.project ? { ...context.project, status: PROJECT_STATUS.paused } : null,
    })),
    // While collecting, the undo history holds only text edits (structure changes wait for a pause): what came
    // before the project started collecting is dropped, so that undo never changes the structure behind its back.
    markPublished: assign(({ context }) => ({
      ...NO_HISTORY,
      collecting: true,
      project: context.project ? { ...context.project, status: PROJECT_STATUS.published } : null,
    })),
    /** A save refused because the project collects: what the server says about it replaces what was loaded. */
    markCollecting: assign(({ context }, params: { error: unknown }) => {
      const refusal = collectingOf(params.error);
      return {
        ...NO_HISTORY,
        refusedCollecting: true,
        collecting: true,
        project: context.project && refusal ? { ...context.project, status: refusal.status, dataCount: refusal.dataCount } : context.project,
      };
    }),
    patchSettings: assign(({ context, event }) => ({
      settings: context.settings && event.type === 'settings.update' ? { ...context.settings, ...event.patch } : context.settings,
      dirty: { ...context.dirty, settings: true },
    })),
    patchStyle: assign(({ context, event }) => ({
      style: context.style && event.type === 'style.update' ? { ...context.style, ...event.patch } : context.style,
      dirty: { ...context.dirty, style: true },
    })),
    startSave: assign(({ context }) => ({ inFlight: context.dirty, dirty: NONE, error: null, errorReason: null, refusedCollecting: false })),
    finishSave: assign((_, params: { output: TSaveOutput }) => ({ version: params.output.version, inFlight: NONE })),
    /** What did not reach the server is dirty again; parts saved before a failure keep their new version. */
    failSave: assign(({ context }, params: { error: unknown }) => {
      const saved = savedPartOf(params.error);
      const kept = saved ? { ...context.inFlight, ...Object.fromEntries(saved.parts.map((p) => [p, false])) } : context.inFlight;
      return {
        version: saved?.version ?? context.version,
        dirty: or(context.dirty, kept),
        inFlight: NONE,
        error: messageOf(params.error, '保存失败'),
        errorReason: reasonOf((params.error as TSaveFailure | null)?.data),
        conflict: conflictOf(params.error),
      };
    }),
    requestPublish: assign({ publishRequested: true }),
    clearPublish: assign({ publishRequested: false }),
    setPublishError: assign((_, params: { error: unknown }) => ({ publishRequested: false, error: messageOf(params.error, '发布失败') })),
    /** Effects, supplied by the screen: go to the release page; show why publishing was refused. */
    published: (_, _params: { questionId: string }) => {},
    publishRefused: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'editor',
  context: ({ input }) => ({
    questionId: input.questionId,
    autosaveMs: input.autosaveMs ?? 1_500,
    retryMs: input.retryMs ?? 10_000,
    historyLimit: input.historyLimit ?? 100,
    project: null,
    version: 0,
    document: emptyDocument(),
    settings: null,
    style: null,
    past: [],
    future: [],
    redoable: false,
    dirty: NONE,
    inFlight: NONE,
    publishRequested: false,
    conflict: null,
    error: null,
    loadError: null,
    collecting: false,
    held: null,
    refusedCollecting: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      // Reading the project again drops whatever was pending here (takeLoaded replaces the rest).
      entry: 'forgetPending',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ questionId: context.questionId }),
        onDone: [
          {
            guard: { type: 'viewOnly', params: ({ event }) => ({ loaded: event.output }) },
            target: 'viewing',
            actions: { type: 'takeLoaded', params: ({ event }) => ({ loaded: event.output }) },
          },
          { target: 'saved', actions: { type: 'takeLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'setLoadError', params: errorOf } },
      },
    },
    loadFailed: { on: { 'document.reload': 'loading' } },
    /** A view-only collaborator: the document is shown, nothing is editable or saved. */
    viewing: { on: { 'document.reload': 'loading' } },
    /** Everything is on the server. */
    saved: {
      on: {
        ...editsTo('editing'),
        // Subjects added on the server (an import, issue 53): nothing unsaved, so the project is read again.
        'document.reload': 'loading',
        'project.paused': { actions: 'markPaused' },
        'project.publish': { guard: 'publishable', target: 'publishing' },
      },
    },
    /** Unsaved changes; the autosave waits for a quiet time (each change restarts it). */
    editing: {
      after: { autosave: 'saving' },
      on: {
        ...editsTo('editing'),
        'project.paused': { actions: 'markPaused' },
        'save.now': 'saving',
        'project.publish': { guard: 'publishable', target: 'saving', actions: 'requestPublish' },
      },
    },
    saving: {
      entry: 'startSave',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          questionId: context.questionId,
          version: context.version,
          ...(context.inFlight.document ? { document: context.document } : {}),
          ...(context.inFlight.settings && context.settings ? { settings: context.settings } : {}),
          ...(context.inFlight.style && context.style ? { style: context.style } : {}),
        }),
        onDone: [
          { guard: 'publishWaiting', target: 'publishing', actions: finishSave },
          { guard: 'hasChanges', target: 'editing', actions: finishSave },
          { target: 'saved', actions: finishSave },
        ],
        onError: [
          {
            guard: { type: 'isCollectingRefusal', params: errorOf },
            target: 'waiting',
            actions: [{ type: 'failSave', params: errorOf }, { type: 'markCollecting', params: errorOf }, 'clearPublish'],
          },
          {
            guard: { type: 'isConflict', params: errorOf },
            target: 'conflict',
            actions: [{ type: 'failSave', params: errorOf }, 'clearPublish'],
          },
          {
            guard: { type: 'isRefusal', params: errorOf },
            target: 'refused',
            actions: [{ type: 'failSave', params: errorOf }, 'clearPublish'],
          },
          { target: 'error', actions: [{ type: 'failSave', params: errorOf }, 'clearPublish'] },
        ],
      },
      // Changes made while saving stay dirty for the next save.
      on: {
        ...editsTo(null),
        'project.paused': { actions: 'markPaused' },
        'project.publish': { guard: 'publishable', actions: 'requestPublish' },
      },
    },
    /** The save failed (network, server): tried again after a while, on save.now, or after the next change. */
    error: {
      after: { retry: 'saving' },
      on: {
        ...editsTo('editing'),
        'project.paused': { actions: 'markPaused' },
        'save.now': 'saving',
      },
    },
    /**
     * The server refused the save ("400" such as the subject limit, "403", "404"): the same document would be
     * refused again, so nothing is retried on a timer. The reason stays shown; the next change saves again,
     * and so do 立即重试 and 重新加载 (which drops the local changes).
     */
    refused: {
      on: {
        ...editsTo('editing'),
        'project.paused': [{ guard: 'refusedCollecting', target: 'saving', actions: 'markPaused' }, { actions: 'markPaused' }],
        'save.now': 'saving',
        'document.reload': 'loading',
      },
    },
    /**
     * A structure change (or a save refused for collecting) waits for the modify reminder the screen shows:
     * confirmed and paused, the change applies (or the refused save runs again); cancelled, nothing changes.
     */
    waiting: {
      on: {
        'project.paused': [
          { guard: 'heldApplies', target: 'editing', actions: 'markPaused' },
          { guard: 'hasChanges', target: 'saving', actions: ['dropHeld', 'markPaused'] },
          { target: 'saved', actions: ['dropHeld', 'markPaused'] },
        ],
        'change.dropped': [
          { guard: 'refusedCollecting', target: 'refused', actions: 'dropHeld' },
          { guard: 'hasChanges', target: 'editing', actions: 'dropHeld' },
          { target: 'saved', actions: 'dropHeld' },
        ],
        'settings.update': { actions: 'patchSettings' },
        'style.update': { actions: 'patchStyle' },
      },
    },
    /** Someone else saved first: nothing more is saved until the project is read again. */
    conflict: { on: { 'document.reload': 'loading' } },
    publishing: {
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => ({ questionId: context.questionId }),
        onDone: {
          target: 'saved',
          actions: ['clearPublish', 'markPublished', { type: 'published', params: ({ context }) => ({ questionId: context.questionId }) }],
        },
        onError: {
          target: 'saved',
          actions: [
            { type: 'setPublishError', params: errorOf },
            { type: 'publishRefused', params: ({ event }) => ({ message: messageOf(event.error, '发布失败') }) },
          ],
        },
      },
    },
  },
});

/**
 * The edit, undo, redo, settings and style transitions of a state that accepts changes. `target` null keeps
 * the state (saving); otherwise the state is entered again so the autosave's quiet time restarts.
 */
function editsTo(target: 'editing' | null) {
  const go = target === null ? {} : { target, reenter: true };
  // A structure change of a collecting project waits for the reminder. A save running meanwhile is not
  // interrupted: such a change is refused until it ends.
  const wait = target === null ? [] : [{ guard: 'waitsForPause', target: 'waiting', actions: 'hold' }];
  const edit = { guard: 'editApplies', actions: 'applyEdit', ...go };
  const on: Record<string, TransitionConfig<TEditorContext, TEditorEvent, TEditorEvent, never, never, never, never, never, never>[]> = {};
  // The title and subtitle are texts: they never wait.
  for (const type of EDIT_TYPES) on[type] = (TEXT_EDITS.has(type) ? [edit] : [...wait, edit]) as never;
  // Undo and redo never wait: while collecting the history holds only text edits (markPublished, markCollecting).
  on['history.undo'] = { guard: 'canUndo', actions: 'undo', ...go } as never;
  on['history.redo'] = { guard: 'canRedo', actions: 'redo', ...go } as never;
  on['settings.update'] = { actions: 'patchSettings', ...go } as never;
  on['style.update'] = { actions: 'patchStyle', ...go } as never;
  return on as Record<TEditType | 'history.undo' | 'history.redo' | 'settings.update' | 'style.update', never>;
}
