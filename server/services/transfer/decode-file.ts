import { TRANSFER_MESSAGES } from '../../../schemas/api/transfer';
import type { TConclusion } from '../../../schemas/api/editor';
import { ZProjectSettings, ZProjectStyle } from '../../../schemas/api/settings';
import { ZLogic, type TLogic } from '../../../schemas/logic/ast';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { TTransferReport } from '../../../schemas/transfer/report';
import { subjectsFromRows } from '../../../schemas/transfer/subject-sheet';
import { fromSurveyJs } from '../../../schemas/transfer/surveyjs';
import { countByType, parseWenjuanJson, type WenjuanSource } from '../../../schemas/transfer/wenjuan-json';
import { AppError, badInput } from '../errors';
import { subjectSheetRows } from './subject-excel';

/** A file read into what a project is made of, whatever its format, with the report of what came and what did not. */
export type DecodedFile = Omit<WenjuanSource, 'logic' | 'conclusions' | 'subjects'> & {
  logic: TLogic;
  conclusions: TConclusion[];
  subjects: TSubject[];
  report: TTransferReport;
};

const blank = (title: string): Omit<DecodedFile, 'subjects' | 'report' | 'logic'> => ({
  questionType: 1,
  solitaireType: null,
  title,
  subtitle: '',
  conclusion: '',
  shareTitle: '',
  settings: ZProjectSettings.parse({}),
  style: ZProjectStyle.parse({}),
  conclusions: [],
});

function decodeWenjuan(content: string): DecodedFile {
  const read = parseWenjuanJson(content);
  if (!read.ok) throw badInput(read.message, 'content');
  const { project, subjects } = read.file;
  return { ...project, conclusions: project.conclusions.map((c) => ({ ...c })), subjects, report: countByType(subjects, '完整 JSON') };
}

/** SurveyJS through the seam of schemas/transfer/surveyjs (helper surveyjs writes its body). */
function decodeSurveyJs(content: string): DecodedFile {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw badInput(TRANSFER_MESSAGES.notJson, 'content');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw badInput(TRANSFER_MESSAGES.notSurveyJs, 'content');
  let converted: ReturnType<typeof fromSurveyJs>;
  try {
    converted = fromSurveyJs(json);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badInput(`SurveyJS 转换失败：${error instanceof Error ? error.message : String(error)}`, 'content');
  }
  const { project, report } = converted;
  return {
    ...blank(project.title || '导入的问卷'),
    questionType: project.questionType,
    subtitle: project.subtitle,
    logic: ZLogic.parse(project.logic ?? {}),
    subjects: project.subjects,
    report,
  };
}

async function decodeExcel(content: string): Promise<DecodedFile> {
  const { subjects, report } = subjectsFromRows(await subjectSheetRows(content));
  return { ...blank('从 Excel 导入的问卷'), logic: ZLogic.parse({}), subjects, report };
}

export async function decodeFile(format: 'wenjuan' | 'surveyjs' | 'excel', content: string): Promise<DecodedFile> {
  if (format === 'excel') return decodeExcel(content);
  return format === 'wenjuan' ? decodeWenjuan(content) : decodeSurveyJs(content);
}
