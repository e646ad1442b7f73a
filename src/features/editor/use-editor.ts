import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { TEditorSnapshot } from '../../../machines/editor/editor.selectors';
import type { TEditOutcome } from '../../../machines/editor/editor.connect';
import { PROJECT_NOUN_WORDS, projectNounOf } from '../../../schemas/project-kinds';
import { toast } from '../../ui/toast';
import type { TLookProject } from '../../subjects/subject-look';
import type { TEditorSession, TEditorUi } from './editor-session';

export const EditorContext = createContext<TEditorSession | null>(null);

export function useEditorSession(): TEditorSession {
  const session = useContext(EditorContext);
  if (!session) throw new Error('useEditorSession outside an editor page');
  return session;
}

/** Reads from the editor machine; re-renders only when the selected value changes. */
export function useEditor<T>(selector: (snapshot: TEditorSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useEditorSession().actor, selector, compare);
}

/** What the project is called by its kind: 问卷, 考试, 表单, 接龙, 打卡, 团购, 收款, 预约 (issue 17 item 7, issue 43 item 5). */
export const useKindNoun = () => useEditor((s) => PROJECT_NOUN_WORDS[projectNounOf(s.context.project?.questionType ?? 1, s.context.project?.solitaireType)]);

/** The project the canvas and the property panel draw subjects for (stable while it is the same project). */
export function useLookProject(): TLookProject | undefined {
  const { questionId } = useEditorSession();
  const questionType = useEditor((s) => s.context.project?.questionType);
  return useMemo(() => (questionType === undefined ? undefined : { questionId, questionType }), [questionId, questionType]);
}

/** The intent API (stable for the session). */
export const useEditorApi = () => useEditorSession().api;

export function useEditorUi<T>(selector: (ui: TEditorUi) => T): T {
  const { ui } = useEditorSession();
  return useSyncExternalStore(
    ui.subscribe,
    () => selector(ui.get()),
    () => selector(ui.get()),
  );
}

/**
 * Runs an edit of the intent API and shows why it was refused, if it was: an add past the owner's subject
 * limit opens the upgrade dialog (spec §8), a change waiting for the modify reminder shows that dialog only,
 * anything else is a toast.
 */
export function useEdit() {
  const { ui } = useEditorSession();
  return useCallback(
    (outcome: TEditOutcome) => {
      if (outcome?.reason === 'subjectLimit') ui.set({ limitDialog: true });
      else if (outcome && outcome.reason !== 'unchanged' && outcome.reason !== 'waitsForPause') toast.error(outcome.message);
      return outcome === null;
    },
    [ui],
  );
}
