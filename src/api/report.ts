import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { reportCalls } from '../../schemas/api/report';
import type { TDetailSort, TDetailViewInput, TExportMode, TReportFilterInput } from '../../schemas/api/report';
import { call } from './client';

/** Report calls (spec §7 question/statement). */

export type { TDetailSort };
/** One view of the data detail list: its sort and filter (the sheet page walks the same order). */
export interface TDetailQuery {
  pageSize: number;
  sort: TDetailSort;
  order: 'asc' | 'desc';
  filter?: TReportFilterInput;
}

export const getStatement = (questionId: string, filter?: TReportFilterInput) => call(reportCalls.getStatement, { questionId, filter });
export const getSubjectAnswers = (questionId: string, subjectUuid: string, page: number, pageSize: number, filter?: TReportFilterInput) =>
  call(reportCalls.getSubjectAnswers, { questionId, subjectUuid, page, pageSize, filter });
export const getCrossTab = (questionId: string, rowSubject: string, colSubject: string, filter?: TReportFilterInput) =>
  call(reportCalls.getCrossTab, { questionId, rowSubject, colSubject, filter });
export const getDataDetail = (questionId: string, q: TDetailQuery & { cursor?: string }) => call(reportCalls.getDataDetail, { questionId, ...q });
/** The answer list (/answerList.html): the data detail's rows, readable by every power. */
export const getAnswerList = (questionId: string, q: TDetailQuery & { cursor?: string }) => call(reportCalls.getAnswerList, { questionId, ...q });
export const getSheetDetail = (questionId: string, sheetId: string, view?: TDetailViewInput) =>
  call(reportCalls.getAnswerSheetDetail, { questionId, sheetId, view });
export const delAnswerSheet = (questionId: string, sheetId: string) => call(reportCalls.delAnswerSheet, { questionId, sheetId });
export const restoreAnswerSheet = (questionId: string, sheetId: string) => call(reportCalls.restoreAnswerSheet, { questionId, sheetId });
export const markSuspect = (questionId: string, sheetId: string, suspect: boolean) => call(reportCalls.markSuspect, { questionId, sheetId, suspect });
/** 风控筛查: sheets waiting and the owner's units; the screening itself (its refusal shown by the dialog). */
export const getRiskScreen = (questionId: string) => call(reportCalls.getRiskScreen, { questionId });
export const riskScreen = (questionId: string) => call(reportCalls.riskScreen, { questionId }, { quiet: true });
export const getScoreStatement = (questionId: string) => call(reportCalls.getScoreStatement, { questionId });
export const getScoreRank = (questionId: string, page: number, pageSize: number) => call(reportCalls.getScoreRank, { questionId, page, pageSize });
export const getQuotaStatement = (questionId: string) => call(reportCalls.getQuotaStatement, { questionId });
export const exportAnswers = (questionId: string, format: 'xlsx' | 'csv', mode: TExportMode, filter?: TReportFilterInput) =>
  call(format === 'xlsx' ? reportCalls.exportExcel : reportCalls.exportCsv, { questionId, mode, filter });

export const reportKeys = {
  all: (questionId: string) => ['report', questionId] as const,
  statement: (questionId: string, filter?: TReportFilterInput) => ['report', questionId, 'statement', filter ?? null] as const,
  cross: (questionId: string, row: string, col: string, filter?: TReportFilterInput) => ['report', questionId, 'cross', row, col, filter ?? null] as const,
  detail: (questionId: string, q: TDetailQuery) => ['report', questionId, 'detail', q] as const,
  answers: (questionId: string, q: TDetailQuery) => ['report', questionId, 'answers', q] as const,
  sheet: (questionId: string, sheetId: string, view?: TDetailViewInput) => ['report', questionId, 'sheet', sheetId, view ?? null] as const,
  score: (questionId: string) => ['report', questionId, 'score'] as const,
  rank: (questionId: string, page: number) => ['report', questionId, 'rank', page] as const,
  quota: (questionId: string) => ['report', questionId, 'quota'] as const,
  risk: (questionId: string) => ['report', questionId, 'risk'] as const,
  texts: (questionId: string, subject: string, page: number, filter?: TReportFilterInput) =>
    ['report', questionId, 'texts', subject, page, filter ?? null] as const,
};

export const statementQuery = (questionId: string, filter?: TReportFilterInput) =>
  queryOptions({ queryKey: reportKeys.statement(questionId, filter), queryFn: () => getStatement(questionId, filter), enabled: Boolean(questionId) });
export const crossTabQuery = (questionId: string, row: string, col: string, filter?: TReportFilterInput) =>
  queryOptions({
    queryKey: reportKeys.cross(questionId, row, col, filter),
    queryFn: () => getCrossTab(questionId, row, col, filter),
    enabled: Boolean(questionId && row && col && row !== col),
  });
/** Keyset pages of the data detail list: each page asks for the rows after the previous page's last one. */
export const dataDetailQuery = (questionId: string, q: TDetailQuery) =>
  infiniteQueryOptions({
    queryKey: reportKeys.detail(questionId, q),
    queryFn: ({ pageParam }) => getDataDetail(questionId, { ...q, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(questionId),
  });
/** Keyset pages of the answer list; sheet changes anywhere invalidate it with the rest of the report. */
export const answerListQuery = (questionId: string, q: TDetailQuery) =>
  infiniteQueryOptions({
    queryKey: reportKeys.answers(questionId, q),
    queryFn: ({ pageParam }) => getAnswerList(questionId, { ...q, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(questionId),
  });
export const sheetDetailQuery = (questionId: string, sheetId: string, view?: TDetailViewInput) =>
  queryOptions({
    queryKey: reportKeys.sheet(questionId, sheetId, view),
    queryFn: () => getSheetDetail(questionId, sheetId, view),
    enabled: Boolean(questionId && sheetId),
  });
export const scoreQuery = (questionId: string) => queryOptions({ queryKey: reportKeys.score(questionId), queryFn: () => getScoreStatement(questionId) });
export const rankQuery = (questionId: string, page: number) =>
  queryOptions({ queryKey: reportKeys.rank(questionId, page), queryFn: () => getScoreRank(questionId, page, 20) });
export const quotaQuery = (questionId: string) => queryOptions({ queryKey: reportKeys.quota(questionId), queryFn: () => getQuotaStatement(questionId) });
export const subjectTextsQuery = (questionId: string, subject: string, page: number, filter?: TReportFilterInput) =>
  queryOptions({ queryKey: reportKeys.texts(questionId, subject, page, filter), queryFn: () => getSubjectAnswers(questionId, subject, page, 20, filter) });
