import type { TSubmitResult } from '../../schemas/api/write';
import { shapeOf } from '../../schemas/groupbuy/shape';
import { PROJECT_KINDS, SOLITAIRE_TYPE } from '../../schemas/project-kinds';
import { reasonOf, type TRefusalReason } from '../../schemas/refusals';
import { SUBJECT_TYPE } from '../../schemas/subjects/subject-types';
import { RespondError } from './api';
import { hasProgress, newDraft, type TDraft } from './draft';
import type { SheetStore } from './store';
import type { TAnswerForm } from './types';

/** Where the respondent page is: each phase is one screen of respond-app.tsx. */
export type TPhase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'closed'; title: string; text: string }
  | { kind: 'login' }
  /** 仅限微信授权填写 without a (valid) WeChat identity: authorise in WeChat, or open the page there. */
  | { kind: 'wechat'; error: string | null }
  | { kind: 'locked'; form: TAnswerForm; error: string | null }
  /** 答题白名单 without a valid proof: the gate (phone + SMS, name + field, or access code) before the sheet. */
  | { kind: 'white'; form: TAnswerForm; error: string | null }
  | { kind: 'intro'; form: TAnswerForm }
  | { kind: 'resume'; form: TAnswerForm; draft: TDraft }
  | { kind: 'answering'; form: TAnswerForm; draft: TDraft; editToken?: string }
  | { kind: 'done'; form: TAnswerForm; result: TSubmitResult; store: SheetStore | null }
  | { kind: 'chain'; form: TAnswerForm }
  | { kind: 'checkin'; form: TAnswerForm }
  | { kind: 'groupbuy'; form: TAnswerForm };

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
export const whatToDo = (reason: TRefusalReason | null) => (reason && NOT_COLLECTING[reason]) ?? '';

/** The screen a loaded project opens on: its live page (chain, check-in, group-buy), the draft to resume, the exam's intro or the sheet. */
export function firstPhase(form: TAnswerForm, preview: boolean, saved: TDraft | null): TPhase {
  // A sign-up chain is its live list, not a sheet (the preview still shows the sheet being edited).
  if (!preview && isSignUpChain(form)) return { kind: 'chain', form };
  // A daily check-in is its calendar, form and board.
  if (!preview && isCheckIn(form)) return { kind: 'checkin', form };
  // A group-buy is its products, live order list and order form.
  if (!preview && isGroupBuyPage(form)) return { kind: 'groupbuy', form };
  if (hasProgress(saved)) return { kind: 'resume', form, draft: saved };
  if (form.settings.examMinutes && !preview) return { kind: 'intro', form };
  return { kind: 'answering', form, draft: saved ?? newDraft() };
}

/** The screen for a project that could not be loaded; a refused password try ("429") stays on the password screen. */
export function failedPhase(e: RespondError, lockedForm: TAnswerForm | null): TPhase {
  if (e.resultCode === '429' && lockedForm) return { kind: 'locked', form: lockedForm, error: e.message };
  if (e.resultCode === '409') return { kind: 'closed', title: e.message, text: whatToDo(reasonOf(e.data)) };
  if (e.resultCode === '404' || e.resultCode === '403') return { kind: 'closed', title: '问卷不存在或已删除', text: '' };
  if (e.resultCode === '401') return { kind: 'login' };
  return { kind: 'failed', message: e.message };
}
