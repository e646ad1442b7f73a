import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { hasProgress, writeDraft, type TDraft } from './draft';
import { plain } from './rich-text';
import type { SheetStore } from './store';
import type { TAnswerForm } from './types';
import { useCountdown } from './use-countdown';

// The sheet's effects (sheet.tsx): the draft kept, the first error shown, the exam's and the page's timers.

/**
 * The draft follows every change (debounced) and is written once more when the page is hidden. A sheet that opens
 * with answers not typed here (the contact link's 姓名) keeps them at once, so a reload before any change offers them.
 */
export function useDraftSaving(
  store: SheetStore,
  draft: TDraft,
  questionId: string,
  preview: boolean,
  pageLeft: RefObject<Record<number, number>>,
  leaves: RefObject<number>,
) {
  // A layout effect: the draft follows the store of the sheet this commit put on screen from that commit on, not
  // from Preact's next frame (tests/ui/respond/anti-cheat.test.tsx saw, under load, typing into a sheet whose
  // after-paint effect had not subscribed to its store).
  useLayoutEffect(() => {
    if (preview) return;
    let timer = 0;
    const save = () => {
      window.clearTimeout(timer);
      writeDraft(questionId, {
        ...draft,
        answers: store.allAnswers() as Record<string, unknown>,
        page: store.page,
        pageLeft: pageLeft.current,
        leaves: leaves.current,
      });
    };
    const later = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(save, 400);
    };
    const off = store.subscribeAll(later);
    if (hasProgress(draft)) later();
    const onHide = () => document.visibilityState === 'hidden' && save();
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      off();
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [store, draft, questionId, preview, pageLeft, leaves]);
}

/** Scrolls to the first subject with a message, moves focus into it and reads the message out. */
export function useShowFirstError(store: SheetStore, say: (text: string) => void) {
  return useCallback(
    (uuids: string[]) => {
      const first = uuids[0];
      if (!first) return;
      const page = store.pageIndexOf(first);
      if (page !== undefined) store.goTo(page);
      const state = store.getSubjectState(first);
      const number = state.number !== null ? `第${state.number}题` : plain(state.title).slice(0, 30);
      const more = uuids.length > 1 ? `共${uuids.length}题需要修改。` : '';
      say(`${more}${number}：${state.errors[0]?.message ?? '请检查答案'}`);
      window.requestAnimationFrame(() => {
        const el = document.getElementById(`s${store.compiled.pos.get(first) ?? 0}`);
        if (!el) return;
        el.scrollIntoView({ block: 'center', behavior: 'smooth' });
        const target = el.querySelector<HTMLElement>('input:not([disabled]):not([type=hidden]), select, textarea, button:not([disabled])');
        target?.focus({ preventScroll: true });
      });
    },
    [store, say],
  );
}

/** Whole-exam timer (settings.examMinutes): submits what is there at zero. Seconds left, or null. */
export function useExamTimer(form: TAnswerForm, draft: TDraft, say: (text: string) => void, submit: (auto: boolean) => Promise<void>) {
  const examDeadline = form.settings.examMinutes ? draft.startedAt + form.settings.examMinutes * 60_000 : null;
  const examLeft = useCountdown(examDeadline, () => {
    say('考试时间到，正在自动交卷');
    void submit(true);
  });
  useEffect(() => {
    if (examLeft === 60) say('考试剩余1分钟');
  }, [examLeft, say]);
  return examLeft;
}

/** Per-page timer (the page break's timerSeconds): at zero the page is locked and the sheet moves on. Seconds left, or null. */
export function usePageTimer(
  store: SheetStore,
  pageIndex: number,
  timed: number | undefined,
  pageLeft: RefObject<Record<number, number>>,
  act: { say: (text: string) => void; submit: (auto: boolean) => Promise<void>; toPage: (index: number) => void },
) {
  const [pageDeadline, setPageDeadline] = useState<number | null>(null);
  useEffect(() => {
    if (!timed) return setPageDeadline(null);
    const left = pageLeft.current[pageIndex] ?? timed;
    setPageDeadline(Date.now() + left * 1000);
  }, [pageIndex, timed, pageLeft]);
  const pageSecondsLeft = useCountdown(pageDeadline, () => {
    const index = store.page;
    store.lockPage(index);
    pageLeft.current[index] = 0;
    act.say('本页作答时间已到');
    const to = store.nextPage(index);
    if (to < 0) void act.submit(true);
    else act.toPage(to);
  });
  useEffect(() => {
    if (pageSecondsLeft !== null && timed) pageLeft.current[store.page] = pageSecondsLeft;
  }, [pageSecondsLeft, timed, store, pageLeft]);
  return pageSecondsLeft;
}

/**
 * A full quota that tells the respondent to answer differently ('message'): its message under its subject (or
 * above the buttons), and true, so "next" and the submit stop there.
 */
export function useQuotaHold(store: SheetStore, showFirstError: (uuids: string[]) => void, setBanner: (text: string) => void, say: (text: string) => void) {
  return useCallback((): boolean => {
    const held = store.quotaMessage();
    if (!held) return false;
    if (held.subject) {
      store.showErrors(held.subject, [{ code: 'quota', message: held.message }]);
      showFirstError([held.subject]);
    } else {
      setBanner(held.message);
      say(held.message);
    }
    return true;
  }, [store, showFirstError, setBanner, say]);
}
