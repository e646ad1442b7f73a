import { z } from 'zod';
import { zInt } from '../int';
import { TASK_TYPES } from '../project-kinds';
import { ZSubject } from '../subjects/registry';
import { contract, ZNoFields, ZNull } from './contract';

/** Requests and responses of activity/question/* for projects, lists, bins and templates (spec §7). */
export const ZQuestionId = z
  .string({ error: '缺少项目编号' })
  .min(8, '项目编号无效')
  .max(64, '项目编号无效')
  .regex(/^[\w-]+$/, '项目编号无效');
export const ZQuestionType = z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(5), z.literal(6), z.literal(7)], { error: '项目类型无效' });
export const ZTitle = z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(200, '标题最多200个字');
const ZPage = { page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(10) };

export const ZSaveQuestionRequest = z.object({
  questionId: ZQuestionId.optional(),
  questionType: ZQuestionType,
  solitaireType: z.number().int().min(1).max(9).optional(),
  title: ZTitle,
  subtitle: z.string().max(5_000, '描述最多5000个字').optional(),
  subjects: z.array(ZSubject).max(2_000, '题目过多').optional(),
  /** Saving an existing project: the version it was read at. Required to replace its subjects (a stale save is "409"). */
  version: zInt(1).optional(),
  appletSource: z.union([z.literal(1), z.literal(7)]).optional(),
  taskType: z.enum(TASK_TYPES).optional(),
  taskId: z.string().max(128).optional(),
});
export type TSaveQuestionRequest = z.infer<typeof ZSaveQuestionRequest>;

export const ZCreateResult = z.object({ isCreate: z.union([z.literal(0), z.literal(1), z.literal(2)]), questionId: z.string().nullable() });
export type TCreateResult = z.infer<typeof ZCreateResult>;

export const ZQuestionRef = z.object({ questionId: ZQuestionId });
export const ZUpdateQuestionRequest = z.object({
  questionId: ZQuestionId,
  title: ZTitle.optional(),
  subtitle: z.string().max(5_000).optional(),
  conclusion: z.string().max(20_000).optional(),
  shareTitle: z.string().max(100).optional(),
  solitaireType: z.number().int().min(1).max(9).optional(),
});
export const ZQuestionStatusRequest = z.object({ questionId: ZQuestionId, status: z.union([z.literal(0), z.literal(1)], { error: '状态无效' }) });
/**
 * getQuestionCopy: a copy of the project. Optional (issue 49 item 4, /questionnaire/copy.html): `toType` another kind
 * where it maps (schemas/project-copy/copy-plan.ts), without settings or logic, and the copy's title. Left out, the
 * copy is as before: same kind, settings and logic, title + （副本）.
 */
export const ZQuestionCopyRequest = z.object({
  questionId: ZQuestionId,
  taskId: z.string().max(128).optional(),
  taskType: z.enum(TASK_TYPES).optional(),
  toType: ZQuestionType.optional(),
  withSettings: z.boolean().default(true),
  withLogic: z.boolean().default(true),
  title: z.string().trim().max(200, '标题最多200个字').optional(),
});

export const LIST_SORTS = ['createTime', 'updateTime', 'dataCount'] as const;
export const ZQuestionListRequest = z.object({
  questionType: ZQuestionType.optional(),
  keyword: z.string().max(100).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  sort: z.enum(LIST_SORTS).default('updateTime'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...ZPage,
});
export const ZBinListRequest = z.object({ questionType: ZQuestionType.optional(), keyword: z.string().max(100).optional(), ...ZPage });
export const ZCompletelyDelRequest = z.union([z.object({ questionId: ZQuestionId }), z.object({ all: z.literal(true), questionType: ZQuestionType })]);
export const ZTemplateListRequest = z.object({
  questionType: ZQuestionType.optional(),
  templateTypeId: zInt(1).optional(),
  keyword: z.string().max(100).optional(),
  ...ZPage,
});
export const ZTemplateTypeListRequest = z.object({ questionType: ZQuestionType.optional() });

export const ZProjectInfo = z.object({
  questionId: z.string(),
  title: z.string(),
  subtitle: z.string(),
  conclusion: z.string(),
  shareTitle: z.string(),
  questionType: z.number(),
  solitaireType: z.number().nullable(),
  status: z.number(),
  /** Answer sheets (what 清空数据 clears and the modify reminder weighs). */
  dataCount: z.number(),
  /**
   * The kind's own records (schemas/project-kinds.ts recordKindOf): entries, check-ins, orders, bookings, else
   * answers. Lists, cards and reports show this, named in the kind's words.
   */
  recordCount: z.number(),
  subjectCount: z.number(),
  /** The caller's power on the project: 1 manage, 2 edit, 3 view; null for a template seen by anyone. */
  powerType: z.number().nullable(),
  /** 0 own project, 1 joined as a collaborator. */
  isTeamWork: z.number(),
  isTemplate: z.boolean(),
  version: z.number(),
  createTime: z.string(),
  updateTime: z.string(),
  ownerName: z.string(),
});
export type TProjectInfo = z.infer<typeof ZProjectInfo>;

/**
 * One project as getWxQuestion answers it: also the owner's membership level and that level's subject limit
 * (the editor checks adds against it before the server does).
 */
export const ZProjectDetail = ZProjectInfo.extend({ ownerLevel: z.number(), subjectLimit: z.number() });
export type TProjectDetail = z.infer<typeof ZProjectDetail>;

export const ZProjectList = z.object({ list: z.array(ZProjectInfo), total: z.number(), page: z.number(), pageSize: z.number() });
export type TProjectList = z.infer<typeof ZProjectList>;

export const ZTemplateSummary = z.object({
  questionId: z.string(),
  title: z.string(),
  subtitle: z.string(),
  questionType: z.number(),
  templateTypeId: z.number().nullable(),
  typeName: z.string(),
  subjectCount: z.number(),
  hot: z.number(),
});
export type TTemplateSummary = z.infer<typeof ZTemplateSummary>;

export const ZQuestionCount = z.object({
  questionCount: z.number(),
  maxNumber: z.number(),
  memberLevel: z.number(),
  levelName: z.string(),
  subjectLimit: z.number(),
});
export type TQuestionCount = z.infer<typeof ZQuestionCount>;

/** active/template/getHotTemplateSearchPage: the hot list, searchable. */
export const ZHotTemplatesRequest = z.object({
  keyword: z.string().max(100).optional(),
  questionType: zInt().optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
});
export const ZTemplateList = z.object({ list: z.array(ZTemplateSummary), total: z.number(), page: z.number(), pageSize: z.number() });
/** The hot list with the words searched most lately (wxApplet/search/saveSearch records them), for the search box. */
export const ZHotTemplateList = ZTemplateList.extend({ hotKeywords: z.array(z.string()) });
export const ZTemplateType = z.object({ templateTypeId: z.number(), name: z.string(), questionType: z.number() });

/** A project's subjects as stored, its logic (as stored) and version. */
export const ZSubjectList = z.object({ subjects: z.array(ZSubject), logic: z.record(z.string(), z.unknown()), version: z.number() });

/** The limit messages of spec §8. */
export const dailyLimitMessage = (levelName: string, maxNumber: number) => `${levelName}每天最多支持创建${maxNumber}个项目，请升级版本`;
export const SUBJECT_LIMIT_MESSAGE = '抱歉！当前版本不支持更多题目，请升级版本';

const P = 'activity/question';
/** activity/question/*: projects, lists, the bin and templates (spec §7 "Project building", "Lists"). */
export const questionCalls = {
  saveOrUpdateWxQuestion: contract({
    path: `${P}/saveOrUpdateWxQuestion`,
    summary: '创建或保存项目',
    request: ZSaveQuestionRequest,
    response: ZCreateResult,
    auth: 'required',
  }),
  getWxQuestion: contract({ path: `${P}/getWxQuestion`, summary: '项目信息', request: ZQuestionRef, response: ZProjectDetail, auth: 'optional' }),
  getSubject: contract({ path: `${P}/getSubject`, summary: '项目题目', request: ZQuestionRef, response: ZSubjectList, auth: 'optional' }),
  getSubjectV2: contract({ path: `${P}/v2/getSubject`, summary: '项目题目（v2）', request: ZQuestionRef, response: ZSubjectList, auth: 'optional' }),
  updateWxQuestion: contract({
    path: `${P}/updateWxQuestion`,
    summary: '修改项目信息',
    request: ZUpdateQuestionRequest,
    response: ZProjectDetail,
    auth: 'required',
    okMessage: '保存成功',
  }),
  getQuestionStatus: contract({
    path: `${P}/getQuestionStatus`,
    summary: '发布或暂停项目',
    request: ZQuestionStatusRequest,
    response: ZProjectDetail,
    auth: 'required',
  }),
  getQuestionCopy: contract({
    path: `${P}/getQuestionCopy`,
    summary: '复制项目',
    request: ZQuestionCopyRequest,
    response: ZCreateResult,
    auth: 'required',
    okMessage: '复制成功',
  }),
  getQuestionClear: contract({
    path: `${P}/getQuestionClear`,
    summary: '清空项目数据',
    request: ZQuestionRef,
    response: ZNull,
    auth: 'required',
    okMessage: '数据已清空',
  }),
  getSubjectCount: contract({
    path: `${P}/getSubjectCount`,
    summary: '题目数量',
    request: ZQuestionRef,
    response: z.object({ subjectCount: z.number() }),
    auth: 'required',
  }),
  getQuestionCount: contract({ path: `${P}/getQuestionCount`, summary: '今日创建项目数', request: ZNoFields, response: ZQuestionCount, auth: 'required' }),
  getWxQuestionList: contract({ path: `${P}/getWxQuestionList`, summary: '项目列表', request: ZQuestionListRequest, response: ZProjectList, auth: 'required' }),
  getWxQuestionDelList: contract({
    path: `${P}/getWxQuestionDelList`,
    summary: '回收站列表',
    request: ZBinListRequest,
    response: ZProjectList,
    auth: 'required',
  }),
  getWxQuestionDel: contract({
    path: `${P}/getWxQuestionDel`,
    summary: '删除项目（移入回收站）',
    request: ZQuestionRef,
    response: ZNull,
    auth: 'required',
    okMessage: '已移入回收站',
  }),
  getRetrieveWxQuestion: contract({
    path: `${P}/getRetrieveWxQuestion`,
    summary: '从回收站恢复项目',
    request: ZQuestionRef,
    response: ZNull,
    auth: 'required',
    okMessage: '已恢复',
  }),
  getWxQuestionCompletelyDel: contract({
    path: `${P}/getWxQuestionCompletelyDel`,
    summary: '彻底删除项目',
    request: ZCompletelyDelRequest,
    response: z.object({ deleted: z.number() }),
    auth: 'required',
    okMessage: '已彻底删除',
  }),
  getWxQuestionTemplateTypeList: contract({
    path: `${P}/getWxQuestionTemplateTypeList`,
    summary: '模板分类',
    request: ZTemplateTypeListRequest,
    response: z.array(ZTemplateType),
    auth: 'optional',
  }),
  getWxQuestionTemplateList: contract({
    path: `${P}/getWxQuestionTemplateList`,
    summary: '模板列表',
    request: ZTemplateListRequest,
    response: ZTemplateList,
    auth: 'optional',
  }),
  getHotTemplateSearchPage: contract({
    path: 'active/template/getHotTemplateSearchPage',
    summary: '热门模板',
    request: ZHotTemplatesRequest,
    response: ZHotTemplateList,
    auth: 'optional',
  }),
};
