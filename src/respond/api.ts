// The respondent page's own tiny client: fetch + the spec's envelope (§8), no ky, no brand module, so its
// bundle stays small. "200" → data; anything else rejects with RespondError carrying resultCode and message.
import type { TEnvelope } from '../../schemas/envelope';
import * as CALL_PATHS from '../../schemas/api/paths/calls';
import type { TAnswerOf, TBodyOf, TCallPath } from '../../schemas/api/call-path-types';
import type { TLogic } from '../../schemas/logic/ast';
import type { TAnswerForm, TSubmitBody } from './types';

export const API_BASE = '/api/';
const TIMEOUT = 600_000;

export class RespondError extends Error {
  constructor(
    public readonly resultCode: string,
    message: string,
    public readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'RespondError';
  }
}

// The token is an HttpOnly cookie the browser sends by itself; a readable flag says one was set (src/api/token.ts).
export const isLoggedIn = () => /(^|;\s*)(wj_login|token)=/.test(document.cookie);

async function send<T>(path: TCallPath, init: RequestInit): Promise<T> {
  const headers = new Headers(init.headers);
  const controller = typeof AbortController === 'undefined' ? undefined : new AbortController();
  const timer = controller ? setTimeout(() => controller.abort(), TIMEOUT) : undefined;
  let envelope: TEnvelope<T>;
  try {
    const response = await fetch(API_BASE + path, { ...init, headers, signal: controller?.signal, credentials: 'same-origin' });
    envelope = (await response.json()) as TEnvelope<T>;
  } catch {
    throw new RespondError('network', '网络异常，请检查网络后重试');
  } finally {
    if (timer) clearTimeout(timer);
  }
  if (envelope.resultCode === '200') return envelope.data;
  const fallback = envelope.resultCode === '401' ? 'token失效' : '系统处理出错';
  throw new RespondError(envelope.resultCode, envelope.resultMsg || fallback, envelope.data);
}

/**
 * A registered call by its path (CALL_PATHS, schemas/api/paths/): the body and the answer are typed by its
 * contract, imported as types only, so no schema code joins this bundle; a path that is no call does not compile.
 */
export const callOf = <P extends TCallPath>(path: P, body: TBodyOf<P>) =>
  send<TAnswerOf<P>>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A multipart upload (its contract's `request` describes the form's fields). */
export const uploadTo = <P extends TCallPath>(path: P, form: FormData) => send<TAnswerOf<P>>(path, { method: 'POST', body: form });

export const getQuestion = (questionId: string, password?: string, wechatToken?: string | null, whitelistToken?: string | null) =>
  callOf(CALL_PATHS.write.getQuestion, {
    questionId,
    ...(password ? { password } : {}),
    ...(wechatToken ? { wechatToken } : {}),
    ...(whitelistToken ? { whitelistToken } : {}),
  });

/** A timed exam's sheet opens: the server records (or, for a resumed sheet, reads back) its start. */
export const startExam = (body: { questionId: string; submissionId: string; deviceId: string; password?: string }) => callOf(CALL_PATHS.write.startExam, body);

/** 允许提交后修改答案: the respondent's stored answers, by their own key. */
export const getMyAnswer = (body: { questionId: string; editToken: string; password?: string }) => callOf(CALL_PATHS.write.getMyAnswer, body);

export const submitSheet = (body: TSubmitBody) => callOf(CALL_PATHS.write.submit, body);

/**
 * Files (type 13) and signatures (type 33, a PNG): each upload names its project and subject, whose rules
 * the server checks; the submit accepts only uploads made for that subject. The files are private to the
 * project's members: `viewUrl` opens this one for a while, so the respondent's page can show it.
 */
export function uploadFile(target: { questionId: string; subjectId: string; password?: string }, file: Blob, name: string) {
  const form = new FormData();
  form.append('questionId', target.questionId);
  form.append('subjectId', target.subjectId);
  if (target.password) form.append('password', target.password);
  form.append('file', file, name);
  return uploadTo(CALL_PATHS.upload.file, form);
}

/**
 * The editor's preview (?preview=1) shows unpublished work, which getQuestion refuses ("409" paused): a
 * logged-in creator reads it through the editor's own calls. Without a token it falls back to getQuestion.
 */
export async function getPreview(questionId: string): Promise<TAnswerForm> {
  if (!isLoggedIn()) return getQuestion(questionId);
  const ref = { questionId };
  const [info, doc, settings, conclusions, quotas] = await Promise.all([
    callOf(CALL_PATHS.question.getWxQuestion, ref),
    callOf(CALL_PATHS.question.getSubject, ref),
    callOf(CALL_PATHS.editor.getWxQuestionSetting, ref),
    callOf(CALL_PATHS.editor.getConclusionList, ref).catch(() => []),
    // The quotas' use so far, so a full option is hidden in the preview as it is for respondents.
    callOf(CALL_PATHS.report.getQuotaStatement, ref).catch(() => []),
  ]);
  const s = settings.settings;
  return {
    questionId: info.questionId,
    title: info.title,
    subtitle: info.subtitle,
    questionType: info.questionType,
    solitaireType: null,
    status: info.status,
    style: settings.style,
    settings: {
      startTime: null,
      endTime: null,
      loginRequired: false,
      needPassword: false,
      examMinutes: typeof s.examMinutes === 'number' ? s.examMinutes : null,
      allowEditAfterSubmit: false,
      showScore: s.showScore !== false,
      showCorrectAnswers: s.showCorrectAnswers === true,
      showAnalysis: s.showAnalysis === true,
    },
    locked: false,
    subjects: doc.subjects,
    // The editor's contract carries the document's logic as a plain record; it is the project's stored TLogic.
    logic: doc.logic as TLogic,
    quotaCounts: Object.fromEntries(quotas.map((q) => [q.id, q.used])),
    slotsTaken: {},
    conclusions,
    serverTime: new Date().toISOString(),
  };
}

/**
 * A template as respondents will see it (/template/detailQuestion.html frames /s/{id}?template=1): anyone may open
 * it, and the page runs as the preview does — answers can be tried, nothing is submitted or saved.
 */
export const getTemplateForm = (questionId: string) => callOf(CALL_PATHS.templateShare.getTemplateQuestion, { questionId });

/** The buyer's order as the server holds it now (the conclusion's payment outcome; never assumed by the page). */
export const orderStatus = (orderNo: string, deviceId: string) => callOf(CALL_PATHS.pay.getOrderStatus, { orderNo, deviceId });

/** Start paying the order a sheet made (issue 21): the answer says where the browser goes next (the cashier). */
export const startPay = (method: 'wechat' | 'alipay', orderNo: string, deviceId: string) =>
  callOf(method === 'wechat' ? CALL_PATHS.pay.wxTradePay : CALL_PATHS.pay.aliTradePay, { orderNo, deviceId });
