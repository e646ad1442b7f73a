import { z } from 'zod';

/** Collection settings of a project (editor "Settings"; read by the answering page and the submit call). */
export const ZProjectSettings = z.object({
  /** ISO date-times; outside the window the project does not accept answers. */
  startTime: z.string().max(40).nullable().default(null),
  endTime: z.string().max(40).nullable().default(null),
  /** Total answer sheets accepted; null = no cap. */
  maxAnswers: z.number().int().min(1).max(10_000_000).nullable().default(null),
  perDeviceLimit: z.number().int().min(1).max(10_000).nullable().default(null),
  perUserLimit: z.number().int().min(1).max(10_000).nullable().default(null),
  perIpLimit: z.number().int().min(1).max(100_000).nullable().default(null),
  loginRequired: z.boolean().default(false),
  /** 断点续答 (issue 49 item 4): the respondent page keeps the answers so far on the device and offers them on return. */
  resumeDraft: z.boolean().default(true),
  /**
   * 仅限微信授权填写 (issue 47 item 1): one of the project owner's authorised official accounts; respondents prove an
   * openid of it through WeChat's web authorisation before answering. null = off.
   */
  wechatAuthId: z.number().int().min(1, '请选择已授权绑定的公众号').max(2_147_483_647, '请选择已授权绑定的公众号').nullable().default(null),
  /** Its AppID, written by the server from the owner's own binding when the account is chosen (a client's value is never kept). */
  wechatAppid: z.string().max(32).nullable().default(null),
  /** 每个微信最多填写 N 次 (with wechatAuthId); null = 不限. */
  perWechatLimit: z.number().int().min(1).max(10_000).nullable().default(1),
  /** Respondents must enter it before answering; empty = none. */
  password: z.string().max(32).default(''),
  /** 答题白名单 (/whiteUser.html, issue 49 item 2): only the project's whitelist_entries answer, through the gate. */
  whitelistEnabled: z.boolean().default(false),
  /** Before issue 49: phones or user names; migration 0077 moved them to whitelist_entries. Never read now. */
  whitelist: z.array(z.string().max(64)).max(10_000).default([]),
  /** How a respondent proves an entry: phone + SMS code, name + one more field, or a one-time access code. */
  whitelistMode: z.enum(['phone', 'name', 'code']).default('phone'),
  /** The name mode's second field (工号, 学号 …). */
  whitelistFieldLabel: z.string().max(20).default('工号'),
  /** How often a phone or name entry answers (an access code answers once). */
  whitelistAnswers: z.number().int().min(1).max(1_000).default(1),
  /** 禁止复制粘贴 (issue 49): the answering page refuses paste into, and copy or cut from, its text fields. */
  noCopyPaste: z.boolean().default(false),
  /**
   * 切屏限制 (issue 49): how many times the respondent may leave the answering page (another tab or app); one more
   * and the page hands the sheet in as it stands. null = 不限.
   */
  leaveLimit: z.number().int().min(1).max(100).nullable().default(null),
  allowEditAfterSubmit: z.boolean().default(false),
  showResults: z.boolean().default(false),
  /** Exams: show the score, the correct answers, the analysis after submission. */
  showScore: z.boolean().default(true),
  showCorrectAnswers: z.boolean().default(false),
  showAnalysis: z.boolean().default(false),
  /** Exams: whole-exam time limit in minutes; null = none. */
  examMinutes: z.number().int().min(1).max(1_440).nullable().default(null),
  /** Exams: a sheet handed in after the time limit is kept and marked 超时 (suspect) instead of refused. */
  examLateAccepted: z.boolean().default(false),
  /** Payment projects: minutes an unpaid order waits before it closes and its stock returns (issue 21). */
  paymentWindowMinutes: z
    .number({ error: '请填写付款时限（5 到 1440 分钟）' })
    .int('付款时限须为整数分钟')
    .min(5, '付款时限不能少于 5 分钟')
    .max(1_440, '付款时限不能超过 1440 分钟（24 小时）')
    .default(15),
  isFriendAddTeamWork: z.union([z.literal(0), z.literal(1)]).default(1),
  shareTitle: z.string().max(100).default(''),
  /** 结果查询 (/activityquery.html, issue 48): respondents look up their own sheets by the key chosen here. */
  queryEnabled: z.boolean().default(false),
  /** phone: 手机号 + 短信验证码; field: 姓名 + one more field the creator picks. */
  queryKey: z.enum(['phone', 'field']).default('phone'),
  /** Subject uuids of the key; '' = the first subject that fits (schemas/result-query.ts). */
  queryPhoneSubject: z.string().max(64).default(''),
  queryNameSubject: z.string().max(64).default(''),
  queryFieldSubject: z.string().max(64).default(''),
  /** The respondent's own answers in the query result (an exam's score follows showScore). */
  queryShowAnswers: z.boolean().default(false),
});
export type TProjectSettings = z.infer<typeof ZProjectSettings>;
export const defaultSettings = (): TProjectSettings => ZProjectSettings.parse({});

const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, '颜色格式应为 #RRGGBB');
const ZAsset = z
  .string()
  .max(1_000)
  .regex(/^(\/|https?:\/\/)/, '图片地址无效');

/** Look of the answering page (editor "Style"). */
export const ZProjectStyle = z.object({
  themeId: z.string().max(40).default('default'),
  primaryColor: ZColor.default('#1f6feb'),
  backgroundColor: ZColor.default('#f5f7fa'),
  backgroundImage: ZAsset.nullable().default(null),
  coverImage: ZAsset.nullable().default(null),
  logo: ZAsset.nullable().default(null),
  fontSize: z.enum(['small', 'medium', 'large']).default('medium'),
});
export type TProjectStyle = z.infer<typeof ZProjectStyle>;
export const defaultStyle = (): TProjectStyle => ZProjectStyle.parse({});

export const THEMES = [
  { themeId: 'default', name: '简约蓝', primaryColor: '#1f6feb', backgroundColor: '#f5f7fa' },
  { themeId: 'green', name: '清新绿', primaryColor: '#16a34a', backgroundColor: '#f0fdf4' },
  { themeId: 'orange', name: '活力橙', primaryColor: '#ea580c', backgroundColor: '#fff7ed' },
  { themeId: 'red', name: '中国红', primaryColor: '#dc2626', backgroundColor: '#fef2f2' },
  { themeId: 'purple', name: '典雅紫', primaryColor: '#7c3aed', backgroundColor: '#f5f3ff' },
  { themeId: 'ink', name: '水墨灰', primaryColor: '#334155', backgroundColor: '#f8fafc' },
] as const;
