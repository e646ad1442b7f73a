import { useCallback, useEffect, useRef, useState } from 'react';
import type { TSubmitResult } from '../../schemas/api/write';
import { PROJECT_KINDS } from '../../schemas/project-kinds';
import { reasonOf, type TRefusalReason } from '../../schemas/refusals';
import { ExamIntro, Loading, LoginNotice, Notice, PasswordScreen, ResumePrompt } from './entry-screens';
import { failedPhase, firstPhase, whatToDo, type TPhase } from './respond-phase';
import { RespondError, getMyAnswer, getPreview, getQuestion, getTemplateForm, isLoggedIn, startExam } from './api';
import { withPlainLabels } from './rich-text';
import { chainChunk, checkInChunk, conclusionChunk, groupBuyChunk, wechatGateChunk, whiteGateChunk } from './kind-chunks';
import { clearDraft, deviceId, newDraft, readDraft, type TDraft } from './draft';
import { MyNotices } from './my-notices';
import { Sheet } from './sheet';
import type { SheetStore } from './store';
import { BrandFooter } from './brand-footer';
import { applyTheme } from './theme';
import { shareInWechat } from './share-api';
import type { TAnswerForm, TSource } from './types';
import { RespondContext } from './widgets/shared';
import { resetAuthTries, useFormWechat } from './wechat-form';
import { forgetWhiteToken, storedWhiteToken } from './white-token';
import { throughContactLinkOpened } from './contact-receipt';

export interface TRespondAppProps {
  questionId: string;
  /** 允许提交后修改答案: the respondent's own key from the link (?edit=…). */
  editToken?: string;
  preview: boolean;
  /** A template of the library (?template=1): loaded through its own public call, shown as the preview is. */
  template?: boolean;
  source: TSource;
}

export function RespondApp({ questionId, preview, template = false, source, editToken }: TRespondAppProps) {
  const [phase, setPhase] = useState<TPhase>({ kind: 'loading' });
  const [password, setPassword] = useState<string | undefined>(undefined);
  const loading = useRef(false);
  /** The password screen's form, kept so a refused try ("429" too many) is told on that screen. */
  const lockedForm = useRef<TAnswerForm | null>(null);
  const smsCodes = useRef<Record<string, string>>({}).current;
  /** 仅限微信授权填写: the WeChat identity, exchanged from WeChat's return before the first read (wechat-form.ts). */
  const wx = useFormWechat(questionId, preview);

  const start = useCallback(
    async (form: TAnswerForm) => {
      applyTheme(form.style);
      if (!preview) shareInWechat(form.questionId);
      document.title = form.title || '问卷';
      // 断点续答 off: a draft left from before is not offered (nor kept: sheet-hooks.ts useDraftSaving).
      const first = firstPhase(form, preview, preview || form.settings.resumeDraft === false ? null : readDraft(form.questionId));
      // A contact's own link (?ct=): its opening recorded, its 姓名 filled in; a one-sheet link already answered is refused.
      setPhase(preview || template ? first : await throughContactLinkOpened(form.questionId, first));
    },
    [preview, template],
  );

  const load = useCallback(
    async (withPassword?: string) => {
      if (loading.current) return;
      loading.current = true;
      try {
        const wxFailed = await wx.exchange();
        const whitelistToken = preview || template ? null : storedWhiteToken(questionId);
        const form = withPlainLabels(await loadForm(questionId, { preview, template, password: withPassword, wechatToken: wx.token.current, whitelistToken }));
        if (form.whitelist) return setPhase(whitePhase(form, whitelistToken));
        if (form.locked) {
          applyTheme(form.style);
          document.title = form.title || '问卷';
          lockedForm.current = form;
          setPhase({ kind: 'locked', form, error: withPassword !== undefined ? '作答密码错误' : null });
          return;
        }
        if (form.settings.loginRequired && !isLoggedIn() && !preview) return setPhase({ kind: 'login' });
        if (form.settings.wechatAuth && !preview && !template && !wx.token.current) {
          applyTheme(form.style);
          document.title = form.title || '问卷';
          return setPhase({ kind: 'wechat', error: wxFailed });
        }
        if (form.settings.wechatAuth) resetAuthTries(questionId);
        setPassword(withPassword);
        if (editToken && !preview) {
          // Changing a submitted sheet: its answers come back from the server, under its own submission id.
          const mine = await getMyAnswer({ questionId: form.questionId, editToken, password: withPassword });
          applyTheme(form.style);
          document.title = form.title || '问卷';
          setPhase({ kind: 'answering', form, draft: { ...newDraft(), submissionId: mine.submissionId, answers: mine.answers }, editToken });
          return;
        }
        await start(form);
      } catch (error) {
        if (error instanceof RespondError && reasonOf(error.data) === 'wechatRequired') return setPhase(wx.forget(error.message));
        setPhase(failedPhase(error instanceof RespondError ? error : new RespondError('500', '加载失败，请稍后重试'), lockedForm.current));
      } finally {
        loading.current = false;
      }
    },
    [questionId, preview, template, start, editToken, wx],
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
        if (reason === 'wechatRequired') return setPhase(wx.forget(message));
        if (reason === 'notWhitelisted') {
          forgetWhiteToken(form.questionId);
          return setPhase({ kind: 'white', form, error: message });
        }
        if (!preview) clearDraft(form.questionId);
        setPhase(kind === 'quota' ? { kind: 'closed', title: '感谢您的参与', text: message } : { kind: 'closed', title: message, text: whatToDo(reason) });
        window.scrollTo(0, 0);
      },
    [preview, wx],
  );

  const body = screenFor(phase, {
    props: { preview, source, questionId },
    wechatToken: wx.token.current,
    password,
    load: (p) => void load(p),
    answer: (form, draft) => void answer(form, draft),
    setPhase,
    onDone,
    onEnded,
  });

  const paymentLink = preview ? null : paymentPage(phase);
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
        {paymentLink ? (
          <MyNotices questionId={paymentLink} deviceId={deviceId()} label="付款到账等消息通知我">
            {body}
          </MyNotices>
        ) : (
          body
        )}
        {/* 去广告: a project whose owner bought ad removal shows no brand footer (none while it loads, so none flashes). */}
        {phase.kind === 'loading' || ('form' in phase && phase.form.advertFree) ? null : <BrandFooter />}
      </div>
    </RespondContext.Provider>
  );
}

/** 答题白名单: the gate first; a proof the server no longer takes is dropped and said so. */
function whitePhase(form: TAnswerForm, heldToken: string | null): TPhase {
  applyTheme(form.style);
  document.title = form.title || '问卷';
  forgetWhiteToken(form.questionId);
  return { kind: 'white', form, error: heldToken ? '白名单验证已失效，请重新验证' : null };
}

/** The project's form: a template's (public), the creator's unpublished work (preview) or the published sheet. */
function loadForm(
  questionId: string,
  how: { preview: boolean; template: boolean; password?: string; wechatToken: string | null; whitelistToken: string | null },
): Promise<TAnswerForm> {
  if (how.template) return getTemplateForm(questionId);
  return how.preview ? getPreview(questionId) : getQuestion(questionId, how.password, how.wechatToken, how.whitelistToken);
}

/**
 * A 收款 project's answer sheet is the buyer's payment page (issue 47 item 4): its notices (a payment received) are
 * shown there at the next visit, with the switch. Its link (questionId) while the sheet or its result is shown.
 */
function paymentPage(phase: TPhase): string | null {
  const shown = phase.kind === 'answering' || phase.kind === 'resume' || phase.kind === 'done';
  return shown && phase.form.questionType === PROJECT_KINDS.online.questionType && !phase.form.locked ? phase.form.questionId : null;
}

interface TScreenActs {
  props: Pick<TRespondAppProps, 'preview' | 'source' | 'questionId'>;
  wechatToken: string | null;
  password: string | undefined;
  load: (password?: string) => void;
  answer: (form: TAnswerForm, draft: TDraft) => void;
  setPhase: (phase: TPhase) => void;
  onDone: (form: TAnswerForm) => (result: TSubmitResult, store: SheetStore) => void;
  onEnded: (form: TAnswerForm) => (message: string, kind: 'quota' | 'closed', reason?: TRefusalReason | null) => void;
}

/** The screen of a phase. */
function screenFor(phase: TPhase, act: TScreenActs): React.ReactNode {
  switch (phase.kind) {
    case 'loading':
      return <Loading />;
    case 'failed':
      return (
        <Notice icon="!" title="加载失败" text={phase.message}>
          <button type="button" className="r-btn r-btn-primary r-btn-lg" onClick={() => act.load(act.password)}>
            重新加载
          </button>
        </Notice>
      );
    case 'closed':
      return <Notice icon="i" title={phase.title} text={phase.text} />;
    case 'login':
      return <LoginNotice />;
    case 'wechat':
      return <wechatGateChunk.Page questionId={act.props.questionId} error={phase.error} />;
    case 'white':
      return <whiteGateChunk.Page form={phase.form} gate={phase.form.whitelist!} error={phase.error} onPassed={() => act.load(act.password)} />;
    case 'locked':
      return <PasswordScreen form={phase.form} error={phase.error} onSubmit={(p) => act.load(p)} />;
    case 'intro':
      return <ExamIntro form={phase.form} onStart={() => act.answer(phase.form, newDraft())} />;
    case 'resume': {
      const { form, draft } = phase;
      const restart = () => {
        clearDraft(form.questionId);
        act.setPhase(form.settings.examMinutes ? { kind: 'intro', form } : { kind: 'answering', form, draft: newDraft() });
      };
      return <ResumePrompt form={form} draft={draft} onResume={() => act.answer(form, draft)} onRestart={restart} />;
    }
    case 'answering':
      return (
        <Sheet
          key={phase.draft.submissionId}
          form={phase.form}
          draft={phase.draft}
          preview={act.props.preview}
          source={act.props.source}
          password={act.password}
          editToken={phase.editToken}
          wechatToken={act.wechatToken}
          onDone={act.onDone(phase.form)}
          onEnded={act.onEnded(phase.form)}
        />
      );
    case 'done':
      return <conclusionChunk.Page result={phase.result} store={phase.store} preview={act.props.preview} title={phase.form.title} />;
    case 'chain':
      return <chainChunk.Page questionId={phase.form.questionId} />;
    case 'checkin':
      return <checkInChunk.Page questionId={phase.form.questionId} />;
    case 'groupbuy':
      return <groupBuyChunk.Page questionId={phase.form.questionId} />;
  }
}
