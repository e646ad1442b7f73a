import { z } from 'zod';
import { zInt } from '../int';
import type { TRefusalReason } from '../refusals';
import { patchOf } from './patch';
import { ZLogic, ZRandomGroup } from '../logic/ast';
import type { Finding } from '../logic/checker';
import { contract, ZNoFields, ZNull } from './contract';
import { ZOption } from '../subjects/base';
import { ZSubject } from '../subjects/registry';
import { ZQuestionId, ZQuestionRef, ZTitle } from './question';
import { ZProjectSettings, ZProjectStyle } from './settings';

/** Project-building calls of the editor (spec §7 "Project building"). `version` guards against stale saves. */
const ZVersion = zInt(1).optional();
const ZUuid = z.string().min(1).max(64);
const base = { questionId: ZQuestionId, version: ZVersion };

/** The whole editable document: the editor machine's autosave sends it with the version it started from. */
export const ZEditorDocument = z.object({
  title: ZTitle,
  subtitle: z.string().max(5_000).default(''),
  subjects: z.array(ZSubject).max(2_000, '题目过多'),
  logic: ZLogic,
});
export type TEditorDocument = z.infer<typeof ZEditorDocument>;
export const ZSaveDocumentRequest = z.object({ questionId: ZQuestionId, version: zInt(1), document: ZEditorDocument });
export const ZSaveResult = z.object({ version: z.number() });
/** data of a "409" conflict: who changed the project, and its current version. */
export const ZConflict = z.object({ version: z.number(), updatedBy: z.string(), updateTime: z.string() });
export type TConflict = z.infer<typeof ZConflict>;

/**
 * data of the "409" that refuses a subject, logic or structure change while the project is not paused
 * (status ≠ 0, spec §4): the editor turns it into the modify reminder, worded by `dataCount`.
 */
export const COLLECTING_REASON = 'collecting' satisfies TRefusalReason;
export const ZCollectingRefusal = z.object({ reason: z.literal(COLLECTING_REASON), status: z.number(), dataCount: z.number() });
export type TCollectingRefusal = z.infer<typeof ZCollectingRefusal>;
export const COLLECTING_MESSAGE = '项目正在收集中，请先暂停收集再修改题目或逻辑';
export const collectingRefusalOf = (data: unknown): TCollectingRefusal | null => {
  const parsed = ZCollectingRefusal.safeParse(data);
  return parsed.success ? parsed.data : null;
};

export const ZCreateSubjectRequest = z.object({ ...base, subject: ZSubject, afterUuid: ZUuid.nullable().optional() });
export const ZUpdateSubjectRequest = z.object({ ...base, subject: ZSubject });
export const ZSubjectRef = z.object({ ...base, subjectUuid: ZUuid });
export const ZSubjectRefs = z.object({ ...base, subjectUuids: z.array(ZUuid).min(1).max(2_000) });
export const ZBatchRequiredRequest = z.object({ ...base, subjectUuids: z.array(ZUuid).min(1).max(2_000), required: z.boolean() });
export const ZMoveSubjectRequest = z.object({ ...base, subjectUuid: ZUuid, afterUuid: ZUuid.nullable() });
export const ZUpdateOptionRequest = z.object({ ...base, subjectUuid: ZUuid, option: ZOption });
export const ZAddOptionsRequest = z.object({ ...base, subjectUuid: ZUuid, options: z.array(ZOption).min(1).max(500), afterUuid: ZUuid.nullable().optional() });
export const ZDeleteOptionRequest = z.object({ ...base, subjectUuid: ZUuid, optionUuid: ZUuid });
/** Paste many lines at once: each non-empty line becomes an option. */
export const ZBatchOptionsRequest = z.object({ ...base, subjectUuid: ZUuid, text: z.string().max(100_000) });
export const ZPictureBatchRequest = z.object({
  ...base,
  subjectUuid: ZUuid,
  pictures: z
    .array(
      z.object({
        url: z
          .string()
          .max(1_000)
          .regex(/^(\/|https?:\/\/)/, '图片地址无效'),
        title: z.string().max(200).default(''),
      }),
    )
    .min(1)
    .max(200),
});
export const ZSaveLogicRequest = z.object({ ...base, logic: ZLogic });
export const ZSaveSettingsRequest = z.object({ ...base, settings: patchOf(ZProjectSettings) });
export const ZSaveStyleRequest = z.object({ ...base, style: patchOf(ZProjectStyle) });

export const ZConclusion = z.object({
  conclusionId: z.string().max(64).optional(),
  title: z.string().max(200).default('提交成功'),
  content: z.string().max(20_000).default('感谢您的参与！'),
  /** Shown when this condition's subject uuid / option was chosen; null = the default conclusion. */
  whenOption: z.object({ subjectUuid: ZUuid, optionUuid: ZUuid }).nullable().default(null),
  redirectUrl: z
    .string()
    .max(1_000)
    .regex(/^https?:\/\//, '跳转地址需以 http(s):// 开头')
    .nullable()
    .default(null),
});
export type TConclusion = z.infer<typeof ZConclusion>;
export const ZSaveConclusionRequest = z.object({ questionId: ZQuestionId, conclusion: ZConclusion });
export const ZConclusionRef = z.object({ questionId: ZQuestionId, conclusionId: z.string().min(1).max(64) });

export const ZBankSaveRequest = z.object({ subject: ZSubject, category: z.string().max(40).default('我的题库') });
export const ZBankListRequest = z.object({
  keyword: z.string().max(100).optional(),
  source: z.enum(['mine', 'builtin']).default('mine'),
  page: zInt(1, 100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const ZBankRef = z.object({ bankId: z.string().min(1).max(64) });

export const CONFLICT_MESSAGE = (name: string) => `项目已被${name}修改，请刷新后再编辑`;
export const PUBLISH_NEEDS_SUBJECTS = '请先添加题目再发布';

/**
 * What a kind needs before it is published (issue 43 item 2), as the refusal names it: the message lists each
 * missing item, `data.missing` their keys.
 */
export const PUBLISH_ESSENTIALS = {
  slotSubject: '添加「预约时段」题',
  schedule: '在「预约设置」中保存可预约的日期和时段',
  pricedProduct: '添加至少一个标价的商品',
  productName: '为每个商品填写名称',
  capChoice: '在「接龙设置」中选择人数上限或不限人数',
  period: '在「打卡设置」中设置打卡周期的开始日期',
  periodEnded: '打卡周期已结束，请把结束日期改到今天或以后',
} as const;
export type TPublishEssential = keyof typeof PUBLISH_ESSENTIALS;
export const publishMissingMessage = (missing: readonly TPublishEssential[]): string =>
  `发布前还需要：${missing.map((key) => PUBLISH_ESSENTIALS[key]).join('；')}`;

export const ZRandomRequest = z.object({ questionId: ZQuestionId, version: zInt(1).optional(), random: z.array(ZRandomGroup).max(200) });
export const ZPrepareSubjectListRequest = z.object({ keyword: z.string().max(100).optional() });

/** One finding of the logic checker (schemas/logic/checker.ts); `code` is one of its FindingCode names. */
export const ZFinding = z.object({
  code: z.string() as unknown as z.ZodType<Finding['code']>,
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  subjects: z.array(z.object({ uuid: z.string(), index: z.number().nullable() })),
  ruleId: z.string().optional(),
});
export const ZSaveWithFindings = z.object({ version: z.number(), findings: z.array(ZFinding) });

/** The subjects after a fine-grained edit; `result` carries what the operation made (e.g. the new subject). */
export const ZSubjectsEdited = z.object({ version: z.number(), subjects: z.array(ZSubject), result: z.unknown().optional() });

/** getWxQuestionSetting: to view power the password and whitelist are withheld (only whether set, how many). */
export const ZSettingsAnswer = z.object({
  settings: ZProjectSettings,
  style: ZProjectStyle,
  version: z.number(),
  withheld: z.object({ passwordSet: z.boolean(), whitelistCount: z.number() }).nullable(),
  /** 去广告: the respondent page drops the brand's footer (setAdvertFree). */
  advertFree: z.boolean().optional(),
  /**
   * 仅限微信授权填写 (issue 47 item 1): the project OWNER's authorised official accounts (a collaborator chooses among
   * the owner's, never their own), and whether the platform has WeChat's Open Platform configured at all.
   */
  wechat: z.object({ accounts: z.array(z.object({ authId: z.number(), nickName: z.string() })), configured: z.boolean() }).optional(),
});

/** 去广告 (issue 46): the owner's switch; the first switch-on of a project takes one unit of the advert quota. */
export const ZAdvertFreeRequest = ZQuestionRef.extend({ advertFree: z.boolean({ error: '请选择开启或关闭去广告' }) });
export const ZAdvertFreeResult = z.object({
  advertFree: z.boolean(),
  /** What is left of the owner's advert quota after the switch. */
  remaining: z.number(),
  /** Whether this switch took a unit (the project's first switch-on). */
  charged: z.boolean(),
});
export type TAdvertFreeResult = z.infer<typeof ZAdvertFreeResult>;

export const ZTheme = z.object({ themeId: z.string(), name: z.string(), primaryColor: z.string(), backgroundColor: z.string() });
export type TTheme = z.infer<typeof ZTheme>;
export const ZConclusionRow = ZConclusion.extend({ conclusionId: z.string() });
export type TConclusionRow = z.infer<typeof ZConclusionRow>;
export const ZBankItem = z.object({ bankId: z.string(), category: z.string(), title: z.string(), subjectType: z.number(), subject: ZSubject });
export type TBankItem = z.infer<typeof ZBankItem>;

const P = 'activity/question';
/** The editor's calls (spec §7 "Project building"): subjects, options, document, logic, settings, style, conclusions, bank. */
export const editorCalls = {
  createSubject: contract({
    path: `${P}/createSubject`,
    summary: '添加题目',
    request: ZCreateSubjectRequest,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '添加成功',
  }),
  updateWxQuestionSubject: contract({
    path: `${P}/updateWxQuestionSubject`,
    summary: '修改题目',
    request: ZUpdateSubjectRequest,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '保存成功',
  }),
  updateSubjectGauge: contract({
    path: `${P}/updateSubjectGauge`,
    summary: '修改量表题',
    request: ZUpdateSubjectRequest,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '保存成功',
  }),
  updateSubjectCascade: contract({
    path: `${P}/updateSubjectCascade`,
    summary: '修改级联题',
    request: ZUpdateSubjectRequest,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '保存成功',
  }),
  updateSubjectMatrix: contract({
    path: `${P}/updateSubjectMatrix`,
    summary: '修改矩阵题',
    request: ZUpdateSubjectRequest,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '保存成功',
  }),
  getSubjectDel: contract({
    path: `${P}/getSubjectDel`,
    summary: '删除题目',
    request: ZSubjectRef,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '删除成功',
  }),
  batchDelSubject: contract({
    path: `${P}/batchDelSubject`,
    summary: '批量删除题目',
    request: ZSubjectRefs,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '删除成功',
  }),
  getSubjectCopy: contract({
    path: `${P}/getSubjectCopy`,
    summary: '复制题目',
    request: ZSubjectRef,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '复制成功',
  }),
  moveSubject: contract({ path: `${P}/moveSubject`, summary: '移动题目', request: ZMoveSubjectRequest, response: ZSubjectsEdited, auth: 'required' }),
  batchRequired: contract({
    path: `${P}/batchRequired`,
    summary: '批量设置必答',
    request: ZBatchRequiredRequest,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '设置成功',
  }),
  updateSubjectOption: contract({
    path: `${P}/updateSubjectOption`,
    summary: '修改选项',
    request: ZUpdateOptionRequest,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '保存成功',
  }),
  addSubjectOption: contract({
    path: `${P}/addSubjectOption`,
    summary: '添加选项',
    request: ZAddOptionsRequest,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '添加成功',
  }),
  delSubjectOption: contract({
    path: `${P}/delSubjectOption`,
    summary: '删除选项',
    request: ZDeleteOptionRequest,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '删除成功',
  }),
  batchSubjectOption: contract({
    path: `${P}/batchSubjectOption`,
    summary: '批量编辑选项',
    request: ZBatchOptionsRequest,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '保存成功',
  }),
  pictureBatchSubjectOption: contract({
    path: `${P}/pictureBatchSubjectOption`,
    summary: '批量添加图片选项',
    request: ZPictureBatchRequest,
    response: ZSubjectsEdited,
    auth: 'required',
    okMessage: '添加成功',
  }),
  saveEditorDocument: contract({
    path: `${P}/saveEditorDocument`,
    summary: '保存编辑器文档',
    request: ZSaveDocumentRequest,
    response: ZSaveWithFindings,
    auth: 'required',
    okMessage: '已保存',
  }),
  saveLogic: contract({
    path: `${P}/saveLogic`,
    summary: '保存逻辑',
    request: ZSaveLogicRequest,
    response: ZSaveWithFindings,
    auth: 'required',
    okMessage: '逻辑已保存',
  }),
  checkLogic: contract({
    path: `${P}/checkLogic`,
    summary: '检查逻辑',
    request: ZQuestionRef,
    response: z.object({ findings: z.array(ZFinding) }),
    auth: 'required',
  }),
  saveRandomSubject: contract({
    path: `${P}/saveRandomSubject`,
    summary: '保存随机抽题',
    request: ZRandomRequest,
    response: ZSaveWithFindings,
    auth: 'required',
    okMessage: '保存成功',
  }),
  getWxQuestionSetting: contract({
    path: `${P}/getWxQuestionSetting`,
    summary: '项目设置',
    request: ZQuestionRef,
    response: ZSettingsAnswer,
    auth: 'required',
  }),
  updateWxQuestionSetting: contract({
    path: `${P}/updateWxQuestionSetting`,
    summary: '保存项目设置',
    request: ZSaveSettingsRequest,
    response: z.object({ settings: ZProjectSettings, version: z.number() }),
    auth: 'required',
    okMessage: '设置已保存',
  }),
  setAdvertFree: contract({
    path: `${P}/setAdvertFree`,
    summary: '去广告（答题页不显示品牌底部信息）',
    request: ZAdvertFreeRequest,
    response: ZAdvertFreeResult,
    auth: 'required',
  }),
  saveOrUpdateFormat: contract({
    path: `${P}/saveOrUpdateFormat`,
    summary: '保存样式',
    request: ZSaveStyleRequest,
    response: z.object({ style: ZProjectStyle, version: z.number() }),
    auth: 'required',
    okMessage: '样式已保存',
  }),
  getThemeList: contract({ path: `${P}/getThemeList`, summary: '主题列表', request: ZNoFields, response: z.array(ZTheme), auth: 'optional' }),
  getCoverList: contract({
    path: `${P}/getCoverList`,
    summary: '封面列表',
    request: ZNoFields,
    response: z.array(z.object({ coverId: z.number(), url: z.string() })),
    auth: 'optional',
  }),
  getConclusionList: contract({
    path: `${P}/getConclusionList`,
    summary: '结束页列表',
    request: ZQuestionRef,
    response: z.array(ZConclusionRow),
    auth: 'optional',
  }),
  saveOrUpdateConclusion: contract({
    path: `${P}/saveOrUpdateConclusion`,
    summary: '保存结束页',
    request: ZSaveConclusionRequest,
    response: z.array(ZConclusionRow),
    auth: 'required',
    okMessage: '保存成功',
  }),
  delConclusion: contract({
    path: `${P}/delConclusion`,
    summary: '删除结束页',
    request: ZConclusionRef,
    response: z.array(ZConclusionRow),
    auth: 'required',
    okMessage: '删除成功',
  }),
  getPrepareSubjectList: contract({
    path: `${P}/getPrepareSubjectList`,
    summary: '常用题库',
    request: ZPrepareSubjectListRequest,
    response: z.array(ZBankItem),
    auth: 'optional',
  }),
  saveSubjectBank: contract({
    path: `${P}/saveSubjectBank`,
    summary: '保存到题库',
    request: ZBankSaveRequest,
    response: z.object({ bankId: z.string() }),
    auth: 'required',
    okMessage: '已保存到题库',
  }),
  getSubjectBankList: contract({
    path: `${P}/getSubjectBankList`,
    summary: '我的题库',
    request: ZBankListRequest,
    response: z.object({ list: z.array(ZBankItem), total: z.number() }),
    auth: 'required',
  }),
  delSubjectBank: contract({
    path: `${P}/delSubjectBank`,
    summary: '删除题库题目',
    request: ZBankRef,
    response: ZNull,
    auth: 'required',
    okMessage: '删除成功',
  }),
};
