import { passFields } from './contact-link';
import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import type { TSubmitResult } from '../../schemas/api/write';
import type { TRefusalReason } from '../../schemas/refusals';
import { RespondError, submitSheet } from './api';
import { deviceId, type TDraft } from './draft';
import { SheetStore } from './store';
import { SubjectView } from './subject-view';
import { FormHeader } from './form-header';
import { SheetBar, SheetNav } from './sheet-bar';
import { useExamTimer, usePageTimer, useQuotaHold, useShowFirstError } from './sheet-hooks';
import { showRefusal } from './sheet-refusal';
import { Banner, CopyPasteHint, useCopyPasteBlock, useSavedLeaves } from './sheet-guards';
import type { TAnswerForm, TSource } from './types';
import { useRespondContext } from './widgets/shared';
import { usePrefetchAfterSheet } from './kind-chunks';

export interface TSheetProps {
  form: TAnswerForm;
  draft: TDraft;
  preview: boolean;
  source: TSource;
  password: string | undefined;
  /** Changing a submitted sheet (允许提交后修改答案). */
  editToken?: string;
  /** 仅限微信授权填写: the respondent's WeChat identity (wechat-form.ts). */
  wechatToken?: string | null;
  onDone: (result: TSubmitResult, store: SheetStore) => void;
  /** A quota ended the respondent, or the server stopped collecting ("409", with its reason). */
  onEnded: (message: string, kind: 'quota' | 'closed', reason?: TRefusalReason | null) => void;
}

export { parseSubjectError } from './sheet-refusal';

export function Sheet({ form, draft, preview, source, password, editToken, wechatToken, onDone, onEnded }: TSheetProps) {
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
  const copyPaste = useCopyPasteBlock(form.settings.noCopyPaste === true);
  usePrefetchAfterSheet();

  const say = useCallback((text: string) => {
    setAnnounce('');
    window.setTimeout(() => setAnnounce(text), 60);
  }, []);

  const showFirstError = useShowFirstError(store, say);

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

  const heldByQuota = useQuotaHold(store, showFirstError, setBanner, say);

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
      if (!auto && heldByQuota()) return;
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
          ...(wechatToken ? { wechatToken } : {}),
          ...passFields(form.questionId),
        });
        onDone(result, store);
      } catch (error) {
        const e = error instanceof RespondError ? error : new RespondError('500', '提交失败，请重试');
        showRefusal(e, {
          form,
          store,
          password,
          showFirstError,
          onEnded,
          tell: (message) => {
            setBanner(message);
            say(message);
          },
        });
      } finally {
        submitting.current = false;
        setBusy(false);
      }
    },
    [store, form, draft, preview, password, source, smsCodes, editToken, wechatToken, onDone, onEnded, showFirstError, say, heldByQuota],
  );

  const leaveNote = useSavedLeaves({ store, form, draft, preview, pageLeft }, { say, submit });

  const next = useCallback(() => {
    const bad = store.validatePage(store.page);
    if (bad.length) return showFirstError(bad);
    const ended = store.quotaEnd();
    if (ended) return onEnded(ended.message, 'quota');
    if (heldByQuota()) return;
    const to = store.nextPage();
    if (to < 0) void submit(false);
    else toPage(to);
  }, [store, showFirstError, onEnded, submit, toPage, heldByQuota]);

  const prev = useCallback(() => {
    const to = store.prevPage();
    if (to >= 0) toPage(to);
  }, [store, toPage]);

  const examLeft = useExamTimer(form, draft, say, submit);
  const page = store.pages[view.page];
  const pageSecondsLeft = usePageTimer(store, view.page, page?.timerSeconds, pageLeft, { say, submit, toPage });

  const last = !view.hasNext;
  return (
    <div className="r-sheet" ref={top} {...copyPaste.handlers}>
      <SheetBar store={store} view={view} pageSecondsLeft={pageSecondsLeft} examLeft={examLeft} />
      <main className="r-card">
        {view.pageNumber <= 1 ? <FormHeader form={form} /> : null}
        <Banner text={leaveNote} className="r-leave-note" />
        {preview ? <p className="r-preview-note">预览模式：可以完整作答，但答卷不会提交</p> : null}
        {editToken ? <p className="r-preview-note">正在修改已提交的答卷，提交后将替换原答卷</p> : null}
        {view.pageCount > 1 ? (
          <h2 className="r-sr" tabIndex={-1} ref={heading}>
            第{view.pageNumber}页，共{view.pageCount}页
          </h2>
        ) : null}
        <PageSubjects key={view.page} store={store} uuids={page?.uuids ?? []} />
        <Banner text={banner} />
        <SheetNav hasPrev={view.hasPrev} last={last} busy={busy} onPrev={prev} onNext={next} />
      </main>
      <CopyPasteHint text={copyPaste.hint} />
      <div className="r-sr" aria-live="assertive" aria-atomic="true">
        {announce}
      </div>
    </div>
  );
}

/** A page's subjects, in groups (chunksOf). */
function PageSubjects({ store, uuids }: { store: SheetStore; uuids: readonly string[] }) {
  const baseOf = (uuid: string) => `s${store.compiled.pos.get(uuid) ?? 0}`;
  return (
    <div className="r-page">
      {chunksOf(uuids).map((group) => (
        <div className="r-chunk" key={group[0]}>
          {group.map((uuid) => (
            <SubjectView key={uuid} store={store} uuid={uuid} base={baseOf(uuid)} />
          ))}
        </div>
      ))}
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
