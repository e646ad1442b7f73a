import { transferCalls } from '../../schemas/api/transfer';
import { call } from './client';

/** Projects in and out (issue 53 item 2): export, preview and import of subjects, a new project from a file. */
export type TTransferFormat = 'wenjuan' | 'surveyjs' | 'excel';
export const exportProject = (questionId: string, format: TTransferFormat) => call(transferCalls.exportProject, { questionId, format });
export const previewImport = (questionId: string, format: TTransferFormat, content: string) =>
  call(transferCalls.previewImport, { questionId, format, content }, { quiet: true });
export const importSubjects = (questionId: string, format: TTransferFormat, content: string) =>
  call(transferCalls.importSubjects, { questionId, format, content });
export const createProjectFromFile = (format: TTransferFormat, content: string) => call(transferCalls.createProjectFromFile, { format, content });
