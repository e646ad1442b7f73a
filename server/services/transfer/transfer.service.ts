import type { TCreateFromFileRequest, TExportProjectResult, TImportRequest, TPreviewFileResult, TPreviewResult } from '../../../schemas/api/transfer';
import { TRANSFER_MESSAGES } from '../../../schemas/api/transfer';
import { SUBJECT_LIMIT_MESSAGE } from '../../../schemas/api/question';
import { hasLogic } from '../../../schemas/project-copy/copy-plan';
import { plainTitle } from '../../../schemas/result-query';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { TTransferReport } from '../../../schemas/transfer/report';
import { toSurveyJs } from '../../../schemas/transfer/surveyjs';
import { fittingSubjects, remapSubjectIds, renameSubjectRefs, subjectTypeName, toWenjuanJson } from '../../../schemas/transfer/wenjuan-json';
import type { Database, Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { AppError, badInput } from '../errors';
import { listConclusions, saveConclusion } from '../projects/conclusions.service';
import { editSubjects } from '../projects/editor.service';
import { createProject } from '../projects/projects.service';
import { listSubjects } from '../projects/subjects.service';
import { decodeFile, type DecodedFile } from './decode-file';
import { subjectsWorkbook } from './subject-excel';

const projectIdSql = defineSql('transfer.projectId', { id: col.int }, 'SELECT id FROM projects WHERE public_id = $1');

/** The file of a stored project; data the schemas no longer accept is named, not a fault. */
function ourFile(source: Parameters<typeof toWenjuanJson>[0]) {
  try {
    return toWenjuanJson(source);
  } catch (error) {
    const issue = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
    if (!issue) throw error;
    throw badInput(`项目中有无法导出的内容（${issue.path.join('.')}：${issue.message}），请在编辑器中修改后再导出`, 'questionId');
  }
}

const safeName = (title: string) => (title.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim() || '问卷').slice(0, 80);

/** exportProject: the project as our JSON, SurveyJS JSON or the subjects' .xlsx (read power). */
export async function exportProject(
  query: Query,
  user: AuthUser | null,
  questionId: string,
  format: 'wenjuan' | 'surveyjs' | 'excel',
): Promise<TExportProjectResult> {
  const { project } = await accessProject(query, user, questionId, 'read');
  const subjects = await listSubjects(query, project.id);
  const name = safeName(project.title);
  const report: TTransferReport = { mapped: [], unmapped: [] };
  if (format === 'excel') {
    const content = (await subjectsWorkbook(subjects)).toString('base64');
    const mediaType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return { fileName: `${name}-题目.xlsx`, content, encoding: 'base64', mediaType, report };
  }
  const file = ourFile({
    questionType: project.question_type,
    solitaireType: project.solitaire_type,
    title: project.title,
    subtitle: project.subtitle,
    conclusion: project.conclusion,
    shareTitle: project.share_title,
    settings: project.settings,
    style: project.style,
    logic: project.logic,
    conclusions: await listConclusions(query, project.id),
    subjects,
  });
  if (format === 'wenjuan') {
    return { fileName: `${name}.wenjuan.json`, content: JSON.stringify(file, null, 2), encoding: 'utf8', mediaType: 'application/json', report };
  }
  let converted: ReturnType<typeof toSurveyJs>;
  try {
    converted = toSurveyJs({
      title: file.project.title,
      subtitle: file.project.subtitle,
      questionType: file.project.questionType,
      subjects: file.subjects,
      logic: file.project.logic,
    });
  } catch (error) {
    throw badInput(`SurveyJS 转换失败：${error instanceof Error ? error.message : String(error)}`, 'format');
  }
  return {
    fileName: `${name}.surveyjs.json`,
    content: JSON.stringify(converted.json, null, 2),
    encoding: 'utf8',
    mediaType: 'application/json',
    report: converted.report,
  };
}

/** What an import into an existing project brings: the subjects that fit its kind; logic and pages stay behind. */
function forExisting(decoded: DecodedFile, questionType: number): { subjects: TSubject[]; report: TTransferReport } {
  const { subjects, report } = fittingSubjects(decoded.subjects, questionType, decoded.report);
  const rules = Object.values(decoded.logic).reduce((n, list) => n + (Array.isArray(list) ? list.length : 0), 0);
  if (hasLogic(decoded.logic))
    report.unmapped.push({ where: '题目逻辑', what: `${rules} 条规则`, reason: '导入到已有项目时不带入逻辑；如需保留，请用「从文件新建」' });
  if (decoded.conclusions.length)
    report.unmapped.push({ where: '结束页', what: `${decoded.conclusions.length} 个`, reason: '导入到已有项目时不带入结束页；如需保留，请用「从文件新建」' });
  return { subjects, report };
}

const previewSubject = (s: TSubject) => ({
  title: plainTitle(s.title || String((s as { description?: string }).description ?? '')),
  typeName: `${subjectTypeName(s.subjectType)}题`,
  subjectType: s.subjectType,
});

/** previewImport: what importSubjects would add, and the report (edit power, nothing saved). */
export async function previewImport(query: Query, user: AuthUser | null, body: TImportRequest): Promise<TPreviewResult> {
  // Power first: a stranger learns nothing from how a file reads.
  const { project } = await accessProject(query, user, body.questionId, 'edit');
  const { subjects, report } = forExisting(await decodeFile(body.format, body.content), project.question_type);
  return { subjects: subjects.map(previewSubject), report };
}

/** importSubjects: the file's subjects appended after the project's, in one edit (power, paused status, subject limit). */
export async function importSubjects(database: Database, user: AuthUser | null, body: TImportRequest): Promise<{ added: number; version: number }> {
  const { project } = await accessProject(database.query, user, body.questionId, 'edit');
  const { subjects } = forExisting(await decodeFile(body.format, body.content), project.question_type);
  if (!subjects.length) throw badInput(TRANSFER_MESSAGES.nothing, 'content');
  const result = await editSubjects(database, user, body.questionId, undefined, (list) => {
    const last = Math.max(0, ...list.map((s) => s.indexSort));
    const fresh = remapSubjectIds(subjects, new Set(list.map((s) => s.uuid))).subjects;
    return [...list, ...fresh.map((s, i) => ({ ...s, indexSort: last + i + 1 }))];
  });
  return { added: subjects.length, version: result.version };
}

/**
 * What a new project from a file is made of: the file's project, of the 新建 page's kind for a SurveyJS or Excel file
 * (they carry none of ours; our complete JSON keeps its own), with the subjects that fit that kind.
 */
async function forNew(body: TCreateFromFileRequest) {
  const decoded = await decodeFile(body.format, body.content);
  const questionType = body.format !== 'wenjuan' && body.questionType ? body.questionType : decoded.questionType;
  const fitting = fittingSubjects(decoded.subjects, questionType, decoded.report);
  if (!fitting.subjects.length && body.format === 'excel') throw badInput(TRANSFER_MESSAGES.nothing, 'content');
  return { decoded: { ...decoded, questionType }, ...fitting };
}

/** previewFile: what createProjectFromFile would make of the file (login only; nothing saved, nothing counted). */
export async function previewFile(body: TCreateFromFileRequest): Promise<TPreviewFileResult> {
  const { decoded, subjects, report } = await forNew(body);
  return { title: decoded.title, questionType: decoded.questionType, subjects: subjects.map(previewSubject), report };
}

/** createProjectFromFile: a new project from the file, counted as a creation (daily and subject limits of 新建). */
export async function createProjectFromFile(
  database: Database,
  user: AuthUser,
  body: TCreateFromFileRequest,
): Promise<{ questionId: string; report: TTransferReport }> {
  const { decoded, report, ...fitting } = await forNew(body);
  const { subjects, renamed } = remapSubjectIds(fitting.subjects, new Set());
  return database.transaction(async (query) => {
    const { questionType, solitaireType, title, subtitle, conclusion, shareTitle, settings, style } = decoded;
    const logic = renameSubjectRefs(decoded.logic, renamed);
    const project = { questionType, solitaireType, title, subtitle, conclusion, shareTitle, settings, style, logic, subjects };
    const result = await createProject(query, user, project);
    if (result.isCreate === 2) throw new AppError('400', SUBJECT_LIMIT_MESSAGE, { field: 'content', reason: 'subjectLimit' });
    if (result.isCreate === 0) throw new AppError('400', '今日新建项目数已达上限，请明天再试或升级版本', { field: 'content' });
    const [row] = await projectIdSql.run(query, [result.questionId]);
    for (const page of renameSubjectRefs(decoded.conclusions, renamed)) await saveConclusion(query, row!.id, page);
    return { questionId: result.questionId!, report };
  });
}
