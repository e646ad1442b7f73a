import { z } from 'zod';
import { contract } from './contract';
import { ZQuestionId } from './question';

/**
 * 答题抽奖 (issue 49 item 5): spec §7 lists "draws" among the project-building calls without naming them, so they
 * are `activity/question/draw/<name>` (docs/decisions.md). The creator's calls need a power on the project (read to
 * look, edit to change); the respondent's (getDrawInfo, luckyDraw, saveWinnerContact) need no login but the signed
 * proof of a valid sheet the submit answered with (sheetProof).
 */
const D = 'activity/question/draw/';

export const DRAW_LIMITS = { maxPrizes: 10, maxStock: 100_000, permilleTotal: 1000 } as const;

export const DRAW_MESSAGES = {
  noSheet: '请先提交有效答卷后再抽奖',
  closed: '该项目未开启答题抽奖',
  drawn: '每份答卷只能抽奖一次',
  total: '各奖品中奖概率之和不能超过100%',
  stockBelowWon: (name: string, won: number) => `奖品「${name}」已有${won}人中奖，库存不能少于${won}`,
  noPrize: '开启抽奖前请至少添加一个奖品',
  notWinner: '未中奖的答卷无需填写领奖信息',
  phone: '请输入正确的手机号',
} as const;

const ZSheetProof = {
  questionId: ZQuestionId,
  sheetId: z.string({ error: '请先提交有效答卷后再抽奖' }).min(1, DRAW_MESSAGES.noSheet).max(64, DRAW_MESSAGES.noSheet),
  sheetProof: z.string({ error: '请先提交有效答卷后再抽奖' }).min(1, DRAW_MESSAGES.noSheet).max(128, DRAW_MESSAGES.noSheet),
};

export const ZPrizeInput = z.object({
  /** Absent: a new prize. */
  prizeId: z.string().max(40).optional(),
  name: z.string({ error: '请输入奖品名称' }).trim().min(1, '请输入奖品名称').max(40, '奖品名称不能超过40个字'),
  image: z
    .string()
    .max(500, '图片地址过长')
    .refine((s) => s === '' || s.startsWith('/') || /^https?:\/\//.test(s), '图片地址无效')
    .default(''),
  stock: z
    .number({ error: '请输入奖品数量' })
    .int('奖品数量须为整数')
    .min(0, '奖品数量不能小于0')
    .max(DRAW_LIMITS.maxStock, `奖品数量不能超过${DRAW_LIMITS.maxStock}`),
  /** ‰: 125 is 12.5%. */
  permille: z.number({ error: '请输入中奖概率' }).int('中奖概率最多保留一位小数').min(0, '中奖概率不能小于0').max(1000, '中奖概率不能超过100%'),
});
export type TPrizeInput = z.input<typeof ZPrizeInput>;
export type TPrizeSaved = z.output<typeof ZPrizeInput>;

export const ZPrize = z.object({ prizeId: z.string(), name: z.string(), image: z.string(), stock: z.number(), won: z.number(), permille: z.number() });
export type TPrize = z.infer<typeof ZPrize>;
export const ZDrawSetting = z.object({ enabled: z.boolean(), prizes: z.array(ZPrize), drawn: z.number() });
export type TDrawSetting = z.infer<typeof ZDrawSetting>;

export const ZSaveDrawSettingRequest = z.object({
  questionId: ZQuestionId,
  enabled: z.boolean({ error: '请选择是否开启抽奖' }),
  prizes: z.array(ZPrizeInput).max(DRAW_LIMITS.maxPrizes, `最多添加${DRAW_LIMITS.maxPrizes}个奖品`),
});

/** What the result screen shows before and after the draw: the prizes (no stock figures) and this sheet's draw. */
export const ZDrawOutcome = z.object({ won: z.boolean(), prizeName: z.string(), prizeImage: z.string(), contactSaved: z.boolean() });
export type TDrawOutcome = z.infer<typeof ZDrawOutcome>;
export const ZDrawInfo = z.object({
  enabled: z.boolean(),
  prizes: z.array(z.object({ name: z.string(), image: z.string() })),
  outcome: ZDrawOutcome.nullable(),
});
export type TDrawInfo = z.infer<typeof ZDrawInfo>;

export const ZWinnerContactRequest = z.object({
  ...ZSheetProof,
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(30, '姓名不能超过30个字'),
  phone: z
    .string({ error: DRAW_MESSAGES.phone })
    .trim()
    .regex(/^1\d{10}$/, DRAW_MESSAGES.phone),
  address: z.string({ error: '请输入收货地址' }).trim().min(1, '请输入收货地址').max(200, '收货地址不能超过200个字'),
});

export const ZWinner = z.object({
  prizeName: z.string(),
  drawTime: z.string(),
  /** The sheet's public id (答卷详情). */
  sheetId: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  contactTime: z.string().nullable(),
});
export type TWinner = z.infer<typeof ZWinner>;
/** `title`: the project's, for the page and the export's file name. */
export const ZWinnerList = z.object({ title: z.string(), total: z.number(), drawn: z.number(), list: z.array(ZWinner) });
export type TWinnerList = z.infer<typeof ZWinnerList>;

export const ZWinnerListRequest = z.object({
  questionId: ZQuestionId,
  pageNo: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(5000).default(20),
});

export const drawCalls = {
  getDrawSetting: contract({
    path: `${D}getDrawSetting`,
    summary: '答题抽奖：读取抽奖设置与奖品',
    request: z.object({ questionId: ZQuestionId }),
    response: ZDrawSetting,
    auth: 'required',
  }),
  saveDrawSetting: contract({
    path: `${D}saveDrawSetting`,
    summary: '答题抽奖：保存开关与奖品（名称、图片、数量、概率）',
    request: ZSaveDrawSettingRequest,
    response: ZDrawSetting,
    auth: 'required',
    okMessage: '保存成功',
  }),
  getDrawInfo: contract({
    path: `${D}getDrawInfo`,
    summary: '答题抽奖：提交后的抽奖信息（凭答卷凭证）',
    request: z.object(ZSheetProof),
    response: ZDrawInfo,
    auth: 'optional',
  }),
  luckyDraw: contract({
    path: `${D}luckyDraw`,
    summary: '答题抽奖：抽奖（每份有效答卷一次）',
    request: z.object(ZSheetProof),
    response: ZDrawOutcome,
    auth: 'optional',
  }),
  saveWinnerContact: contract({
    path: `${D}saveWinnerContact`,
    summary: '答题抽奖：中奖者填写领奖信息',
    request: ZWinnerContactRequest,
    response: ZDrawOutcome,
    auth: 'optional',
    okMessage: '提交成功',
  }),
  getWinnerList: contract({
    path: `${D}getWinnerList`,
    summary: '答题抽奖：中奖名单（含领奖信息）',
    request: ZWinnerListRequest,
    response: ZWinnerList,
    auth: 'required',
  }),
};
