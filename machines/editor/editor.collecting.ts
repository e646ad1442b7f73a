// Spec §4 inside the editor: a project whose status is not 0 is in front of respondents, so a change of its
// subjects, logic or structure waits for the modify reminder and a pause; texts, settings and style do not.
// Pure helpers of the editor machine's guards and assigns.
import { collectingRefusalOf, type TCollectingRefusal } from '../../schemas/api/editor';
import { applyEdit, pushHistory, tryEdit } from './editor.operations';
import { overSubjectLimit } from './editor.rules';
import type { TEditEvent, TEditorContext, TEditorDocument, THeldEvent, TSaveFailure } from './editor.types';

/** The connect API's answer for a change that waits for the modify reminder (the dialog says the rest). */
export const WAITS_FOR_PAUSE = '修改需先暂停收集';

const isHistory = (event: THeldEvent): event is { type: 'history.undo' } | { type: 'history.redo' } =>
  event.type === 'history.undo' || event.type === 'history.redo';

/** The document an edit, undo or redo would give, or null when it cannot apply now. */
export function documentAfter(
  context: Pick<TEditorContext, 'document' | 'past' | 'future' | 'redoable' | 'project'>,
  event: THeldEvent,
): TEditorDocument | null {
  if (event.type === 'history.undo') return context.past[context.past.length - 1] ?? null;
  if (event.type === 'history.redo') return context.redoable ? (context.future[context.future.length - 1] ?? null) : null;
  const result = tryEdit(context.document, event);
  return result.ok && !overSubjectLimit(context, event) ? result.document : null;
}

/** Whether a change touches what respondents answer: immer keeps `subjects` and `logic` when they did not change. */
export function touchesStructure(context: Pick<TEditorContext, 'document' | 'past' | 'future' | 'redoable' | 'project'>, event: THeldEvent): boolean {
  const next = documentAfter(context, event);
  return next !== null && (next.subjects !== context.document.subjects || next.logic !== context.document.logic);
}

export const isCollecting = (context: Pick<TEditorContext, 'collecting'>) => context.collecting;

/** A change that must wait: the project collects and the change applies and touches its structure. */
export const mustWaitForPause = (context: TEditorContext, event: THeldEvent) => isCollecting(context) && touchesStructure(context, event);

/** The "409" collecting refusal of a save, else null. */
export function collectingOf(error: unknown): TCollectingRefusal | null {
  if (!error || typeof error !== 'object' || (error as TSaveFailure).resultCode !== '409') return null;
  return collectingRefusalOf((error as TSaveFailure).data);
}

/** The context after an edit, undo or redo (the machine's assigns and the held change after a pause). */
export function changeContext(context: TEditorContext, event: THeldEvent): Partial<TEditorContext> {
  const dirty = { ...context.dirty, document: true };
  if (!isHistory(event)) {
    return {
      document: applyEdit(context.document, event as TEditEvent),
      past: pushHistory(context.past, context.document, context.historyLimit),
      future: [],
      redoable: false,
      dirty,
    };
  }
  if (event.type === 'history.undo') {
    return {
      document: context.past[context.past.length - 1]!,
      past: context.past.slice(0, -1),
      future: [...context.future, context.document],
      redoable: true,
      dirty,
    };
  }
  return {
    document: context.future[context.future.length - 1]!,
    future: context.future.slice(0, -1),
    redoable: context.future.length > 1,
    past: pushHistory(context.past, context.document, context.historyLimit),
    dirty,
  };
}
