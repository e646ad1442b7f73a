import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent, type DragEvent, type RefObject } from 'react';
import type { TDraft } from './draft';
import { useDraftSaving } from './sheet-hooks';
import type { SheetStore } from './store';
import type { TAnswerForm } from './types';

// The anti-cheat switches of the project's settings as the sheet applies them (sheet.tsx):
// 禁止复制粘贴 (settings.noCopyPaste) and 切屏限制 (settings.leaveLimit).

export const NO_COPY_PASTE_HINT = '本问卷禁止复制粘贴';

/**
 * 禁止复制粘贴: copy, cut, paste and dropped text inside the sheet are refused and the hint shown for a moment.
 * Handlers for the sheet's root element (events bubble up from every field), and the hint ('' when none).
 */
export function useCopyPasteBlock(enabled: boolean) {
  const [hint, setHint] = useState('');
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const refuse = useCallback((event: ClipboardEvent | DragEvent) => {
    event.preventDefault();
    setHint(NO_COPY_PASTE_HINT);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setHint(''), 2_500);
  }, []);
  const handlers = enabled ? { onCopy: refuse, onCut: refuse, onPaste: refuse, onDrop: refuse } : {};
  return { hint, handlers };
}

/** The warning after a leave that is still allowed. */
export const leaveWarning = (leaves: number, limit: number) => `您已离开答题页面 ${leaves} 次，超过 ${limit} 次将自动交卷`;
export const LEAVE_SUBMIT = '离开答题页面次数超过限制，已自动交卷';

/**
 * 切屏限制: every time the page is hidden (another tab, another app) counts; while within the limit the respondent is
 * warned on return, one leave more hands the sheet in as it stands. The count lives in the draft (`leaves`), so a
 * reload does not reset it. Must be called before useDraftSaving so the draft written on hiding holds the new count.
 */
export function useLeaveLimit(
  limit: number | null | undefined,
  leaves: RefObject<number>,
  act: { say: (text: string) => void; warn: (text: string) => void; submit: (auto: boolean) => Promise<void> },
) {
  const { say, warn, submit } = act;
  // At the commit, as the draft's listener (sheet-hooks.ts useDraftSaving): a leave right after the page shows counts.
  useLayoutEffect(() => {
    if (!limit) return;
    const onChange = () => {
      if (document.visibilityState !== 'hidden') return;
      leaves.current += 1;
      if (leaves.current > limit) {
        warn(LEAVE_SUBMIT);
        say(LEAVE_SUBMIT);
        void submit(true);
      } else {
        warn(leaveWarning(leaves.current, limit));
        say(leaveWarning(leaves.current, limit));
      }
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [limit, leaves, say, warn, submit]);
}

/**
 * 切屏限制 and the draft together, in the order they must run: the leave counter's listener first, so the draft
 * written when the page is hidden holds the new count. Returns the warning to show ('' when none).
 */
export function useSavedLeaves(
  sheet: { store: SheetStore; form: TAnswerForm; draft: TDraft; preview: boolean; pageLeft: RefObject<Record<number, number>> },
  act: { say: (text: string) => void; submit: (auto: boolean) => Promise<void> },
): string {
  const { store, form, draft, preview, pageLeft } = sheet;
  const leaves = useRef(draft.leaves ?? 0);
  const [note, setNote] = useState('');
  useLeaveLimit(form.settings.leaveLimit, leaves, { say: act.say, warn: setNote, submit: act.submit });
  useDraftSaving(store, draft, form.questionId, preview || form.settings.resumeDraft === false, pageLeft, leaves);
  return note;
}

/** A message in the sheet's banner (the 切屏 warning at the top, a refusal above the buttons); nothing when empty. */
export function Banner({ text, className = '' }: { text: string; className?: string }) {
  return text ? (
    <p className={`r-banner ${className}`.trim()} role="alert">
      {text}
    </p>
  ) : null;
}

/** 本问卷禁止复制粘贴, over the sheet for a moment. */
export function CopyPasteHint({ text }: { text: string }) {
  return text ? (
    <p className="r-toast" role="status">
      {text}
    </p>
  ) : null;
}
