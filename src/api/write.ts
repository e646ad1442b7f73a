import { queryOptions } from '@tanstack/react-query';
import { editorCalls } from '../../schemas/api/editor';
import { writeCalls } from '../../schemas/api/write';
import { call } from './client';

/** The answering side as the main app sees it: my filled-in records and the share title (a project's answer list is in report.ts). */

export const getWriteRecord = (page: number, pageSize: number) => call(writeCalls.getWriteRecord, { page, pageSize });
/** Share title only (no version: it never conflicts with the editor's document). */
export const saveShareTitle = (questionId: string, shareTitle: string) => call(editorCalls.updateWxQuestionSetting, { questionId, settings: { shareTitle } });

export const writeKeys = {
  records: (page: number, pageSize: number) => ['write', 'records', page, pageSize] as const,
};

export const writeRecordQuery = (page: number, pageSize: number) =>
  queryOptions({ queryKey: writeKeys.records(page, pageSize), queryFn: () => getWriteRecord(page, pageSize) });
