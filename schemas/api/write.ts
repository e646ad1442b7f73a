import { z } from 'zod';
import { ZLogic } from '../logic/ast';
import { ZSubject } from '../subjects/registry';
import { contract, ZNull } from './contract';
import { ZBooking } from './appointment-booking';
import { ZConclusion } from './editor';
import { ZQuestionId } from './question';
import { ZWebAuthRedirectPath, ZWebAuthToken, ZWechatTokenField, webAuthReturnFields } from './component';
import { ZProjectStyle } from './settings';
import { ZWhiteGate, ZWhitelistTokenField } from './whitelist';
import { ZRedNotice } from './red-notice';

/** Answering calls (spec §7 active/write, the respondent page) and the creator's answer list. */
export const SOURCES = ['link', 'qr', 'embed', 'wechat', 'preview'] as const;

/** wechatToken (仅限微信授权填写): the identity token the page got from getFormWechatIdentity (an openid of the project's account). */
/** whitelistToken (答题白名单): the proof active/write/checkWhite gave; without a valid one the sheet is withheld. */
export const ZGetQuestionForAnswerRequest = z.object({
  questionId: ZQuestionId,
  password: z.string().max(64).optional(),
  wechatToken: ZWechatTokenField,
  whitelistToken: ZWhitelistTokenField,
});
/** getFormWechatAuthUrl: WeChat's authorise link; WeChat sends the respondent back to `redirectPath` (this site). */
export const ZFormWechatAuthRequest = z.object({ questionId: ZQuestionId, redirectPath: ZWebAuthRedirectPath });
/** getFormWechatIdentity: what WeChat sent the respondent back with. */
export const ZFormWechatIdentityRequest = z.object({ questionId: ZQuestionId, ...webAuthReturnFields });

/** Made by the client once per sheet and kept in its draft. */
const ZSubmissionId = z
  .string({ error: '缺少提交编号' })
  .min(8, '提交编号无效')
  .max(64, '提交编号无效')
  .regex(/^[\w-]+$/, '提交编号无效');

/** The page's own key, kept in its storage (one per browser): who answers, for per-device limits and the exam clock. */
const ZDeviceId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, '设备编号无效');

/**
 * A timed exam's sheet opens: the server records the start of this respondent's exam (their device, and their
 * account when logged in), or answers the one already running, whatever the sheet's submission id.
 */
export const ZStartExamRequest = z.object({
  questionId: ZQuestionId,
  submissionId: ZSubmissionId,
  deviceId: ZDeviceId,
  password: z.string().max(64).optional(),
});
export const ZStartExamResult = z.object({
  startedAt: z.string(),
  /** When the server stops taking the sheet as on time (the page submits by itself at this moment). */
  deadline: z.string(),
  serverTime: z.string(),
});
export type TStartExamResult = z.infer<typeof ZStartExamResult>;

/** 需短信验证: send a code to the number typed into a phone subject. */
export const ZSendAnswerSmsRequest = z.object({
  questionId: ZQuestionId,
  subjectId: z.string().min(1).max(64),
  phone: z.string().min(1, '请输入手机号').max(20),
  password: z.string().max(64).optional(),
});

export const ZSubmitRequest = z.object({
  questionId: ZQuestionId,
  /** Made by the client once per sheet and kept in its draft: a retry with it never stores a second sheet. */
  submissionId: ZSubmissionId,
  answers: z.record(z.string().max(64), z.unknown()).refine((a) => Object.keys(a).length <= 2_000, '答案过多'),
  durationSeconds: z
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600)
    .default(0),
  deviceId: ZDeviceId,
  password: z.string().max(64).optional(),
  source: z.enum(SOURCES).default('link'),
  /** The exam or page timer ran out: unanswered required subjects are accepted (only on timed projects). */
  timedOut: z.boolean().default(false),
  /** 需短信验证: per phone subject uuid, the code sent to the number answered (active/write/sendAnswerSms). */
  /** 允许提交后修改答案: the respondent's own link; the sheet it names is replaced instead of a new one stored. */
  editToken: z.string().max(200).optional(),
  smsCodes: z
    .record(z.string().max(64), z.string().regex(/^\d{6}$/, '请输入6位短信验证码'))
    .refine((c) => Object.keys(c).length <= 20, '验证码过多')
    .default({}),
  /**
   * 仅限微信授权填写 forms and 仅限微信授权参与 group-buys: the identity token of the project's official account, required
   * there and checked on every submit (forged, expired or another account's → refused; the order is the WeChat user's).
   */
  wechatToken: ZWechatTokenField,
  /** 答题白名单: the gate's proof (active/write/checkWhite); the sheet claims its entry in the submit's transaction. */
  whitelistToken: ZWhitelistTokenField,
  /** A contact's own link (?ct=, issue 50): the sheet claims it in the submit's transaction (one sheet per link). */
  contactToken: z.string().trim().min(1).max(64).optional(),
  /** 互助空间 (issue 51): the release the respondent came from (/mutual.html → ?space=); a logged-in answer may earn its reward. */
  spaceReleaseId: z.string().trim().min(1).max(64).optional(),
});
export type TSubmitRequest = z.infer<typeof ZSubmitRequest>;

/** ZQuestionId's and ZSubmissionId's bounds and pattern; ZDeviceId's (one character or more). */
const SUBMIT_ID = /^[\w-]{8,64}$/;
const DEVICE_ID = /^[\w-]{1,64}$/;
const SUBMIT_KEYS = new Set([
  'questionId',
  'submissionId',
  'answers',
  'durationSeconds',
  'deviceId',
  'password',
  'source',
  'timedOut',
  'editToken',
  'wechatToken',
  'whitelistToken',
]);
const optionalText = (v: unknown, max: number) => v === undefined || (typeof v === 'string' && v.length <= max);

/**
 * ZSubmitRequest's parse for the shape nearly every submit has (issue 54: the request's Zod parse was the largest part of
 * a submit's validation in Node): the same output where it answers, or null for anything else — an unknown or rarer field
 * (smsCodes, contactToken, spaceReleaseId), a value Zod would refuse or change — which then goes through Zod, so every
 * refusal and its message stay Zod's. tests/schemas/submit-quick.test.ts checks it against ZSubmitRequest.
 */
export function quickSubmitRequest(body: unknown): TSubmitRequest | null {
  if (typeof body !== 'object' || body === null || Object.getPrototypeOf(body) !== Object.prototype) return null;
  const b = body as Record<string, unknown>;
  for (const k in b) if (!SUBMIT_KEYS.has(k)) return null;
  const { questionId, submissionId, answers, durationSeconds, deviceId, source, timedOut } = b;
  if (typeof questionId !== 'string' || !SUBMIT_ID.test(questionId) || typeof submissionId !== 'string' || !SUBMIT_ID.test(submissionId)) return null;
  if (typeof deviceId !== 'string' || !DEVICE_ID.test(deviceId)) return null;
  if (typeof answers !== 'object' || answers === null || Object.getPrototypeOf(answers) !== Object.prototype) return null;
  let n = 0;
  for (const k in answers) if (++n > 2_000 || k.length > 64 || k === '__proto__' || !Object.prototype.hasOwnProperty.call(answers, k)) return null;
  if (
    durationSeconds !== undefined &&
    !(Number.isInteger(durationSeconds) && (durationSeconds as number) >= 0 && (durationSeconds as number) <= 30 * 24 * 3600)
  )
    return null;
  if (source !== undefined && !(SOURCES as readonly unknown[]).includes(source)) return null;
  if (timedOut !== undefined && typeof timedOut !== 'boolean') return null;
  if (!optionalText(b.password, 64) || !optionalText(b.editToken, 200) || !optionalText(b.wechatToken, 300) || !optionalText(b.whitelistToken, 200))
    return null;
  const out: TSubmitRequest = {
    questionId,
    submissionId,
    answers: { ...(answers as Record<string, unknown>) },
    durationSeconds: (durationSeconds as number | undefined) ?? 0,
    deviceId,
    source: (source as TSubmitRequest['source'] | undefined) ?? 'link',
    timedOut: timedOut ?? false,
    smsCodes: {},
  };
  for (const k of ['password', 'editToken', 'wechatToken', 'whitelistToken'] as const) if (b[k] !== undefined) out[k] = b[k] as string;
  return out;
}

/**
 * An appointment project with a schedule (issue 22): the booking the sheet made and its private link's token
 * (the booking page /appointment/booking/{token}); `state` booked or waitlisted with its position.
 */
export const ZSheetBooking = ZBooking.extend({ token: z.string() });
export type TSheetBooking = z.infer<typeof ZSheetBooking>;

/** 互助空间 (issue 51): the outcome of a sheet answered from the space; `message` is what the page shows. */
export const ZSpaceNotice = z.object({ state: z.enum(['paid', 'refused', 'login']), reward: z.number(), coinName: z.string(), message: z.string() });
export type TSpaceNotice = z.infer<typeof ZSpaceNotice>;

export const ZSubmitResult = z.object({
  sheetId: z.string(),
  score: z
    .object({ total: z.number(), max: z.number(), subjects: z.record(z.string(), z.object({ score: z.number(), max: z.number(), status: z.string() })) })
    .nullable(),
  conclusion: z.object({ title: z.string(), content: z.string(), redirectUrl: z.string().nullable() }),
  showScore: z.boolean(),
  showCorrectAnswers: z.boolean(),
  showAnalysis: z.boolean(),
  /** Per subject uuid, when the settings allow it: correct option ids / accepted texts and the analysis. */
  correct: z.record(z.string(), z.object({ answer: z.string(), analysis: z.string() })).nullable(),
  /** 向答题者展示统计结果: the page may read active/write/getResults with this sheet id. */
  showResults: z.boolean().optional(),
  /** 允许提交后修改答案: the respondent's own key to change this sheet (/s/{questionId}?edit=…). */
  editToken: z.string().optional(),
  /** The signed proof of this valid sheet, for the calls after the submit (答题抽奖, 考试证书: issue 49 item 5). */
  sheetProof: z.string().optional(),
  /** A project that sells something: the order this sheet made, to pay before it closes (issue 21). */
  order: z.object({ orderNo: z.string(), amountFen: z.number(), closesAt: z.string() }).optional(),
  booking: ZSheetBooking.optional(),
  /** 红包: what happens to this sheet's red envelope, when the project has one running (issue 49). */
  redPacket: ZRedNotice.optional(),
  /** 互助空间: what the release's reward did for this sheet (paid, refused with why, or log in to earn). */
  space: ZSpaceNotice.optional(),
});
export type TSubmitResult = z.infer<typeof ZSubmitResult>;

/** The respondent's stored answers, to change them (allowEditAfterSubmit). */
export const ZMyAnswerRequest = z.object({ questionId: ZQuestionId, editToken: z.string().min(1).max(200), password: z.string().max(64).optional() });
export const ZMyAnswer = z.object({
  sheetId: z.string(),
  /** The sheet's own submission id: it seeds a random order the same way again. */
  submissionId: z.string(),
  /** As stored; uploaded files carry a short-lived `viewUrl` to show them. */
  answers: z.record(z.string(), z.unknown()),
});
export type TMyAnswer = z.infer<typeof ZMyAnswer>;

/** The statistics a respondent sees after submitting (settings.showResults), proved by their sheet id. */
export const ZResultsRequest = z.object({ questionId: ZQuestionId, sheetId: z.string().min(1).max(64) });
export const ZRespondentResults = z.object({
  /** Valid sheets counted. */
  total: z.number(),
  /** Choice subjects only: other respondents' own words are never shown. */
  subjects: z.array(
    z.object({
      uuid: z.string(),
      title: z.string(),
      index: z.number().nullable(),
      multiple: z.boolean(),
      base: z.number(),
      options: z.array(z.object({ uuid: z.string(), title: z.string(), count: z.number(), percent: z.number() })),
    }),
  ),
});
export type TRespondentResults = z.infer<typeof ZRespondentResults>;

export const ZWriteRecordRequest = z.object({ page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(20) });

export const WRITE_MESSAGES = {
  paused: '问卷已暂停收集',
  /** Never published yet; the server words it by kind (notPublishedMessage). */
  notPublished: '问卷尚未发布',
  notStarted: '问卷尚未开始',
  ended: '问卷已结束',
  full: '答卷数量已达上限，感谢您的关注',
  loginRequired: '请登录后再作答',
  wrongPassword: '作答密码错误',
  resultsHidden: '发布者未公开统计结果',
  sheetMissing: '答卷不存在或已删除',
  editClosed: '发布者未允许提交后修改答案',
  editInvalid: '修改链接无效或已失效',
  passwordLocked: '密码错误次数过多，请15分钟后再试',
  deviceLimit: '您已提交过，不能重复作答',
  userLimit: '您已达到本问卷的作答次数上限',
  ipLimit: '当前网络的作答次数已达上限',
  reused: '提交编号已被使用，请刷新页面后重新提交',
  changed: '问卷刚刚有更新，请刷新页面后重新提交',
  examNotStarted: '未找到本次考试的开始记录，请刷新页面后重新开始',
  examLate: '考试时间已到，超时提交的答卷未被接受',
  examOver: '考试时间已到，不能再开始作答',
  examSubmitted: '这份答卷已提交，不能重新开始计时',
  notExam: '该问卷没有考试时长',
  optionFull: (title: string) => `选项「${title}」名额已满，请重新选择`,
  wechatRequired: '本问卷仅限微信授权填写，请在微信中打开本页',
  wechatLimit: '该微信号已达到本问卷的填写次数上限',
  notWechat: '本问卷未开启微信授权填写',
} as const;

/** What the respondent page needs of a project's collection settings. */
export const ZAnswerSettings = z.object({
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  loginRequired: z.boolean(),
  needPassword: z.boolean(),
  examMinutes: z.number().nullable(),
  allowEditAfterSubmit: z.boolean(),
  showScore: z.boolean(),
  showCorrectAnswers: z.boolean(),
  showAnalysis: z.boolean(),
  /** 仅限微信授权填写: the page authorises in WeChat before answering (and asks to open it in WeChat elsewhere). */
  wechatAuth: z.boolean().optional(),
  /** 断点续答: false, the page neither keeps nor offers the answers so far (absent: on). */
  resumeDraft: z.boolean().optional(),
  /** 禁止复制粘贴: no paste into, no copy or cut from the sheet's text fields (absent: allowed). */
  noCopyPaste: z.boolean().optional(),
  /** 切屏限制: leaving the page more often hands the sheet in (absent or null: 不限). */
  leaveLimit: z.number().nullable().optional(),
});

/** data of active/write/getQuestion: one project as a respondent sees it. */
export const ZAnswerForm = z.object({
  questionId: z.string(),
  title: z.string(),
  subtitle: z.string(),
  questionType: z.number(),
  /** A solitaire's kind (spec §3): the page shows a sign-up chain (4) as its live list instead of a sheet. */
  solitaireType: z.number().nullable(),
  status: z.number(),
  style: ZProjectStyle,
  settings: ZAnswerSettings,
  /** Empty with `locked: true` while a password is needed and missing or wrong. */
  locked: z.boolean(),
  subjects: z.array(ZSubject),
  logic: ZLogic,
  quotaCounts: z.record(z.string(), z.number()),
  /** Places taken per appointment slot on a date, keyed `subject|date|time`. */
  slotsTaken: z.record(z.string(), z.number()),
  /** An appointment project with a schedule: the slot subject books against it (activity/question/appointment/getWeeks). */
  appointmentScheduled: z.boolean().optional(),
  conclusions: z.array(ZConclusion),
  serverTime: z.string(),
  /** 去广告: the owner bought ad removal for this project, so the page shows no brand footer. */
  advertFree: z.boolean().optional(),
  /** 答题白名单: the gate to pass (subjects withheld) while the page holds no valid proof; null or absent: none. */
  whitelist: ZWhiteGate.nullable().optional(),
});

export const ZWriteRecord = z.object({
  list: z.array(
    z.object({
      sheetId: z.string(),
      questionId: z.string(),
      title: z.string(),
      questionType: z.number(),
      score: z.number().nullable(),
      createTime: z.string(),
    }),
  ),
  total: z.number(),
});

const W = 'active/write';
/** active/write/* (spec §7): the respondent's calls, and 我的填写. */
export const writeCalls = {
  getQuestion: contract({ path: `${W}/getQuestion`, summary: '获取答题问卷', request: ZGetQuestionForAnswerRequest, response: ZAnswerForm, auth: 'optional' }),
  startExam: contract({ path: `${W}/startExam`, summary: '开始计时考试', request: ZStartExamRequest, response: ZStartExamResult, auth: 'optional' }),
  sendAnswerSms: contract({
    path: `${W}/sendAnswerSms`,
    summary: '答题短信验证码',
    request: ZSendAnswerSmsRequest,
    response: ZNull,
    auth: 'optional',
    okMessage: '验证码已发送',
  }),
  getMyAnswer: contract({ path: `${W}/getMyAnswer`, summary: '读取本人答卷（提交后修改）', request: ZMyAnswerRequest, response: ZMyAnswer, auth: 'optional' }),
  getResults: contract({ path: `${W}/getResults`, summary: '答题者可见的统计结果', request: ZResultsRequest, response: ZRespondentResults, auth: 'optional' }),
  submit: contract({
    path: `${W}/submit`,
    summary: '提交答卷',
    request: ZSubmitRequest,
    quick: quickSubmitRequest,
    response: ZSubmitResult,
    auth: 'optional',
    okMessage: '提交成功',
  }),
  getFormWechatAuthUrl: contract({
    path: `${W}/getFormWechatAuthUrl`,
    summary: '仅限微信授权填写：微信授权链接',
    request: ZFormWechatAuthRequest,
    response: z.object({ url: z.string() }),
    auth: 'optional',
  }),
  getFormWechatIdentity: contract({
    path: `${W}/getFormWechatIdentity`,
    summary: '仅限微信授权填写：微信授权返回（换取答题者身份）',
    request: ZFormWechatIdentityRequest,
    response: ZWebAuthToken,
    auth: 'optional',
    okMessage: '微信授权成功',
  }),
  getWriteRecord: contract({ path: `${W}/getWriteRecord`, summary: '我的填写记录', request: ZWriteRecordRequest, response: ZWriteRecord, auth: 'required' }),
};
