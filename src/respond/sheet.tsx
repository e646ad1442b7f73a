import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { TSubmitResult } from '../../schemas/api/write';
import { isClosedReason, reasonOf, type TRefusalReason } from '../../schemas/refusals';
import { RespondError, getQuestion, submitSheet } from './api';
import { askPlacesRefresh } from './appointment/appointment-api';
import { deviceId, writeDraft, type TDraft } from './draft';
import { plain } from './rich-text';
import { SheetStore } from './store';
import { SubjectView } from './subject-view';
import { FormHeader } from './form-header';
import type { TAnswerForm, TSource } from './types';
import { clock, useCountdown } from './use-countdown';
import { cx, useRespondContext } from './widgets/shared';

export interface TSheetProps {
  form: TAnswerForm;
  draft: TDraft;
  preview: boolean;
  source: TSource;
  password: string | undefined;
  /** Changing a submitted sheet (允许提交后修改答案). */
  editToken?: string;
  onDone: (result: TSubmitResult, store: SheetStore) => void;
  /** A quota ended the respondent, or the server stopped collecting ("409", with its reason). */
  onEnded: (message: string, kind: 'quota' | 'closed', reason?: TRefusalReason | null) => void;
}

/** `subjects.<uuid>: message` of a "400" answer. */
export function parseSubjectError(message: string): { uuid: string; message: string } | null {
  const m = /^subjects\.([^:]+):\s*(.*)$/s.exec(message);
  // The server names the subject ("第3题：…"); under the subject itself the name is redundant.
  return m ? { uuid: m[1]!, message: m[2]!.replace(/^(第\d+题|题目)：/, '') || '答案不正确' } : null;
}

export function Sheet({ form, draft, preview, source, password, editToken, onDone, onEnded }: TSheetProps) {
  const { smsCodes } = useRespondContext();
  const [store] = useState(
    () =>
      new SheetStore({
        subjects: form.subjects,
        logic: form.logic,
        quotaCounts: form.quotaCounts,
        seed: draft.submissionId,
        answers: draft.answers,
        page: draft.page,
      }),
  );
  // Paging only: an answer that changes just the progress re-renders the bar (Progress), not the page's list.
  const view = useSyncExternalStore(store.subscribeView, store.getPaging);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState('');
  const [announce, setAnnounce] = useState('');
  const top = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const pageLeft = useRef<Record<number, number>>({ ...draft.pageLeft });
  const submitting = useRef(false);

  // The draft follows every change (debounced) and is written once more when the page is hidden.
  useEffect(() => {
    if (preview) return;
    let timer = 0;
    const save = () => {
      window.clearTimeout(timer);
      writeDraft(form.questionId, { ...draft, answers: store.allAnswers() as Record<string, unknown>, page: store.page, pageLeft: pageLeft.current });
    };
    const later = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(save, 400);
    };
    const off = store.subscribeAll(later);
    const onHide = () => document.visibilityState === 'hidden' && save();
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      off();
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [store, draft, form.questionId, preview]);

  const say = useCallback((text: string) => {
    setAnnounce('');
    window.setTimeout(() => setAnnounce(text), 60);
  }, []);

  const baseOf = (uuid: string) => `s${store.compiled.pos.get(uuid) ?? 0}`;

  /** Scrolls to the first subject with a message, moves focus into it and reads the message out. */
  const showFirstError = useCallback(
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

  const toPage = useCallback(
    (index: number) => {
      store.goTo(index);
      setBanner('');
      window.requestAnimationFrame(() => {
        top.current?.scrollIntoView({ block: 'start' });
        heading.current?.focus({ preventScroll: true });
      });
    },
    [store],
  );

  const submit = useCallback(
    async (auto: boolean) => {
      if (submitting.current) return;
      if (!auto) {
        // Every page with something to show is checked again: an earlier answer may have changed what applies.
        for (let i = 0; i < store.pages.length; i++) {
          if (store.locked.has(i)) continue;
          const bad = store.validatePage(i);
          if (bad.length) return showFirstError(bad);
        }
      }
      const ended = store.quotaEnd();
      if (ended) return onEnded(ended.message, 'quota');
      if (preview) {
        onDone(previewResult(form), store);
        return;
      }
      submitting.current = true;
      setBusy(true);
      setBanner('');
      try {
        const result = await submitSheet({
          questionId: form.questionId,
          submissionId: draft.submissionId,
          answers: store.answersForSubmit(),
          durationSeconds: Math.max(0, Math.round((Date.now() - draft.startedAt) / 1000)),
          deviceId: deviceId(),
          password,
          source,
          smsCodes: { ...smsCodes },
          ...(editToken ? { editToken } : {}),
        });
        onDone(result, store);
      } catch (error) {
        const e = error instanceof RespondError ? error : new RespondError('500', '提交失败，请重试');
        // A refused booking: the slot pickers read the places again (someone may have taken the last one).
        if (form.appointmentScheduled) askPlacesRefresh();
        const named = e.resultCode === '400' ? parseSubjectError(e.message) : null;
        const reason = e.resultCode === '409' ? reasonOf(e.data) : null;
        if (named && store.subject(named.uuid)) {
          store.showErrors(named.uuid, [{ code: 'server', message: named.message }]);
          showFirstError([named.uuid]);
        } else if (isClosedReason(reason)) {
          onEnded(e.message, 'closed', reason);
        } else if (reason === 'optionFull') {
          // A quota filled while answering: the fresh counts hide the full option, the respondent picks again.
          setBanner(e.message);
          say(e.message);
          getQuestion(form.questionId, password).then(
            (fresh) => store.setQuotaCounts(fresh.quotaCounts),
            () => {},
          );
        } else {
          setBanner(e.message);
          say(e.message);
        }
      } finally {
        submitting.current = false;
        setBusy(false);
      }
    },
    [store, form, draft, preview, password, source, smsCodes, editToken, onDone, onEnded, showFirstError, say],
  );

  const next = useCallback(() => {
    const bad = store.validatePage(store.page);
    if (bad.length) return showFirstError(bad);
    const ended = store.quotaEnd();
    if (ended) return onEnded(ended.message, 'quota');
    const to = store.nextPage();
    if (to < 0) void submit(false);
    else toPage(to);
  }, [store, showFirstError, onEnded, submit, toPage]);

  const prev = useCallback(() => {
    const to = store.prevPage();
    if (to >= 0) toPage(to);
  }, [store, toPage]);

  // Whole-exam timer (settings.examMinutes): submits what is there at zero.
  const examDeadline = form.settings.examMinutes ? draft.startedAt + form.settings.examMinutes * 60_000 : null;
  const examLeft = useCountdown(examDeadline, () => {
    say('考试时间到，正在自动交卷');
    void submit(true);
  });
  useEffect(() => {
    if (examLeft === 60) say('考试剩余1分钟');
  }, [examLeft, say]);

  // Per-page timer (the page break's timerSeconds): at zero the page is locked and the sheet moves on.
  const page = store.pages[view.page];
  const timed = page?.timerSeconds;
  const [pageDeadline, setPageDeadline] = useState<number | null>(null);
  useEffect(() => {
    if (!timed) return setPageDeadline(null);
    const left = pageLeft.current[view.page] ?? timed;
    setPageDeadline(Date.now() + left * 1000);
  }, [view.page, timed]);
  const pageSecondsLeft = useCountdown(pageDeadline, () => {
    const index = store.page;
    store.lockPage(index);
    pageLeft.current[index] = 0;
    say('本页作答时间已到');
    const to = store.nextPage(index);
    if (to < 0) void submit(true);
    else toPage(to);
  });
  useEffect(() => {
    if (pageSecondsLeft !== null && timed) pageLeft.current[store.page] = pageSecondsLeft;
  }, [pageSecondsLeft, timed, store]);

  const last = !view.hasNext;
  return (
    <div className="r-sheet" ref={top}>
      <Progress store={store}>
        {view.pageCount > 1 ? (
          <span>
            第 {view.pageNumber}/{view.pageCount} 页
          </span>
        ) : null}
        {pageSecondsLeft !== null ? (
          <span className={cx('r-timer', pageSecondsLeft <= 10 && 'is-low')} role="timer" aria-label={`本页剩余${pageSecondsLeft}秒`}>
            本页 {clock(pageSecondsLeft)}
          </span>
        ) : null}
        {examLeft !== null ? (
          <span className={cx('r-timer', examLeft <= 60 && 'is-low')} role="timer" aria-label={`考试剩余${clock(examLeft)}`}>
            <ClockIcon />
            {clock(examLeft)}
          </span>
        ) : null}
      </Progress>
      <main className="r-card">
        {view.pageNumber <= 1 ? <FormHeader form={form} /> : null}
        {preview ? <p className="r-preview-note">预览模式：可以完整作答，但答卷不会提交</p> : null}
        {editToken ? <p className="r-preview-note">正在修改已提交的答卷，提交后将替换原答卷</p> : null}
        {view.pageCount > 1 ? (
          <h2 className="r-sr" tabIndex={-1} ref={heading}>
            第{view.pageNumber}页，共{view.pageCount}页
          </h2>
        ) : null}
        <div className="r-page" key={view.page}>
          {chunksOf(page?.uuids ?? []).map((group) => (
            <div className="r-chunk" key={group[0]}>
              {group.map((uuid) => (
                <SubjectView key={uuid} store={store} uuid={uuid} base={baseOf(uuid)} />
              ))}
            </div>
          ))}
        </div>
        {banner ? (
          <p className="r-banner" role="alert">
            {banner}
          </p>
        ) : null}
        <nav className={cx('r-nav', view.hasPrev && 'has-prev')} aria-label="翻页">
          {view.hasPrev ? (
            <button type="button" className="r-btn r-btn-ghost r-btn-lg" onClick={prev} disabled={busy}>
              上一页
            </button>
          ) : null}
          <button type="button" className="r-btn r-btn-primary r-btn-lg" onClick={next} disabled={busy} aria-busy={busy || undefined}>
            {busy ? '提交中…' : last ? '提交' : '下一页'}
          </button>
        </nav>
      </main>
      <div className="r-sr" aria-live="assertive" aria-atomic="true">
        {announce}
      </div>
    </div>
  );
}

/** A drawn clock: the ⏱ character is missing from many phones' fonts and showed as a box. */
function ClockIcon() {
  return (
    <svg className="r-timer-icon" viewBox="0 0 16 16" width="13" height="13" aria-hidden="true" focusable="false">
      <circle cx="8" cy="9" r="5.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 6v3.2l2 1.3M6.2 1.75h3.6" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The sticky bar: progress, then what the sheet puts beside it (page number, timers). */
function Progress({ store, children }: { store: SheetStore; children: React.ReactNode }) {
  const { answered, answerable } = useSyncExternalStore(store.subscribeView, store.getProgress);
  const percent = answerable ? Math.round((answered / answerable) * 100) : 0;
  return (
    <div className="r-bar">
      <div className="r-progress" role="progressbar" aria-label="答题进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="r-bar-row">
        <span>
          已答 {answered}/{answerable}
        </span>
        {children}
      </div>
    </div>
  );
}

/** The editor's preview never submits: the default conclusion stands in for the server's answer. */
function previewResult(form: TAnswerForm): TSubmitResult {
  const c = form.conclusions.find((x) => !x.whenOption) ?? form.conclusions[0];
  return {
    sheetId: 'preview',
    score: null,
    conclusion: { title: c?.title ?? '提交成功', content: c?.content ?? '感谢您的参与！', redirectUrl: null },
    showScore: false,
    showCorrectAnswers: false,
    showAnalysis: false,
    correct: null,
  };
}

/**
 * A page's subjects in fixed groups of its whole list (hidden ones included, so a subject never changes group
 * and never remounts): the browser skips groups off screen (`content-visibility` on .r-chunk), so what it keeps
 * track of on every frame grows with the groups, a twentieth of the subjects, not with every subject.
 */
const CHUNK = 20;
const chunkCache = new WeakMap<readonly string[], string[][]>();
function chunksOf(uuids: readonly string[]): string[][] {
  let out = chunkCache.get(uuids);
  if (!out) {
    out = [];
    for (let i = 0; i < uuids.length; i += CHUNK) out.push(uuids.slice(i, i + CHUNK));
    chunkCache.set(uuids, out);
  }
  return out;
}
