import { z } from 'zod';
import type { TRefusalReason } from '../refusals';
import { patchOf } from './patch';
import { ZLogic } from '../logic/ast';
import { ZOption } from '../subjects/base';
import { ZSubject } from '../subjects/registry';
import { ZQuestionId, ZTitle } from './question';
import { ZProjectSettings, ZProjectStyle } from './settings';

/** Project-building calls of the editor (spec §7 "Project building"). `version` guards against stale saves. */
const ZVersion = z.number().int().min(1).optional();
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
export const ZSaveDocumentRequest = z.object({ questionId: ZQuestionId, version: z.number().int().min(1), document: ZEditorDocument });
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
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const ZBankRef = z.object({ bankId: z.string().min(1).max(64) });

export const CONFLICT_MESSAGE = (name: string) => `项目已被${name}修改，请刷新后再编辑`;
export const PUBLISH_NEEDS_SUBJECTS = '请先添加题目再发布';
