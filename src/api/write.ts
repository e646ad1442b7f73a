import { queryOptions } from '@tanstack/react-query';
import { call } from './client';

/** The answering side as the main app sees it: my filled-in records, a project's answer list, the share title. */

export interface TWriteRecord {
  sheetId: string;
  questionId: string;
  title: string;
  questionType: number;
  score: number | null;
  createTime: string;
}
export interface TAnswerRow {
  sheetId: string;
  createTime: string;
  durationSeconds: number;
  source: string;
  suspect: boolean;
  score: number | null;
}
export interface TPageOf<T> {
  list: T[];
  total: number;
}

export const getWriteRecord = (page: number, pageSize: number) => call<TPageOf<TWriteRecord>>('active/write/getWriteRecord', { page, pageSize });
export const getAnswerList = (questionId: string, page: number, pageSize: number) =>
  call<TPageOf<TAnswerRow>>('activity/question/getAnswerList', { questionId, page, pageSize });
/** Share title only (no version: it never conflicts with the editor's document). */
export const saveShareTitle = (questionId: string, shareTitle: string) =>
  call<{ settings: { shareTitle: string }; version: number }>('activity/question/updateWxQuestionSetting', { questionId, settings: { shareTitle } });

export const writeKeys = {
  records: (page: number, pageSize: number) => ['write', 'records', page, pageSize] as const,
  answers: (questionId: string, page: number, pageSize: number) => ['write', 'answers', questionId, page, pageSize] as const,
};

export const writeRecordQuery = (page: number, pageSize: number) =>
  queryOptions({ queryKey: writeKeys.records(page, pageSize), queryFn: () => getWriteRecord(page, pageSize) });
export const answerListQuery = (questionId: string, page: number, pageSize: number) =>
  queryOptions({ queryKey: writeKeys.answers(questionId, page, pageSize), queryFn: () => getAnswerList(questionId, page, pageSize), enabled: Boolean(questionId) });
