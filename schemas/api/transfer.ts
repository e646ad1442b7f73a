import { z } from 'zod';
import { ZTransferReport } from '../transfer/report';
import { contract } from './contract';
import { ZQuestionId } from './question';

/**
 * Projects in and out (issue 53 item 2): our full JSON (re-importable, round-trips exactly), SurveyJS JSON and an
 * Excel sheet of the subjects. Export needs read power; preview and import into a project edit power; creating a
 * project from a file counts as a creation (新建's daily and subject limits).
 */
export const TRANSFER_MESSAGES = {
  tooBig: '文件过大，请控制在 3MB 以内',
  empty: '文件内容为空',
  notJson: '文件不是有效的 JSON',
  notXlsx: '无法读取 Excel 文件，请上传 .xlsx 格式',
  xlsxEmpty: 'Excel 中没有题目（第 1 行为表头，从第 2 行开始每行一道题）',
  tooManyRows: 'Excel 行数过多（最多2000行）',
  nothing: '文件中没有可导入的题目',
  notSurveyJs: '不是 SurveyJS 的问卷 JSON（缺少 pages 或 elements）',
  surveyJsLater: 'SurveyJS 格式暂不可用',
  imported: '导入成功',
  created: '已从文件创建项目',
} as const;

/** Text of a .json file or base64 of an .xlsx; the whole request stays under the server's 4 MB body limit. */
export const TRANSFER_CONTENT_MAX = 3_000_000;
const ZContent = z.string({ error: '请选择文件' }).min(1, TRANSFER_MESSAGES.empty).max(TRANSFER_CONTENT_MAX, TRANSFER_MESSAGES.tooBig);

export const EXPORT_FORMATS = ['wenjuan', 'surveyjs', 'excel'] as const;
export const IMPORT_FORMATS = ['wenjuan', 'surveyjs', 'excel'] as const;
const ZExportFormat = z.enum(EXPORT_FORMATS, { error: '导出格式应为 wenjuan、surveyjs 或 excel' });
const ZImportFormat = z.enum(IMPORT_FORMATS, { error: '导入格式应为 wenjuan、surveyjs 或 excel' });

export const ZExportProjectRequest = z.object({ questionId: ZQuestionId, format: ZExportFormat });
export const ZExportProjectResult = z.object({
  fileName: z.string(),
  /** JSON text, or base64 of the .xlsx (encoding says which). */
  content: z.string(),
  encoding: z.enum(['utf8', 'base64']),
  mediaType: z.string(),
  report: ZTransferReport,
});
export type TExportProjectResult = z.infer<typeof ZExportProjectResult>;

export const ZImportRequest = z.object({ questionId: ZQuestionId, format: ZImportFormat, content: ZContent });
export type TImportRequest = z.infer<typeof ZImportRequest>;
export const ZPreviewSubject = z.object({ title: z.string(), typeName: z.string(), subjectType: z.number() });
export const ZPreviewResult = z.object({ subjects: z.array(ZPreviewSubject), report: ZTransferReport });
export type TPreviewResult = z.infer<typeof ZPreviewResult>;

/**
 * The kinds a file can start on their 新建 page (issue 53, helper import-new): 问卷, 考试, 表单 — the kinds whose
 * subjects SurveyJS and the Excel sheet can carry. Given, it is the new project's kind for a SurveyJS or Excel file
 * (they carry none of ours); our complete JSON keeps the kind it was exported from.
 */
export const FILE_PROJECT_TYPES = [1, 2, 4] as const;
const ZFileProjectType = z.union([z.literal(1), z.literal(2), z.literal(4)], { error: '项目类型应为问卷（1）、考试（2）或表单（4）' });
export const ZCreateFromFileRequest = z.object({ format: ZImportFormat, content: ZContent, questionType: ZFileProjectType.optional() });
export type TCreateFromFileRequest = z.infer<typeof ZCreateFromFileRequest>;
/** What createProjectFromFile would make of a file: the project's title and kind, its subjects, the report. */
export const ZPreviewFileResult = z.object({
  title: z.string(),
  questionType: z.number(),
  subjects: z.array(ZPreviewSubject),
  report: ZTransferReport,
});
export type TPreviewFileResult = z.infer<typeof ZPreviewFileResult>;

const T = 'activity/question/transfer';
export const transferCalls = {
  exportProject: contract({
    path: `${T}/exportProject`,
    summary: '导出项目（完整 JSON / SurveyJS JSON / 题目 Excel）',
    request: ZExportProjectRequest,
    response: ZExportProjectResult,
    auth: 'required',
  }),
  previewImport: contract({
    path: `${T}/previewImport`,
    summary: '导入题目：预览（将添加的题目与转换报告）',
    request: ZImportRequest,
    response: ZPreviewResult,
    auth: 'required',
  }),
  importSubjects: contract({
    path: `${T}/importSubjects`,
    summary: '导入题目：追加到项目末尾',
    request: ZImportRequest,
    response: z.object({ added: z.number(), version: z.number() }),
    auth: 'required',
    okMessage: TRANSFER_MESSAGES.imported,
  }),
  previewFile: contract({
    path: `${T}/previewFile`,
    summary: '从文件新建：预览（项目标题、题目与转换报告，不保存）',
    request: ZCreateFromFileRequest,
    response: ZPreviewFileResult,
    auth: 'required',
  }),
  createProjectFromFile: contract({
    path: `${T}/createProjectFromFile`,
    summary: '从文件新建项目',
    request: ZCreateFromFileRequest,
    response: z.object({ questionId: z.string(), report: ZTransferReport }),
    auth: 'required',
    okMessage: TRANSFER_MESSAGES.created,
  }),
};
