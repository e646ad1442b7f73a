import { useCallback, useEffect, useRef, useState } from 'react';
import type { TSubmitResult } from '../../schemas/api/write';
import { reasonOf, type TRefusalReason } from '../../schemas/refusals';
import { RespondError, getMyAnswer, getPreview, getQuestion, isLoggedIn, startExam } from './api';
import { withPlainLabels } from './rich-text';
import { Conclusion } from './conclusion';
import { ChainPage } from './chain/chain-page';
import { CheckInPage } from './checkin/checkin-page';
import { GroupBuyPage } from './groupbuy/groupbuy-page';
import { shapeOf } from '../../schemas/groupbuy/shape';
import { SUBJECT_TYPE } from '../../schemas/subjects/subject-types';
import { PROJECT_KINDS, SOLITAIRE_TYPE } from '../../schemas/project-kinds';
import { clearDraft, deviceId, hasProgress, newDraft, readDraft, type TDraft } from './draft';
import { FormHeader } from './form-header';
import { Sheet } from './sheet';
import type { SheetStore } from './store';
import { BrandFooter } from './brand-footer';
import { applyTheme } from './theme';
import type { TAnswerForm, TSource } from './types';
import { RespondContext } from './widgets/shared';

type TPhase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'closed'; title: string; text: string }
  | { kind: 'login' }
  | { kind: 'locked'; form: TAnswerForm; error: string | null }
  | { kind: 'intro'; form: TAnswerForm }
  | { kind: 'resume'; form: TAnswerForm; draft: TDraft }
  | { kind: 'answering'; form: TAnswerForm; draft: TDraft; editToken?: string }
  | { kind: 'done'; form: TAnswerForm; result: TSubmitResult; store: SheetStore | null }
  | { kind: 'chain'; form: TAnswerForm }
  | { kind: 'checkin'; form: TAnswerForm }
  | { kind: 'groupbuy'; form: TAnswerForm };

export interface TRespondAppProps {
  questionId: string;
  /** 允许提交后修改答案: the respondent's own key from the link (?edit=…). */
  editToken?: string;
  preview: boolean;
  source: TSource;
}

/** The server's "409" wording stays the heading; the line under it, chosen by the refusal's reason, says what to do. */
const NOT_COLLECTING: Partial<Record<TRefusalReason, string>> = {
  notStarted: '还没到开始时间，请稍后再来',
  ended: '本问卷已停止收集，感谢您的关注',
  paused: '发布者暂时停止了收集，请稍后再来',
  sheetSubmitted: '答卷已收到，感谢您的参与',
  examOver: '考试开始后计时不会暂停，本次作答时间已用完',
  notPublished: '发布者还没有发布，发布后就能打开了',
};
const isSignUpChain = (form: TAnswerForm) => form.questionType === PROJECT_KINDS.solitaire.questionType && form.solitaireType === SOLITAIRE_TYPE.signUp;
const isCheckIn = (form: TAnswerForm) => form.questionType === PROJECT_KINDS.solitaire.questionType && form.solitaireType === SOLITAIRE_TYPE.checkIn;
/** A group-buy whose sheet its page can fill in (products, name, phone, pick-up, address); any other required subject keeps the sheet. */
const isGroupBuyPage = (form: TAnswerForm) =>
  form.questionType === PROJECT_KINDS.solitaire.questionType &&
  form.solitaireType === SOLITAIRE_TYPE.groupBuy &&
  form.subjects.some((s) => s.subjectType === SUBJECT_TYPE.product) &&
  shapeOf(form.subjects).unsupported.length === 0;
const whatToDo = (reason: TRefusalReason | null) => (reason && NOT_COLLECTING[reason]) ?? '';

export function RespondApp({ questionId, preview, source, editToken }: TRespondAppProps) {
  const [phase, setPhase] = useState<TPhase>({ kind: 'loading' });
  const [password, setPassword] = useState<string | undefined>(undefined);
  const loading = useRef(false);
  /** The password screen's form, kept so a refused try ("429" too many) is told on that screen. */
  const lockedForm = useRef<TAnswerForm | null>(null);
  const smsCodes = useRef<Record<string, string>>({}).current;

  const start = useCallback(
    (form: TAnswerForm) => {
      applyTheme(form.style);
      document.title = form.title || '问卷';
      // A sign-up chain is its live list, not a sheet (the preview still shows the sheet being edited).
      if (!preview && isSignUpChain(form)) return setPhase({ kind: 'chain', form });
      // A daily check-in is its calendar, form and board.
      if (!preview && isCheckIn(form)) return setPhase({ kind: 'checkin', form });
      // A group-buy is its products, live order list and order form.
      if (!preview && isGroupBuyPage(form)) return setPhase({ kind: 'groupbuy', form });
      const saved = preview ? null : readDraft(form.questionId);
      if (hasProgress(saved)) return setPhase({ kind: 'resume', form, draft: saved });
      if (form.settings.examMinutes && !preview) return setPhase({ kind: 'intro', form });
      setPhase({ kind: 'answering', form, draft: saved ?? newDraft() });
    },
    [preview],
  );

  const load = useCallback(
    async (withPassword?: string) => {
      if (loading.current) return;
      loading.current = true;
      try {
        const form = withPlainLabels(preview ? await getPreview(questionId) : await getQuestion(questionId, withPassword));
        if (form.locked) {
          applyTheme(form.style);
          document.title = form.title || '问卷';
          lockedForm.current = form;
          setPhase({ kind: 'locked', form, error: withPassword !== undefined ? '作答密码错误' : null });
          return;
        }
        if (form.settings.loginRequired && !isLoggedIn() && !preview) return setPhase({ kind: 'login' });
        setPassword(withPassword);
        if (editToken && !preview) {
          // Changing a submitted sheet: its answers come back from the server, under its own submission id.
          const mine = await getMyAnswer({ questionId: form.questionId, editToken, password: withPassword });
          applyTheme(form.style);
          document.title = form.title || '问卷';
          setPhase({ kind: 'answering', form, draft: { ...newDraft(), submissionId: mine.submissionId, answers: mine.answers }, editToken });
          return;
        }
        start(form);
      } catch (error) {
        const e = error instanceof RespondError ? error : new RespondError('500', '加载失败，请稍后重试');
        if (e.resultCode === '429' && lockedForm.current) setPhase({ kind: 'locked', form: lockedForm.current, error: e.message });
        else if (e.resultCode === '409' || e.resultCode === '404' || e.resultCode === '403') {
          if (e.resultCode === '409') setPhase({ kind: 'closed', title: e.message, text: whatToDo(reasonOf(e.data)) });
          else setPhase({ kind: 'closed', title: '问卷不存在或已删除', text: '' });
        } else if (e.resultCode === '401') setPhase({ kind: 'login' });
        else setPhase({ kind: 'failed', message: e.message });
      } finally {
        loading.current = false;
      }
    },
    [questionId, preview, start, editToken],
  );

  useEffect(() => {
    void load();
  }, [load]);

  /** Open the sheet; a timed exam first has its start recorded by the server, whose clock the countdown follows. */
  const answer = useCallback(
    async (form: TAnswerForm, draft: TDraft) => {
      if (!form.settings.examMinutes || preview) return setPhase({ kind: 'answering', form, draft });
      try {
        const s = await startExam({ questionId: form.questionId, submissionId: draft.submissionId, deviceId: deviceId(), password });
        const skew = Date.now() - Date.parse(s.serverTime);
        setPhase({ kind: 'answering', form, draft: { ...draft, startedAt: Date.parse(s.startedAt) + skew } });
      } catch (error) {
        const e = error instanceof RespondError ? error : new RespondError('500', '加载失败，请稍后重试');
        if (e.resultCode !== '409') return setPhase({ kind: 'failed', message: e.message });
        const reason = reasonOf(e.data);
        // This sheet was handed in already, or the respondent's time is up: the draft is of no more use.
        if (reason === 'sheetSubmitted' || reason === 'examOver') clearDraft(form.questionId);
        setPhase({ kind: 'closed', title: e.message, text: whatToDo(reason) });
      }
    },
    [preview, password],
  );

  const onDone = useCallback(
    (form: TAnswerForm) => (result: TSubmitResult, store: SheetStore) => {
      if (!preview) clearDraft(form.questionId);
      setPhase({ kind: 'done', form, result, store });
      window.scrollTo(0, 0);
    },
    [preview],
  );
  const onEnded = useCallback(
    (form: TAnswerForm) =>
      (message: string, kind: 'quota' | 'closed', reason: TRefusalReason | null = null) => {
        if (!preview) clearDraft(form.questionId);
        setPhase(kind === 'quota' ? { kind: 'closed', title: '感谢您的参与', text: message } : { kind: 'closed', title: message, text: whatToDo(reason) });
        window.scrollTo(0, 0);
      },
    [preview],
  );

  let body: React.ReactNode;
  switch (phase.kind) {
    case 'loading':
      body = (
        <main className="r-card r-center" aria-busy="true">
          <span className="phone-spinner" aria-hidden />
          <p role="status">加载中…</p>
        </main>
      );
      break;
    case 'failed':
      body = (
        <Notice icon="!" title="加载失败" text={phase.message}>
          <button type="button" className="r-btn r-btn-primary r-btn-lg" onClick={() => void load(password)}>
            重新加载
          </button>
        </Notice>
      );
      break;
    case 'closed':
      body = <Notice icon="i" title={phase.title} text={phase.text} />;
      break;
    case 'login':
      body = (
        <Notice icon="i" title="请登录后再作答" text="发布者设置了登录后才能填写">
          <a className="r-btn r-btn-primary r-btn-lg" href={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>
            去登录
          </a>
        </Notice>
      );
      break;
    case 'locked':
      body = <PasswordScreen form={phase.form} error={phase.error} onSubmit={(p) => void load(p)} />;
      break;
    case 'intro':
      body = (
        <main className="r-card">
          <FormHeader form={phase.form} />
          <div className="r-intro">
            <p>
              本次考试限时 <strong>{phase.form.settings.examMinutes}</strong> 分钟，开始后计时不会暂停，时间到将自动交卷。
            </p>
            <button type="button" className="r-btn r-btn-primary r-btn-lg" onClick={() => void answer(phase.form, newDraft())}>
              开始答题
            </button>
          </div>
        </main>
      );
      break;
    case 'resume':
      body = (
        <main className="r-card">
          <FormHeader form={phase.form} />
          <div className="r-intro" role="dialog" aria-labelledby="r-resume-title" aria-describedby="r-resume-text">
            <h2 id="r-resume-title">欢迎回来</h2>
            <p id="r-resume-text">检测到您上次未完成的填写，已答 {Object.keys(phase.draft.answers).length} 题。</p>
            <div className="r-intro-actions">
              <button type="button" className="r-btn r-btn-primary r-btn-lg" autoFocus onClick={() => void answer(phase.form, phase.draft)}>
                继续上次的填写
              </button>
              <button
                type="button"
                className="r-btn r-btn-ghost r-btn-lg"
                onClick={() => {
                  clearDraft(phase.form.questionId);
                  if (phase.form.settings.examMinutes) setPhase({ kind: 'intro', form: phase.form });
                  else setPhase({ kind: 'answering', form: phase.form, draft: newDraft() });
                }}
              >
                重新开始
              </button>
            </div>
          </div>
        </main>
      );
      break;
    case 'answering':
      body = (
        <Sheet
          key={phase.draft.submissionId}
          form={phase.form}
          draft={phase.draft}
          preview={preview}
          source={source}
          password={password}
          editToken={phase.editToken}
          onDone={onDone(phase.form)}
          onEnded={onEnded(phase.form)}
        />
      );
      break;
    case 'done':
      body = <Conclusion result={phase.result} store={phase.store} preview={preview} title={phase.form.title} />;
      break;
    case 'chain':
      body = <ChainPage questionId={phase.form.questionId} />;
      break;
    case 'checkin':
      body = <CheckInPage questionId={phase.form.questionId} />;
      break;
    case 'groupbuy':
      body = <GroupBuyPage questionId={phase.form.questionId} />;
      break;
  }

  return (
    <RespondContext.Provider
      value={{
        questionId,
        preview,
        password,
        smsCodes,
        slotsTaken: 'form' in phase ? phase.form.slotsTaken : undefined,
        appointmentScheduled: 'form' in phase ? phase.form.appointmentScheduled : undefined,
      }}
    >
      <div className="r-root">
        {body}
        <BrandFooter />
      </div>
    </RespondContext.Provider>
  );
}

function Notice({ icon, title, text, children }: { icon: string; title: string; text: string; children?: React.ReactNode }) {
  return (
    <main className="r-card r-center">
      <span className="r-notice-icon" aria-hidden>
        {icon}
      </span>
      <h1 className="r-done-title">{title}</h1>
      {text ? <p className="r-notice-text">{text}</p> : null}
      {children}
    </main>
  );
}

function PasswordScreen({ form, error, onSubmit }: { form: TAnswerForm; error: string | null; onSubmit: (password: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <main className="r-card">
      <FormHeader form={form} />
      <form
        className="r-intro"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) onSubmit(value.trim());
        }}
      >
        <label className="r-blank" htmlFor="r-password">
          <span className="r-blank-label">此问卷需要密码才能填写</span>
          <input
            id="r-password"
            className="r-input"
            type="password"
            autoComplete="off"
            maxLength={64}
            placeholder="请输入作答密码"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'r-password-err' : undefined}
            value={value}
            autoFocus
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
        {error ? (
          <p className="r-msg" id="r-password-err" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="r-btn r-btn-primary r-btn-lg" disabled={!value.trim()}>
          开始填写
        </button>
      </form>
    </main>
  );
}
