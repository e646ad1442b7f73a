import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { connectEditor, type TEditorApi } from '../../../machines/editor/editor.connect';
import { editorMachine } from '../../../machines/editor/editor.machine';
import { loadEditor, publishProject, saveEditorParts } from '../../api/editor';
import { newId } from '../../subjects/new-id';

export type TEditorActor = ActorRefFrom<typeof editorMachine>;

/** What the editor's screens share besides the document: the selected subject and the ticked ones. */
export interface TEditorUi {
  active: string | null;
  checked: ReadonlySet<string>;
  /** Bumped to scroll the active subject into view (a finding's link, a new subject). */
  focusTick: number;
  /** An add went past the owner's subject limit: the upgrade dialog is open. */
  limitDialog: boolean;
  /** The modify reminder was offered on opening this collecting project (once per editor session). */
  reminded: boolean;
}

export interface TUiStore {
  get(): TEditorUi;
  set(patch: Partial<TEditorUi> | ((ui: TEditorUi) => Partial<TEditorUi>)): void;
  subscribe(listener: () => void): () => void;
}

function createUiStore(): TUiStore {
  let state: TEditorUi = { active: null, checked: new Set(), focusTick: 0, limitDialog: false, reminded: false };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...(typeof patch === 'function' ? patch(state) : patch) };
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Effects the machine asks for, pointed at the current screen's router and toasts. */
export interface TEditorEffects {
  published: (questionId: string) => void;
  publishRefused: (message: string) => void;
}

export interface TEditorSession {
  questionId: string;
  actor: TEditorActor;
  api: TEditorApi;
  ui: TUiStore;
  effects: TEditorEffects;
}

interface TEntry {
  session: TEditorSession;
  users: number;
  stopTimer: ReturnType<typeof setTimeout> | null;
}
const sessions = new Map<string, TEntry>();

function createSession(questionId: string): TEditorSession {
  const effects: TEditorEffects = { published: () => {}, publishRefused: () => {} };
  const logic = editorMachine.provide({
    actors: {
      load: fromPromise(({ input }) => loadEditor(input.questionId)),
      save: fromPromise(({ input }) => saveEditorParts(input)),
      publish: fromPromise(({ input }) => publishProject(input.questionId)),
    },
    actions: {
      published: (_, params) => effects.published(params.questionId),
      publishRefused: (_, params) => effects.publishRefused(params.message),
    },
  });
  const actor = createActor(logic, { input: { questionId } });
  actor.start();
  return { questionId, actor, api: connectEditor(actor, newId), ui: createUiStore(), effects };
}

function scheduleStop(entry: TEntry): void {
  if (entry.stopTimer) clearTimeout(entry.stopTimer);
  entry.stopTimer = setTimeout(() => {
    if (entry.users > 0) return;
    entry.session.actor.stop();
    if (sessions.get(entry.session.questionId) === entry) sessions.delete(entry.session.questionId);
  }, 1_000);
}

/**
 * The editor of one project lives across its pages (subject, outline, bank, settings, style, logic): a page
 * gets the session while rendering, holds it while mounted, and it stops a second after the last page of
 * that project let go of it.
 */
export function getSession(questionId: string): TEditorSession {
  let entry = sessions.get(questionId);
  if (!entry) {
    entry = { session: createSession(questionId), users: 0, stopTimer: null };
    sessions.set(questionId, entry);
    scheduleStop(entry);
  }
  return entry.session;
}

/**
 * The session no longer stands for the project (it was published and left): the next page of this project
 * gets a new one that reads the project again. This one stops when its last page lets go.
 */
export function retireSession(session: TEditorSession): void {
  const entry = sessions.get(session.questionId);
  if (entry?.session === session) sessions.delete(session.questionId);
}

export function holdSession(session: TEditorSession): () => void {
  const entry = sessions.get(session.questionId);
  if (!entry || entry.session !== session) return () => {};
  if (entry.stopTimer) clearTimeout(entry.stopTimer);
  entry.stopTimer = null;
  entry.users += 1;
  return () => {
    entry.users -= 1;
    if (entry.users === 0) scheduleStop(entry);
  };
}

/** Save what the session holds now and resolve once it is saved (refused when it cannot be: a conflict, a refusal). */
export function settleSession(session: TEditorSession, timeoutMs = 15_000): Promise<void> {
  session.api.saveNow();
  const stuck = ['conflict', 'refused', 'loadFailed', 'viewing', 'waiting'] as const;
  return new Promise((resolve, reject) => {
    const outcome = (): 'saved' | 'stuck' | null => {
      const snapshot = session.actor.getSnapshot();
      if (snapshot.matches('saved')) return 'saved';
      return stuck.some((s) => snapshot.matches(s)) ? 'stuck' : null;
    };
    const finish = (result: 'saved' | 'stuck' | 'late') => {
      if (result === 'saved') resolve();
      else reject(new Error(result === 'late' ? '保存超时，请稍后重试' : '请先处理编辑器中未保存的修改'));
    };
    const first = outcome();
    if (first) return finish(first);
    const timer = setTimeout(() => {
      subscription.unsubscribe();
      finish('late');
    }, timeoutMs);
    const subscription = session.actor.subscribe(() => {
      const now = outcome();
      if (!now) return;
      clearTimeout(timer);
      subscription.unsubscribe();
      finish(now);
    });
  });
}
