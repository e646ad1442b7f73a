import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { questionCalls } from '../../schemas/api/question';
import type { z } from 'zod';
import type {
  ZBinListRequest,
  ZQuestionCopyRequest,
  ZQuestionListRequest,
  ZSaveQuestionRequest,
  ZTemplateListRequest,
  ZUpdateQuestionRequest,
} from '../../schemas/api/question';
import type { TProjectStatus, TQuestionType } from '../../schemas/project-kinds';
import type { TSubject } from '../../schemas/subjects/registry';
import { currentBrand } from '../app/brand';
import { call } from './client';

/** activity/question/* for projects, lists, bins and templates (spec §7 "Project building"): one function per call. */

// ZQuestionType's inferred type is narrower than the kinds it accepts: restate it as TQuestionType.
type WithKind<T> = Omit<T, 'questionType'> & { questionType?: TQuestionType };
export type TListRequest = WithKind<z.input<typeof ZQuestionListRequest>>;
export type TBinRequest = WithKind<z.input<typeof ZBinListRequest>>;
export type TTemplateRequest = WithKind<z.input<typeof ZTemplateListRequest>>;
export type TSaveRequest = Omit<z.input<typeof ZSaveQuestionRequest>, 'appletSource' | 'subjects' | 'questionType'> & {
  questionType: TQuestionType;
  subjects?: TSubject[];
};

/** Creates (no questionId) or saves a project; creation answers isCreate 1 / 0 (daily limit) / 2 (subject limit). */
export const saveOrUpdateWxQuestion = (body: TSaveRequest) =>
  call(questionCalls.saveOrUpdateWxQuestion, { ...body, appletSource: currentBrand().appletSource });
export const getWxQuestion = (questionId: string) => call(questionCalls.getWxQuestion, { questionId });
export const getSubject = (questionId: string) => call(questionCalls.getSubject, { questionId });
export const updateWxQuestion = (body: z.input<typeof ZUpdateQuestionRequest>) => call(questionCalls.updateWxQuestion, body);
/** Publish (1) or pause (0). */
export const getQuestionStatus = (questionId: string, status: TProjectStatus) => call(questionCalls.getQuestionStatus, { questionId, status });
/** Copy a project or use a template: counts against the daily limit like a creation. */
export const getQuestionCopy = (body: z.input<typeof ZQuestionCopyRequest>) => call(questionCalls.getQuestionCopy, body);
export const getQuestionClear = (questionId: string) => call(questionCalls.getQuestionClear, { questionId });
export const getSubjectCount = (questionId: string) => call(questionCalls.getSubjectCount, { questionId });
/** Today's creations and the level's limits. */
export const getQuestionCount = () => call(questionCalls.getQuestionCount, {});

export const getWxQuestionList = (body: TListRequest) => call(questionCalls.getWxQuestionList, body);
export const getWxQuestionDelList = (body: TBinRequest) => call(questionCalls.getWxQuestionDelList, body);
/** Move to the recycle bin. */
export const getWxQuestionDel = (questionId: string) => call(questionCalls.getWxQuestionDel, { questionId });
/** Restore from the recycle bin. */
export const getRetrieveWxQuestion = (questionId: string) => call(questionCalls.getRetrieveWxQuestion, { questionId });
/** Delete for good: one project from the bin, or the whole bin of one kind. */
export const getWxQuestionCompletelyDel = (body: { questionId: string } | { all: true; questionType: TQuestionType }) =>
  call(questionCalls.getWxQuestionCompletelyDel, body);

export const getWxQuestionTemplateTypeList = (questionType?: TQuestionType) =>
  call(questionCalls.getWxQuestionTemplateTypeList, questionType ? { questionType } : {});
export const getWxQuestionTemplateList = (body: TTemplateRequest) => call(questionCalls.getWxQuestionTemplateList, body);
export const getHotTemplateSearchPage = (body: { keyword?: string; questionType?: number; page?: number; pageSize?: number }) =>
  call(questionCalls.getHotTemplateSearchPage, body);

export const questionKeys = {
  all: ['question'] as const,
  lists: () => [...questionKeys.all, 'list'] as const,
  list: (body: TListRequest) => [...questionKeys.lists(), body] as const,
  bins: () => [...questionKeys.all, 'bin'] as const,
  bin: (body: TBinRequest) => [...questionKeys.bins(), body] as const,
  count: () => [...questionKeys.all, 'count'] as const,
  info: (questionId: string) => [...questionKeys.all, 'info', questionId] as const,
  subjects: (questionId: string) => [...questionKeys.all, 'subjects', questionId] as const,
  templateTypes: (questionType?: number) => ['template', 'types', questionType ?? 0] as const,
  templates: (body: TTemplateRequest) => ['template', 'list', body] as const,
  hot: (body: { keyword?: string; questionType?: number; pageSize?: number }) => ['template', 'hot', body] as const,
};

export const questionListQuery = (body: TListRequest) => queryOptions({ queryKey: questionKeys.list(body), queryFn: () => getWxQuestionList(body) });
export const binListQuery = (body: TBinRequest) => queryOptions({ queryKey: questionKeys.bin(body), queryFn: () => getWxQuestionDelList(body) });
export const questionCountQuery = () => queryOptions({ queryKey: questionKeys.count(), queryFn: getQuestionCount });
export const questionInfoQuery = (questionId: string) =>
  queryOptions({ queryKey: questionKeys.info(questionId), queryFn: () => getWxQuestion(questionId), enabled: Boolean(questionId) });
export const subjectsQuery = (questionId: string) =>
  queryOptions({ queryKey: questionKeys.subjects(questionId), queryFn: () => getSubject(questionId), enabled: Boolean(questionId) });
export const templateTypesQuery = (questionType?: TQuestionType) =>
  queryOptions({
    queryKey: questionKeys.templateTypes(questionType),
    queryFn: () => getWxQuestionTemplateTypeList(questionType),
    staleTime: 5 * 60_000,
  });
export const templateListQuery = (body: TTemplateRequest) =>
  queryOptions({ queryKey: questionKeys.templates(body), queryFn: () => getWxQuestionTemplateList(body) });
export const hotTemplatesQuery = (body: { keyword?: string; questionType?: number; page?: number; pageSize?: number }) =>
  queryOptions({ queryKey: questionKeys.hot(body), queryFn: () => getHotTemplateSearchPage(body) });

/** Mutations that change what lists show; screens invalidate `questionKeys.all` on success. */
export const moveToBinMutation = () => mutationOptions({ mutationKey: ['question', 'del'], mutationFn: getWxQuestionDel });
export const restoreMutation = () => mutationOptions({ mutationKey: ['question', 'restore'], mutationFn: getRetrieveWxQuestion });
export const deleteForGoodMutation = () => mutationOptions({ mutationKey: ['question', 'completelyDel'], mutationFn: getWxQuestionCompletelyDel });
