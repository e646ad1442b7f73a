import { assign, fromPromise, setup, type TransitionConfig } from 'xstate';
import { emptyLogic } from '../../schemas/logic/ast';
import { messageOf } from '../shared/error-message';
import { applyEdit, pushHistory, tryEdit } from './editor.operations';
import { conflictOf, isPublishable, isRefusal, overSubjectLimit, savedPartOf } from './editor.selectors';
import type {
  TEditEvent,
  TEditType,
  TEditorContext,
  TEditorEvent,
  TEditorInput,
  TEditorLoaded,
  TParts,
  TPublishInput,
  TSaveInput,
  TSaveOutput,
} from './editor.types';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is not provided: supply it with machine.provide({ actors })`);
};

const NONE: TParts = { document: false, settings: false, style: false };
const any = (parts: TParts) => parts.document || parts.settings || parts.style;
const or = (a: TParts, b: TParts): TParts => ({ document: a.document || b.document, settings: a.settings || b.settings, style: a.style || b.style });

/** Every document edit, in the order the model explores them (a harmless one first). */
export const EDIT_TYPES: readonly TEditType[] = [
  'document.title', 'document.subtitle', 'subject.add', 'subject.insert', 'subject.update', 'subject.copy', 'subject.delete',
  'subject.move', 'subject.required', 'page.move', 'option.update', 'option.add', 'option.delete', 'option.move', 'option.batch',
  'option.pictures', 'logic.add', 'logic.update', 'logic.remove',
];

const emptyDocument = () => ({ title: '', subtitle: '', subjects: [], logic: emptyLogic() });

/**
 * The drag-and-drop editor (issue 5): loading → saved ⇄ editing → saving → saved / conflict / error / refused.
 * Every document edit is an immer recipe (editor.operations.ts) and an undo step; the autosave runs after a
 * quiet time and sends the version it builds on, so a stale save from a second tab becomes `conflict` (who
 * changed it, 重新加载) instead of a silent overwrite. Settings and style ride the same save and version.
 * A view-only collaborator (powerType 3) gets `viewing`: nothing is editable. 发布 waits for the save.
 * Network and server faults retry (`error`); a save the server refuses ("400", "403", "404") waits for the
 * user (`refused`). Adds past the owner's subject limit do not apply at all.
 */
export const editorMachine = setup({
  types: {
    context: {} as TEditorContext,
    events: {} as TEditorEvent,
    input: {} as TEditorInput,
  },
  actors: {
    /** getWxQuestion + v2/getSubject + getWxQuestionSetting, at one version. */
    load: fromPromise<TEditorLoaded, { questionId: string }>(notProvided('load')),
    /** saveEditorDocument, updateWxQuestionSetting, saveOrUpdateFormat for the parts given, chained on the version. */
    save: fromPromise<TSaveOutput, TSaveInput>(notProvided('save')),
    /** getQuestionStatus {questionId, status: 1}: the server refuses without questions or with a logic error. */
    publish: fromPromise<unknown, TPublishInput>(notProvided('publish')),
  },
  delays: {
    autosave: ({ context }) => context.autosaveMs,
    retry: ({ context }) => context.retryMs,
  },
  guards: {
    viewOnly: (_, params: { loaded: TEditorLoaded }) => params.loaded.project.powerType === 3,
    // An edit applies when its recipe does and it keeps the owner's subject limit (checked before the server does).
    editApplies: ({ context, event }) => tryEdit(context.document, event as TEditEvent).ok && !overSubjectLimit(context, event as TEditEvent),
    canUndo: ({ context }) => context.past.length > 0,
    canRedo: ({ context }) => context.redoable && context.future.length > 0,
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
    })),
    setLoadError: assign((_, params: { error: unknown }) => ({ loadError: messageOf(params.error) })),
    applyEdit: assign(({ context, event }) => ({
      document: applyEdit(context.document, event as TEditEvent),
      past: pushHistory(context.past, context.document, context.historyLimit),
      future: [],
      redoable: false,
      dirty: { ...context.dirty, document: true },
    })),
    undo: assign(({ context }) => ({
      document: context.past[context.past.length - 1]!,
      past: context.past.slice(0, -1),
      future: [...context.future, context.document],
      redoable: true,
      dirty: { ...context.dirty, document: true },
    })),
    redo: assign(({ context }) => ({
      document: context.future[context.future.length - 1]!,
      future: context.future.slice(0, -1),
      redoable: context.future.length > 1,
      past: pushHistory(context.past, context.document, context.historyLimit),
      dirty: { ...context.dirty, document: true },
    })),
    patchSettings: assign(({ context, event }) => ({
      settings: context.settings && event.type === 'settings.update' ? { ...context.settings, ...event.patch } : context.settings,
      dirty: { ...context.dirty, settings: true },
    })),
    patchStyle: assign(({ context, event }) => ({
      style: context.style && event.type === 'style.update' ? { ...context.style, ...event.patch } : context.style,
      dirty: { ...context.dirty, style: true },
    })),
    startSave: assign(({ context }) => ({ inFlight: context.dirty, dirty: NONE, error: null })),
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
  }),
  initial: 'loading',
  states: {
    loading: {
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
        onError: { target: 'loadFailed', actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { 'document.reload': 'loading' } },
    /** A view-only collaborator: the document is shown, nothing is editable or saved. */
    viewing: { on: { 'document.reload': 'loading' } },
    /** Everything is on the server. */
    saved: {
      on: {
        ...editsTo('editing'),
        'project.publish': { guard: 'publishable', target: 'publishing' },
      },
    },
    /** Unsaved changes; the autosave waits for a quiet time (each change restarts it). */
    editing: {
      after: { autosave: 'saving' },
      on: {
        ...editsTo('editing'),
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
          { guard: 'publishWaiting', target: 'publishing', actions: { type: 'finishSave', params: ({ event }) => ({ output: event.output }) } },
          { guard: 'hasChanges', target: 'editing', actions: { type: 'finishSave', params: ({ event }) => ({ output: event.output }) } },
          { target: 'saved', actions: { type: 'finishSave', params: ({ event }) => ({ output: event.output }) } },
        ],
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: [{ type: 'failSave', params: ({ event }) => ({ error: event.error }) }, 'clearPublish'],
          },
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: [{ type: 'failSave', params: ({ event }) => ({ error: event.error }) }, 'clearPublish'],
          },
          { target: 'error', actions: [{ type: 'failSave', params: ({ event }) => ({ error: event.error }) }, 'clearPublish'] },
        ],
      },
      // Changes made while saving stay dirty for the next save.
      on: {
        ...editsTo(null),
        'project.publish': { guard: 'publishable', actions: 'requestPublish' },
      },
    },
    /** The save failed (network, server): tried again after a while, on save.now, or after the next change. */
    error: {
      after: { retry: 'saving' },
      on: {
        ...editsTo('editing'),
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
        'save.now': 'saving',
        'document.reload': 'loading',
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
          actions: ['clearPublish', { type: 'published', params: ({ context }) => ({ questionId: context.questionId }) }],
        },
        onError: {
          target: 'saved',
          actions: [
            { type: 'setPublishError', params: ({ event }) => ({ error: event.error }) },
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
  const edit = { guard: 'editApplies', actions: 'applyEdit', ...go } as const;
  const on: Record<string, TransitionConfig<TEditorContext, TEditorEvent, TEditorEvent, never, never, never, never, never, never>> = {};
  for (const type of EDIT_TYPES) on[type] = edit as never;
  on['history.undo'] = { guard: 'canUndo', actions: 'undo', ...go } as never;
  on['history.redo'] = { guard: 'canRedo', actions: 'redo', ...go } as never;
  on['settings.update'] = { actions: 'patchSettings', ...go } as never;
  on['style.update'] = { actions: 'patchStyle', ...go } as never;
  return on as Record<TEditType | 'history.undo' | 'history.redo' | 'settings.update' | 'style.update', never>;
}
