import { transferCalls } from '../../schemas/api/transfer';
import { call } from './client';

/** Projects in and out (issue 53 item 2): export, preview and import of subjects, a new project from a file. */
export type TTransferFormat = 'wenjuan' | 'surveyjs' | 'excel';
export const exportProject = (questionId: string, format: TTransferFormat) => call(transferCalls.exportProject, { questionId, format });
export const previewImport = (questionId: string, format: TTransferFormat, content: string) =>
  call(transferCalls.previewImport, { questionId, format, content }, { quiet: true });
export const importSubjects = (questionId: string, format: TTransferFormat, content: string) =>
  call(transferCalls.importSubjects, { questionId, format, content });
/** 从文件导入 on a 新建 page: `questionType` is the page's kind (a SurveyJS or Excel file carries none of ours). */
export type TFileProjectType = 1 | 2 | 4;
export const previewFile = (format: TTransferFormat, content: string, questionType?: TFileProjectType) =>
  call(transferCalls.previewFile, { format, content, questionType }, { quiet: true });
export const createProjectFromFile = (format: TTransferFormat, content: string, questionType?: TFileProjectType) =>
  call(transferCalls.createProjectFromFile, { format, content, questionType }, { quiet: true });
