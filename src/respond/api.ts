// The respondent page's own tiny client: fetch + the spec's envelope (§8), no ky, no brand module, so its
// bundle stays small. "200" → data; anything else rejects with RespondError carrying resultCode and message.
import type { TEnvelope } from '../../schemas/envelope';
import type { Contract, TRequestOf, TResponseOf } from '../../schemas/api/contract';
import type { editorCalls } from '../../schemas/api/editor';
import type { questionCalls } from '../../schemas/api/question';
import type { reportCalls } from '../../schemas/api/report';
import type { uploadCalls } from '../../schemas/api/upload';
import type { writeCalls } from '../../schemas/api/write';
import type { payCalls } from '../../schemas/api/pay';
import type { TAnswerForm, TSource } from './types';

const API_BASE = '/api/';
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

async function send<T>(path: string, init: RequestInit): Promise<T> {
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

export const post = <T>(path: string, body: unknown) =>
  send<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const upload = <T>(path: string, form: FormData) => send<T>(path, { method: 'POST', body: form });

/** A call typed by its contract (schemas/api/; imported as types only, so no schema code joins this bundle). */
const callOf = <C extends Contract>(path: C['path'], body: TRequestOf<C>) => post<TResponseOf<C>>(path, body);

export const getQuestion = (questionId: string, password?: string) =>
  callOf<typeof writeCalls.getQuestion>('active/write/getQuestion', password ? { questionId, password } : { questionId });

/** A timed exam's sheet opens: the server records (or, for a resumed sheet, reads back) its start. */
export const startExam = (body: { questionId: string; submissionId: string; deviceId: string; password?: string }) =>
  callOf<typeof writeCalls.startExam>('active/write/startExam', body);

/** 允许提交后修改答案: the respondent's stored answers, by their own key. */
export const getMyAnswer = (body: { questionId: string; editToken: string; password?: string }) =>
  callOf<typeof writeCalls.getMyAnswer>('active/write/getMyAnswer', body);

export interface TSubmitBody {
  questionId: string;
  submissionId: string;
  answers: Record<string, unknown>;
  durationSeconds: number;
  deviceId: string;
  password?: string;
  source: TSource;
  smsCodes?: Record<string, string>;
  editToken?: string;
}
export const submitSheet = (body: TSubmitBody) => callOf<typeof writeCalls.submit>('active/write/submit', body);

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
  return upload<TResponseOf<typeof uploadCalls.file>>('upload/file', form);
}

/**
 * The editor's preview (?preview=1) shows unpublished work, which getQuestion refuses ("409" paused): a
 * logged-in creator reads it through the editor's own calls. Without a token it falls back to getQuestion.
 */
export async function getPreview(questionId: string): Promise<TAnswerForm> {
  if (!isLoggedIn()) return getQuestion(questionId);
  const ref = { questionId };
  const [info, doc, settings, conclusions, quotas] = await Promise.all([
    callOf<typeof questionCalls.getWxQuestion>('activity/question/getWxQuestion', ref),
    post<Pick<TAnswerForm, 'subjects' | 'logic'>>('activity/question/getSubject', ref),
    callOf<typeof editorCalls.getWxQuestionSetting>('activity/question/getWxQuestionSetting', ref),
    callOf<typeof editorCalls.getConclusionList>('activity/question/getConclusionList', ref).catch(() => []),
    // The quotas' use so far, so a full option is hidden in the preview as it is for respondents.
    callOf<typeof reportCalls.getQuotaStatement>('question/statement/getQuotaStatement', ref).catch(() => []),
  ]);
  const s = settings.settings;
  return {
    questionId: info.questionId,
    title: info.title,
    subtitle: info.subtitle,
    questionType: info.questionType,
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
    subjects: doc.subjects,
    logic: doc.logic,
    quotaCounts: Object.fromEntries(quotas.map((q) => [q.id, q.used])),
    conclusions,
    serverTime: Date.now(),
  };
}

/** The buyer's order as the server holds it now (the conclusion's payment outcome; never assumed by the page). */
export const orderStatus = (orderNo: string, deviceId: string) => callOf<typeof payCalls.getOrderStatus>('active/pay/getOrderStatus', { orderNo, deviceId });

/** Start paying the order a sheet made (issue 21): the answer says where the browser goes next (the cashier). */
export const startPay = (method: 'wechat' | 'alipay', orderNo: string, deviceId: string) =>
  callOf<typeof payCalls.wxTradePay>(method === 'wechat' ? 'active/pay/wxTradePay' : 'active/pay/aliTradePay', { orderNo, deviceId });
