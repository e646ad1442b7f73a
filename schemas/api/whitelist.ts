import { z } from 'zod';
import { contract, ZPageOf } from './contract';
import { ZQuestionId } from './question';

/**
 * 答题白名单 (/whiteUser.html, issue 49 item 2): only listed people answer a questionnaire, exam or form. Entries are
 * rows of whitelist_entries (migration 0077); the mode, the second field's label and how often an entry answers are
 * project settings (whitelistMode, whitelistFieldLabel, whitelistAnswers). The answering page passes a gate
 * (active/write/checkWhite) whose signed, short-lived proof token the submit checks and claims in its transaction.
 */
export const WHITE_MODES = ['phone', 'name', 'code'] as const;
export type TWhiteMode = (typeof WHITE_MODES)[number];
export const WHITE_MODE_NAMES: Record<TWhiteMode, string> = { phone: '手机号 + 短信验证', name: '姓名 + 指定信息', code: '一次性访问码' };

/** At most this many lines, rows or codes in one add; this many entries on one project. */
export const WHITE_MAX_BATCH = 5_000;
export const WHITE_MAX_ENTRIES = 50_000;
export const WHITE_MAX_CODES = 2_000;
/** Access codes: 8 characters without 0/O, 1/I/L. */
export const WHITE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const WHITE_CODE_LENGTH = 8;
/** Gate tries per client address and per project, in 10 minutes (name and code guesses). */
export const WHITE_LIMITS = { perIp: 30, perProject: 3_000, windowSeconds: 600 } as const;
/** The gate's proof lives this long (an exam answered in one sitting; the page passes the gate again after). */
export const WHITE_TOKEN_MINUTES = 180;

export const WHITE_MESSAGES = {
  notListed: '您不在本问卷的白名单中，无法作答',
  codeWrong: '访问码错误，请核对后重新输入',
  used: '您已作答，不能重复作答',
  codeUsed: '该访问码已使用，不能重复作答',
  tokenMissing: '请先通过白名单验证后再作答',
  tokenInvalid: '白名单验证已失效，请重新验证',
  off: '本问卷未开启答题白名单',
  otherMode: '本问卷不使用此验证方式',
  phone: '请输入正确的手机号',
  smsCode: '请输入6位短信验证码',
  name: '请输入姓名',
  field: (label: string) => `请输入${label}`,
  accessCode: '请输入访问码',
  tooMany: '验证太频繁，请稍后再试',
  emptyList: '请先添加白名单，再开启',
  noLines: '请粘贴名单，每行一条',
  tooManyLines: `一次最多添加${WHITE_MAX_BATCH}条`,
  tooManyEntries: `每个问卷最多${WHITE_MAX_ENTRIES}条白名单`,
  codesOnly: '当前验证方式为访问码，请用“生成访问码”添加',
  notCodes: '当前验证方式不是访问码',
  xlsx: '无法读取Excel文件，请上传.xlsx格式的文件',
  xlsxEmpty: 'Excel中没有名单',
} as const;

export const ZWhiteSetting = z.object({
  enabled: z.boolean(),
  mode: z.enum(WHITE_MODES),
  /** The second field of the name mode (工号, 学号, 身份证后四位 …). */
  fieldLabel: z.string(),
  /** How often a phone or name entry answers; an access code always once. */
  answersPerEntry: z.number(),
  total: z.number(),
  answered: z.number(),
});
export type TWhiteSetting = z.infer<typeof ZWhiteSetting>;

const ZFieldLabel = z.string().trim().min(1, '请填写第二项信息的名称').max(20, '第二项信息的名称最多20个字');
export const ZWhiteSettingRequest = z.object({
  questionId: ZQuestionId,
  enabled: z.boolean(),
  mode: z.enum(WHITE_MODES, { error: '请选择验证方式' }),
  fieldLabel: ZFieldLabel.default('工号'),
  answersPerEntry: z
    .number({ error: '请填写每人可作答次数' })
    .int('作答次数须为整数')
    .min(1, '每人至少可作答1次')
    .max(1_000, '每人最多可作答1000次')
    .default(1),
});

export const WHITE_STATUSES = ['all', 'answered', 'unanswered'] as const;
export const ZWhitePageRequest = z.object({
  questionId: ZQuestionId,
  keyword: z.string().trim().max(50).optional(),
  status: z.enum(WHITE_STATUSES).default('all'),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const ZWhiteEntry = z.object({
  whiteId: z.string(),
  mode: z.enum(WHITE_MODES),
  phone: z.string(),
  name: z.string(),
  field: z.string(),
  code: z.string(),
  answerCount: z.number(),
  /** 已作答: when the last sheet came, and that sheet's public id (the answer list opens it). */
  answeredAt: z.string().nullable(),
  sheetId: z.string().nullable(),
  createTime: z.string(),
});
export type TWhiteEntry = z.infer<typeof ZWhiteEntry>;

export const ZBatchAddWhiteRequest = z.object({
  questionId: ZQuestionId,
  /** Pasted lines: a phone (and a name) in the phone mode; a name and the field (tab, comma or space between) in the name mode. */
  lines: z.array(z.string().max(200)).min(1, '请粘贴名单，每行一条').max(WHITE_MAX_BATCH, `一次最多添加${WHITE_MAX_BATCH}条`),
});
export const ZImportWhiteRequest = z.object({
  questionId: ZQuestionId,
  /** An .xlsx as base64 (first sheet; its first row names the columns: 手机号/姓名 or 姓名/the field's label). */
  xlsx: z
    .string()
    .min(1, '请选择Excel文件')
    .max(3 * 1024 * 1024, 'Excel文件不能超过2MB'),
});
/** Rows refused, by their line (pasted) or row (Excel) number. */
export const ZWhiteAddResult = z.object({
  added: z.number(),
  duplicates: z.number(),
  invalid: z.array(z.object({ line: z.number(), text: z.string(), message: z.string() })),
  total: z.number(),
});
export type TWhiteAddResult = z.infer<typeof ZWhiteAddResult>;

export const ZBatchDelWhiteRequest = z
  .object({ questionId: ZQuestionId, whiteIds: z.array(z.string().max(20)).max(WHITE_MAX_BATCH).optional(), all: z.literal(true).optional() })
  .refine((b) => b.all || (b.whiteIds?.length ?? 0) > 0, { message: '请选择要删除的白名单', path: ['whiteIds'] });
export const ZCreateWhiteCodesRequest = z.object({
  questionId: ZQuestionId,
  count: z.number({ error: '请填写生成数量' }).int('生成数量须为整数').min(1, '至少生成1个').max(WHITE_MAX_CODES, `一次最多生成${WHITE_MAX_CODES}个`),
});
export const ZWhiteExport = z.object({ fileName: z.string(), xlsx: z.string() });

/** The respondent's gate: a code to the phone (phone mode), then checkWhite with what the mode asks. */
export const ZSendWhiteSmsRequest = z.object({ questionId: ZQuestionId, phone: z.string().min(1, '请输入手机号').max(20) });
export const ZCheckWhiteRequest = z.object({
  questionId: ZQuestionId,
  phone: z.string().max(20).optional(),
  smsCode: z.string().max(6).optional(),
  name: z.string().max(50).optional(),
  field: z.string().max(100).optional(),
  accessCode: z.string().max(20).optional(),
});
export const ZWhitePass = z.object({ whitelistToken: z.string(), expiresIn: z.number(), name: z.string() });
/** getQuestion's gate while a whitelisted project has no valid proof: the sheet is withheld. */
export const ZWhiteGate = z.object({ mode: z.enum(WHITE_MODES), fieldLabel: z.string() });
export type TWhiteGate = z.infer<typeof ZWhiteGate>;
/** The proof token as getQuestion and submit take it. */
export const ZWhitelistTokenField = z.string().max(200).optional();

const Q = 'activity/question/white/';
/** activity/question/white/* : the creator's list (power 1–3 read, 1–2 change). */
export const questionWhiteCalls = {
  getWhiteSetting: contract({
    path: `${Q}getWhiteSetting`,
    summary: '答题白名单设置',
    request: z.object({ questionId: ZQuestionId }),
    response: ZWhiteSetting,
    auth: 'required',
  }),
  updateWhiteSetting: contract({
    path: `${Q}updateWhiteSetting`,
    summary: '修改答题白名单设置',
    request: ZWhiteSettingRequest,
    response: ZWhiteSetting,
    auth: 'required',
    okMessage: '保存成功',
  }),
  getWhitePage: contract({ path: `${Q}getWhitePage`, summary: '答题白名单分页', request: ZWhitePageRequest, response: ZPageOf(ZWhiteEntry), auth: 'required' }),
  batchAddWhite: contract({
    path: `${Q}batchAddWhite`,
    summary: '批量添加答题白名单',
    request: ZBatchAddWhiteRequest,
    response: ZWhiteAddResult,
    auth: 'required',
  }),
  importWhite: contract({ path: `${Q}importWhite`, summary: 'Excel导入答题白名单', request: ZImportWhiteRequest, response: ZWhiteAddResult, auth: 'required' }),
  createWhiteCodes: contract({
    path: `${Q}createWhiteCodes`,
    summary: '生成一次性访问码',
    request: ZCreateWhiteCodesRequest,
    response: ZWhiteAddResult,
    auth: 'required',
    okMessage: '生成成功',
  }),
  batchDelWhite: contract({
    path: `${Q}batchDelWhite`,
    summary: '批量删除答题白名单',
    request: ZBatchDelWhiteRequest,
    response: z.object({ deleted: z.number() }),
    auth: 'required',
    okMessage: '删除成功',
  }),
  exportWhite: contract({
    path: `${Q}exportWhite`,
    summary: '导出答题白名单',
    request: z.object({ questionId: ZQuestionId }),
    response: ZWhiteExport,
    auth: 'required',
  }),
  sendWhiteSms: contract({
    path: 'active/write/sendWhiteSms',
    summary: '答题白名单：短信验证码',
    request: ZSendWhiteSmsRequest,
    response: z.null(),
    auth: 'optional',
    okMessage: '验证码已发送',
  }),
  checkWhite: contract({
    path: 'active/write/checkWhite',
    summary: '答题白名单：验证身份',
    request: ZCheckWhiteRequest,
    response: ZWhitePass,
    auth: 'optional',
  }),
};
