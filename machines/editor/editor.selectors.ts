import type { SnapshotFrom } from 'xstate';
import type { editorMachine } from './editor.machine';
import { canEditPower, publishBlocker } from './editor.rules';

export type TEditorSnapshot = SnapshotFrom<typeof editorMachine>;

export type TSaveStatus = 'loading' | 'loadFailed' | 'viewing' | 'saved' | 'unsaved' | 'saving' | 'error' | 'refused' | 'conflict' | 'publishing' | 'waiting';

export function selectSaveStatus(snapshot: TEditorSnapshot): TSaveStatus {
  if (snapshot.matches('editing')) return 'unsaved';
  return snapshot.value as TSaveStatus;
}

export const selectReady = (snapshot: TEditorSnapshot) => !snapshot.matches('loading') && !snapshot.matches('loadFailed');
export const selectReadOnly = (snapshot: TEditorSnapshot) => snapshot.matches('viewing') || snapshot.matches('conflict');
export const selectDocument = (snapshot: TEditorSnapshot) => snapshot.context.document;
export const selectSubjects = (snapshot: TEditorSnapshot) => snapshot.context.document.subjects;
export const selectLogic = (snapshot: TEditorSnapshot) => snapshot.context.document.logic;
export const selectProject = (snapshot: TEditorSnapshot) => snapshot.context.project;
export const selectSettings = (snapshot: TEditorSnapshot) => snapshot.context.settings;
export const selectStyle = (snapshot: TEditorSnapshot) => snapshot.context.style;
export const selectConflict = (snapshot: TEditorSnapshot) => (snapshot.matches('conflict') ? snapshot.context.conflict : null);
export const selectError = (snapshot: TEditorSnapshot) => snapshot.context.error;
export const selectLoadError = (snapshot: TEditorSnapshot) => snapshot.context.loadError;
export const selectCanUndo = (snapshot: TEditorSnapshot) => snapshot.context.past.length > 0 && snapshot.can({ type: 'history.undo' });
export const selectCanRedo = (snapshot: TEditorSnapshot) => snapshot.context.future.length > 0 && snapshot.can({ type: 'history.redo' });
export const selectPublishBlocker = (snapshot: TEditorSnapshot) => publishBlocker(snapshot.context);
export const selectPublishing = (snapshot: TEditorSnapshot) => snapshot.matches('publishing') || snapshot.context.publishRequested;

/** Changes that would be lost by leaving now (the beforeunload prompt and the router blocker). */
export const selectHasUnsaved = (snapshot: TEditorSnapshot) =>
  snapshot.matches('editing') ||
  snapshot.matches('saving') ||
  snapshot.matches('error') ||
  snapshot.matches('refused') ||
  snapshot.matches('conflict') ||
  (snapshot.matches('waiting') && Object.values(snapshot.context.dirty).some(Boolean));

/** A change waits for the modify reminder (spec §4): the screen asks the project-lifecycle machine. */
export const selectWaiting = (snapshot: TEditorSnapshot) => snapshot.matches('waiting');

/** The project collects (status ≠ 0) and this user may edit it: structure changes wait for a pause. */
export const selectCollecting = (snapshot: TEditorSnapshot) =>
  snapshot.context.collecting && canEditPower(snapshot.context.project?.powerType) && !snapshot.matches('viewing');

/** The server's reason while a save stands refused ("400" / "403" / "404"), else null. */
export const selectRefusal = (snapshot: TEditorSnapshot) => (snapshot.matches('refused') ? (snapshot.context.error ?? '保存失败') : null);
/** Why the server refused the save, as its code (schemas/refusals.ts), else null. */
export const selectRefusalReason = (snapshot: TEditorSnapshot) => (snapshot.matches('refused') ? (snapshot.context.errorReason ?? null) : null);
