import { z } from 'zod';
import type { TAnswerFile } from '../subjects/answer-files';
import { ZId } from '../subjects/base';
import { ZQuestionId } from './question';
import { SOURCES } from './write';

/** Report calls (spec §7 "Reports": question/statement/…). Paths are relative to the API base. */
export const REPORT_PATH = 'question/statement/';

/**
 * One answer condition of a report filter: "Q2 chose A" (EXISTS on answer_choices) or a number compared
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

export interface TOptionStat {
  uuid: string;
  title: string;
  count: number;
  /** Percent of `base`, two decimals. */
  percent: number;
}

export interface TMatrixRowStat {
  uuid: string;
  title: string;
  /** Sheets that answered the row (matrix multiple: picked at least one column); cell percents are of it. */
  base: number;
  cells: TOptionStat[];
  /** Matrix scale: mean point of the row. */
  average: number | null;
  /** Matrix scale: sample standard deviation of the row's points. */
  sd?: number | null;
}

export interface TNumberStat {
  count: number;
  avg: number | null;
  min: number | null;
  max: number | null;
  sum: number;
  /** Sample standard deviation (n − 1); null under two answers. */
  sd: number | null;
}

/** Ranking: one option, how often it was placed and where. */
export interface TRankStat {
  uuid: string;
  title: string;
  /** Sheets that placed the option. */
  count: number;
  /** Mean position (1 = first) among the sheets that placed it. */
  avgPosition: number | null;
  /** positions[i]: sheets that put the option at position i + 1. */
  positions: number[];
}

/** Constant sum: what the answering sheets allotted to one item (items left out count as 0). */
export interface TSumStat {
  uuid: string;
  title: string;
  avg: number;
  min: number;
  max: number;
  /** Mean share of the subject's total, percent. */
  share: number;
}

/** Exam: one scored subject across the graded sheets. */
export interface TExamSubjectStat {
  uuid: string;
  index: number | null;
  title: string;
  subjectType: number;
  maxScore: number;
  /** Graded sheets. */
  count: number;
  average: number | null;
  /** Sheets with full marks on the subject. */
  fullCount: number;
  /** fullCount of count, percent. */
  correctRate: number;
}

export interface TTextAnswer {
  sheetId: string;
  text: string;
  createTime: string;
  /** File (13) and signature (33) subjects: the uploaded files, shown as thumbnails and download links. */
  files?: TAnswerFile[];
}

export type TStatKind = 'choice' | 'matrix' | 'number' | 'text' | 'ranking' | 'sum';

export interface TSubjectStat {
  uuid: string;
  subjectType: number;
  /** Rich-text title as stored; display with plainText. */
  title: string;
  index: number | null;
  kind: TStatKind;
  /** Single-select: sheets that answered; multi-select: every sheet of the set (see docs/decisions.md). */
  base: number;
  /** Multi-select: several options per sheet. */
  multiple: boolean;
  options?: TOptionStat[];
  columns?: { uuid: string; title: string }[];
  rows?: TMatrixRowStat[];
  number?: TNumberStat;
  /** Bars of a number subject: one per point (scale, NPS, rating) or 10 equal buckets. */
  distribution?: TOptionStat[];
  nps?: { promoters: number; passives: number; detractors: number; score: number; count: number };
  texts?: TTextAnswer[];
  textTotal?: number;
  words?: { word: string; count: number }[];
  /** Ranking, sorted by average position. */
  ranking?: TRankStat[];
  /** Constant sum, in item order, with the subject's total. */
  sums?: TSumStat[];
  sumTotal?: number;
  /** Exams: the subject's score across the sheets of the set. */
  exam?: Omit<TExamSubjectStat, 'uuid' | 'index' | 'title' | 'subjectType'>;
}

export interface TStatement {
  questionId: string;
  title: string;
  questionType: number;
  /** Sheets in the set (valid sheets when unfiltered). */
  total: number;
  filtered: boolean;
  subjects: TSubjectStat[];
}

export interface TCrossTab {
  rows: { uuid: string; title: string }[];
  columns: { uuid: string; title: string }[];
  /** cells[r][c]. */
  cells: { count: number; rowPercent: number; colPercent: number }[][];
  rowTotals: number[];
  colTotals: number[];
  total: number;
}

export interface TDetailColumn {
  uuid: string;
  title: string;
  index: number | null;
  subjectType: number;
}

export interface TDetailRow {
  sheetId: string;
  createTime: string;
  durationSeconds: number;
  source: string;
  suspect: boolean;
  status: number;
  score: number | null;
  cells: Record<string, string>;
}

export interface TDataDetail {
  columns: TDetailColumn[];
  list: TDetailRow[];
  /** Sheets in the set: on the first page only (null on later pages). */
  total: number | null;
  /** Cursor of the next page; null after the last. */
  nextCursor: string | null;
}

export interface TSheetDetail {
  sheetId: string;
  createTime: string;
  durationSeconds: number;
  source: string;
  suspect: boolean;
  status: number;
  score: number | null;
  maxScore: number | null;
  ip: string;
  answers: {
    uuid: string;
    index: number | null;
    title: string;
    subjectType: number;
    text: string;
    score: number | null;
    maxScore: number | null;
    files?: TAnswerFile[];
  }[];
  /** The rows above and below in the data detail list (its sort and filter; default newest first, same status). */
  prevSheetId: string | null;
  nextSheetId: string | null;
}

export interface TScoreStatement {
  count: number;
  average: number | null;
  highest: number | null;
  lowest: number | null;
  maxTotal: number;
  buckets: { from: number; to: number; count: number }[];
  /** Per scored subject: average score and correct rate (full marks). */
  subjects: TExamSubjectStat[];
}

export interface TScoreRankRow {
  rank: number;
  sheetId: string;
  score: number;
  durationSeconds: number;
  createTime: string;
}

export interface TQuotaStat {
  id: string;
  label: string;
  used: number;
  limit: number;
  full: boolean;
}

export interface TExportLink {
  url: string;
  fileName: string;
}
