import { z } from 'zod';
import type { TAnswerFile } from '../subjects/answer-files';
import { ZId } from '../subjects/base';
import { contract } from './contract';
import { ZQuestionId, ZQuestionRef } from './question';
import { SOURCES } from './write';

/** Report calls (spec §7 "Reports": question/statement/…). Paths are relative to the API base. */
export const REPORT_PATH = 'question/statement/';

/**
 * One answer condition of a report filter: "Q2 chose A" (the option among the sheet's choice_options) or a number compared
 * with the stored answer ("Q5 > 7", jsonb numeric). Matrix choices name `row:column` like the logic does.
 */
export const ZAnswerCondition = z.discriminatedUnion('op', [
  z.object({ op: z.literal('chose'), subject: ZId, option: z.string().min(1).max(130) }),
  z.object({ op: z.literal('notChose'), subject: ZId, option: z.string().min(1).max(130) }),
  z.object({ op: z.literal('greater'), subject: ZId, value: z.number().finite() }),
  z.object({ op: z.literal('less'), subject: ZId, value: z.number().finite() }),
  z.object({ op: z.literal('equals'), subject: ZId, value: z.number().finite() }),
]);
export type TAnswerCondition = z.infer<typeof ZAnswerCondition>;

export const ZSheetId = z
  .string()
  .min(8, '答卷编号无效')
  .max(64, '答卷编号无效')
  .regex(/^[\w-]+$/, '答卷编号无效');
/** Sheets one selection may name (the answer list's 导出所选). */
export const MAX_SELECTED_SHEETS = 1_000;

const ZInstant = z
  .string()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: '时间格式无效' });

/** The filter bar: time range, sources, suspect flag, valid / bin / all, answer conditions. */
export const ZReportFilter = z.object({
  from: ZInstant.optional(),
  to: ZInstant.optional(),
  sources: z.array(z.enum(SOURCES)).max(SOURCES.length).optional(),
  /** 'exclude' hides suspect sheets, 'only' shows only them. */
  suspect: z.enum(['all', 'exclude', 'only']).default('all'),
  /** valid: status 1 (default); bin: status 0; all: both. */
  scope: z.enum(['valid', 'bin', 'all']).default('valid'),
  conditions: z.array(ZAnswerCondition).max(20).default([]),
  /** How conditions combine. */
  match: z.enum(['all', 'any']).default('all'),
  /** Free text: a sheet number, words of a written answer or of a chosen option's title. */
  search: z.string().trim().max(100, '搜索内容最多 100 个字').optional(),
  /** Only these sheets (a selection in the answer list). */
  sheetIds: z.array(ZSheetId).max(MAX_SELECTED_SHEETS, `一次最多选择 ${MAX_SELECTED_SHEETS} 份答卷`).optional(),
});
export type TReportFilter = z.infer<typeof ZReportFilter>;
export type TReportFilterInput = z.input<typeof ZReportFilter>;

/** A filter that changes nothing: the unfiltered report reads the counters. */
export const isPlainFilter = (f: TReportFilter | undefined): boolean =>
  !f || (!f.from && !f.to && !f.sources?.length && f.suspect === 'all' && f.scope === 'valid' && f.conditions.length === 0 && !f.search && !f.sheetIds);

export const ZStatementRequest = z.object({ questionId: ZQuestionId, filter: ZReportFilter.optional() });
export const ZSubjectAnswersRequest = z.object({
  questionId: ZQuestionId,
  subjectUuid: ZId,
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  filter: ZReportFilter.optional(),
});
export const ZCrossTabRequest = z.object({ questionId: ZQuestionId, rowSubject: ZId, colSubject: ZId, filter: ZReportFilter.optional() });
export const DETAIL_SORTS = ['createTime', 'duration', 'score'] as const;
export type TDetailSort = (typeof DETAIL_SORTS)[number];
/** The order of the data detail list; the sheet detail page follows the same one for previous / next. */
export const ZDetailView = z.object({
  sort: z.enum(DETAIL_SORTS).default('createTime'),
  order: z.enum(['asc', 'desc']).default('desc'),
  filter: ZReportFilter.optional(),
});
export type TDetailViewInput = z.input<typeof ZDetailView>;
/**
 * Keyset paging: `cursor` is the `nextCursor` of the previous page (opaque); no cursor is the first page,
 * which also carries the total.
 */
export const ZDataDetailRequest = ZDetailView.extend({
  questionId: ZQuestionId,
  cursor: z.string().max(200).optional(),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const ZSheetRef = z.object({ questionId: ZQuestionId, sheetId: ZSheetId });
/** Without a view, neighbours are the sheets of the same status, newest first. */
export const ZSheetDetailRequest = ZSheetRef.extend({ view: ZDetailView.optional() });
export const ZMarkSuspectRequest = ZSheetRef.extend({ suspect: z.boolean() });
export const ZScoreRankRequest = z.object({
  questionId: ZQuestionId,
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const ZExportRequest = z.object({ questionId: ZQuestionId, mode: z.enum(['subject', 'option']).default('subject'), filter: ZReportFilter.optional() });
export type TExportMode = z.infer<typeof ZExportRequest>['mode'];

/** One uploaded file of an answer (the same shape as TAnswerFile of schemas/subjects/answer-files.ts). */
export const ZAnswerFile = z.object({ fileName: z.string(), fileUrl: z.string(), fileSize: z.number().nullable() }) satisfies z.ZodType<TAnswerFile>;

export const ZOptionStat = z.object({
  uuid: z.string(),
  title: z.string(),
  count: z.number(),
  /** Percent of `base`, two decimals. */
  percent: z.number(),
});
export type TOptionStat = z.infer<typeof ZOptionStat>;

export const ZMatrixRowStat = z.object({
  uuid: z.string(),
  title: z.string(),
  /** Sheets that answered the row (matrix multiple: picked at least one column); cell percents are of it. */
  base: z.number(),
  cells: z.array(ZOptionStat),
  /** Matrix scale: mean point of the row. */
  average: z.number().nullable(),
  /** Matrix scale: sample standard deviation of the row's points. */
  sd: z.number().nullable().optional(),
});
export type TMatrixRowStat = z.infer<typeof ZMatrixRowStat>;

export const ZNumberStat = z.object({
  count: z.number(),
  avg: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  sum: z.number(),
  /** Sample standard deviation (n − 1); null under two answers. */
  sd: z.number().nullable(),
});
export type TNumberStat = z.infer<typeof ZNumberStat>;

/** Ranking: one option, how often it was placed and where. */
export const ZRankStat = z.object({
  uuid: z.string(),
  title: z.string(),
  /** Sheets that placed the option. */
  count: z.number(),
  /** Mean position (1 = first) among the sheets that placed it. */
  avgPosition: z.number().nullable(),
  /** positions[i]: sheets that put the option at position i + 1. */
  positions: z.array(z.number()),
});
export type TRankStat = z.infer<typeof ZRankStat>;

/** Constant sum: what the answering sheets allotted to one item (items left out count as 0). */
export const ZSumStat = z.object({
  uuid: z.string(),
  title: z.string(),
  avg: z.number(),
  min: z.number(),
  max: z.number(),
  /** Mean share of the subject's total, percent. */
  share: z.number(),
});
export type TSumStat = z.infer<typeof ZSumStat>;

/** Exam: one scored subject across the graded sheets. */
export const ZExamSubjectStat = z.object({
  uuid: z.string(),
  index: z.number().nullable(),
  title: z.string(),
  subjectType: z.number(),
  maxScore: z.number(),
  /** Graded sheets. */
  count: z.number(),
  average: z.number().nullable(),
  /** Sheets with full marks on the subject. */
  fullCount: z.number(),
  /** fullCount of count, percent. */
  correctRate: z.number(),
});
export type TExamSubjectStat = z.infer<typeof ZExamSubjectStat>;

export const ZTextAnswer = z.object({
  sheetId: z.string(),
  text: z.string(),
  createTime: z.string(),
  /** File (13) and signature (33) subjects: the uploaded files, shown as thumbnails and download links. */
  files: z.array(ZAnswerFile).optional(),
});
export type TTextAnswer = z.infer<typeof ZTextAnswer>;

export const STAT_KINDS = ['choice', 'matrix', 'number', 'text', 'ranking', 'sum'] as const;
export type TStatKind = (typeof STAT_KINDS)[number];

const ZUuidTitle = z.object({ uuid: z.string(), title: z.string() });

export const ZSubjectStat = z.object({
  uuid: z.string(),
  subjectType: z.number(),
  /** Rich-text title as stored; display with plainText. */
  title: z.string(),
  index: z.number().nullable(),
  kind: z.enum(STAT_KINDS),
  /** Single-select: sheets that answered; multi-select: every sheet of the set (see docs/decisions.md). */
  base: z.number(),
  /** Multi-select: several options per sheet. */
  multiple: z.boolean(),
  options: z.array(ZOptionStat).optional(),
  columns: z.array(ZUuidTitle).optional(),
  rows: z.array(ZMatrixRowStat).optional(),
  number: ZNumberStat.optional(),
  /** Bars of a number subject: one per point (scale, NPS, rating) or 10 equal buckets. */
  distribution: z.array(ZOptionStat).optional(),
  nps: z.object({ promoters: z.number(), passives: z.number(), detractors: z.number(), score: z.number(), count: z.number() }).optional(),
  texts: z.array(ZTextAnswer).optional(),
  textTotal: z.number().optional(),
  words: z.array(z.object({ word: z.string(), count: z.number() })).optional(),
  /** Ranking, sorted by average position. */
  ranking: z.array(ZRankStat).optional(),
  /** Constant sum, in item order, with the subject's total. */
  sums: z.array(ZSumStat).optional(),
  sumTotal: z.number().optional(),
  /** Exams: the subject's score across the sheets of the set. */
  exam: ZExamSubjectStat.omit({ uuid: true, index: true, title: true, subjectType: true }).optional(),
});
export type TSubjectStat = z.infer<typeof ZSubjectStat>;

/**
 * Issue 54 item 2: present while the project's report index is still being built in the background (after a bulk
 * load, a new subject, a first report). The answer did not wait for it: `counted` of the `total` sheets are in it
 * (equal when it was counted exactly from SQL instead); the page says 正在统计 and asks again later.
 */
export const ZCounting = z.object({ counted: z.number(), total: z.number() });
export type TCounting = z.infer<typeof ZCounting>;

export const ZStatement = z.object({
  questionId: z.string(),
  title: z.string(),
  questionType: z.number(),
  /** Sheets in the set (valid sheets when unfiltered). */
  total: z.number(),
  filtered: z.boolean(),
  subjects: z.array(ZSubjectStat),
  counting: ZCounting.optional(),
});
export type TStatement = z.infer<typeof ZStatement>;

export const ZCrossTab = z.object({
  rows: z.array(ZUuidTitle),
  columns: z.array(ZUuidTitle),
  /** cells[r][c]. */
  cells: z.array(z.array(z.object({ count: z.number(), rowPercent: z.number(), colPercent: z.number() }))),
  rowTotals: z.array(z.number()),
  colTotals: z.array(z.number()),
  total: z.number(),
  counting: ZCounting.optional(),
});
export type TCrossTab = z.infer<typeof ZCrossTab>;

export const ZDetailColumn = z.object({ uuid: z.string(), title: z.string(), index: z.number().nullable(), subjectType: z.number() });
export type TDetailColumn = z.infer<typeof ZDetailColumn>;

export const ZDetailRow = z.object({
  sheetId: z.string(),
  createTime: z.string(),
  durationSeconds: z.number(),
  source: z.string(),
  /** 仅限微信授权填写: the respondent's openid, shortened (oAbc…wxyz); null for other sheets. */
  wechat: z.string().nullable().optional(),
  suspect: z.boolean(),
  /** Why the sheet is suspect (a screening or submit rule, 手动标记); null when it is not, or none was kept. */
  suspectReason: z.string().nullable(),
  status: z.number(),
  score: z.number().nullable(),
  cells: z.record(z.string(), z.string()),
});
export type TDetailRow = z.infer<typeof ZDetailRow>;

export const ZDataDetail = z.object({
  columns: z.array(ZDetailColumn),
  list: z.array(ZDetailRow),
  /** Sheets in the set: on the first page only (null on later pages). */
  total: z.number().nullable(),
  /** Cursor of the next page; null after the last. */
  nextCursor: z.string().nullable(),
});
export type TDataDetail = z.infer<typeof ZDataDetail>;

export const ZSheetDetail = z.object({
  sheetId: z.string(),
  createTime: z.string(),
  durationSeconds: z.number(),
  source: z.string(),
  /** 仅限微信授权填写: the respondent's openid, shortened (oAbc…wxyz); null for other sheets. */
  wechat: z.string().nullable().optional(),
  suspect: z.boolean(),
  suspectReason: z.string().nullable(),
  status: z.number(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  ip: z.string(),
  answers: z.array(
    z.object({
      uuid: z.string(),
      index: z.number().nullable(),
      title: z.string(),
      subjectType: z.number(),
      text: z.string(),
      score: z.number().nullable(),
      maxScore: z.number().nullable(),
      files: z.array(ZAnswerFile).optional(),
    }),
  ),
  /** The rows above and below in the data detail list (its sort and filter; default newest first, same status). */
  prevSheetId: z.string().nullable(),
  nextSheetId: z.string().nullable(),
});
export type TSheetDetail = z.infer<typeof ZSheetDetail>;

export const ZScoreStatement = z.object({
  count: z.number(),
  average: z.number().nullable(),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
  maxTotal: z.number(),
  buckets: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  /** Per scored subject: average score and correct rate (full marks). */
  subjects: z.array(ZExamSubjectStat),
});
export type TScoreStatement = z.infer<typeof ZScoreStatement>;

export const ZScoreRankRow = z.object({ rank: z.number(), sheetId: z.string(), score: z.number(), durationSeconds: z.number(), createTime: z.string() });
export type TScoreRankRow = z.infer<typeof ZScoreRankRow>;

export const ZQuotaStat = z.object({
  id: z.string(),
  label: z.string(),
  used: z.number(),
  limit: z.number(),
  full: z.boolean(),
  /** What it counts: sheets that chose an option, or sheets that met a condition (told as a sentence). */
  basis: z.enum(['option', 'condition']).optional(),
  condition: z.string().nullable().optional(),
  /** What a respondent meets when it is full: the option hidden, an end page with the message, or the message. */
  onFull: z.enum(['hideOption', 'end', 'message']).optional(),
  message: z.string().optional(),
});
export type TQuotaStat = z.infer<typeof ZQuotaStat>;

/** 风控筛查's dialog: sheets not screened yet, and what is left of the project owner's risk quota. */
export const ZRiskScreenInfo = z.object({ pending: z.number(), remaining: z.number(), buyPath: z.string() });
export type TRiskScreenInfo = z.infer<typeof ZRiskScreenInfo>;

/** One screening: sheets screened (one unit each), flagged suspect, left unscreened for lack of quota; units left. */
export const ZRiskScreenResult = z.object({ screened: z.number(), flagged: z.number(), unscreened: z.number(), remaining: z.number() });
export type TRiskScreenResult = z.infer<typeof ZRiskScreenResult>;

export const ZExportLink = z.object({ url: z.string(), fileName: z.string() });
export type TExportLink = z.infer<typeof ZExportLink>;

const R = REPORT_PATH;
/** question/statement/* (spec §7 "Reports") and the creator's answer list. */
export const reportCalls = {
  getStatement: contract({ path: `${R}getStatement`, summary: '统计报表', request: ZStatementRequest, response: ZStatement, auth: 'required' }),
  getSubjectAnswers: contract({
    path: `${R}getSubjectAnswers`,
    summary: '填空题答案列表',
    request: ZSubjectAnswersRequest,
    response: z.object({ list: z.array(ZTextAnswer), total: z.number() }),
    auth: 'required',
  }),
  getCrossTab: contract({ path: `${R}getCrossTab`, summary: '交叉分析', request: ZCrossTabRequest, response: ZCrossTab, auth: 'required' }),
  getDataDetail: contract({ path: `${R}getDataDetail`, summary: '数据详情', request: ZDataDetailRequest, response: ZDataDetail, auth: 'required' }),
  getAnswerList: contract({
    path: 'activity/question/getAnswerList',
    summary: '答卷列表',
    request: ZDataDetailRequest,
    response: ZDataDetail,
    auth: 'required',
  }),
  getAnswerSheetDetail: contract({
    path: `${R}getAnswerSheetDetail`,
    summary: '答卷详情',
    request: ZSheetDetailRequest,
    response: ZSheetDetail,
    auth: 'required',
  }),
  delAnswerSheet: contract({
    path: `${R}delAnswerSheet`,
    summary: '删除答卷（移入回收站）',
    request: ZSheetRef,
    response: z.object({ sheetId: z.string(), status: z.number() }),
    auth: 'required',
    okMessage: '答卷已移入回收站',
  }),
  restoreAnswerSheet: contract({
    path: `${R}restoreAnswerSheet`,
    summary: '恢复答卷',
    request: ZSheetRef,
    response: z.object({ sheetId: z.string(), status: z.number() }),
    auth: 'required',
    okMessage: '答卷已恢复',
  }),
  markSuspect: contract({
    path: `${R}markSuspect`,
    summary: '标记可疑答卷',
    request: ZMarkSuspectRequest,
    response: z.object({ sheetId: z.string(), suspect: z.boolean() }),
    auth: 'required',
    okMessage: '已更新',
  }),
  getScoreStatement: contract({ path: `${R}getScoreStatement`, summary: '成绩统计', request: ZQuestionRef, response: ZScoreStatement, auth: 'required' }),
  getScoreRank: contract({
    path: `${R}getScoreRank`,
    summary: '成绩排名',
    request: ZScoreRankRequest,
    response: z.object({ list: z.array(ZScoreRankRow), total: z.number() }),
    auth: 'required',
  }),
  getHighestScore: contract({
    path: `${R}getHighestScore`,
    summary: '最高分',
    request: ZQuestionRef,
    response: z.object({ highest: z.number().nullable(), maxTotal: z.number(), sheet: ZScoreRankRow.omit({ rank: true }).nullable() }),
    auth: 'required',
  }),
  getQuotaStatement: contract({ path: `${R}getQuotaStatement`, summary: '配额统计', request: ZQuestionRef, response: z.array(ZQuotaStat), auth: 'required' }),
  getRiskScreen: contract({ path: `${R}getRiskScreen`, summary: '风控筛查概况', request: ZQuestionRef, response: ZRiskScreenInfo, auth: 'required' }),
  riskScreen: contract({ path: `${R}riskScreen`, summary: '风控筛查', request: ZQuestionRef, response: ZRiskScreenResult, auth: 'required' }),
  exportExcel: contract({ path: `${R}exportExcel`, summary: '导出 Excel', request: ZExportRequest, response: ZExportLink, auth: 'required' }),
  exportCsv: contract({ path: `${R}exportCsv`, summary: '导出 CSV', request: ZExportRequest, response: ZExportLink, auth: 'required' }),
};
