import { ZProjectSettings } from '../../../schemas/api/settings';
import { WRITE_MESSAGES, type TRespondentResults } from '../../../schemas/api/write';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../errors';
import type { ProjectRow } from '../../db/rows';
import { buildStatement } from '../report/report.service';

/**
 * 向答题者展示统计结果: after submitting, a respondent sees how everyone answered the choice subjects — the same
 * figures as the creator's report (rollup included), never texts others wrote. Their sheet id (returned only to
 * them by the submit) is the proof that they answered; the setting is read now, so turning it off hides the page.
 */
export async function respondentResults(database: Database, questionId: string, sheetId: string): Promise<TRespondentResults> {
  const rows = await database.query<ProjectRow>('SELECT * FROM projects WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template', [questionId]);
  const project = rows[0];
  if (!project) throw notFound('问卷不存在或已删除');
  if (!ZProjectSettings.parse(project.settings ?? {}).showResults) throw new AppError('403', WRITE_MESSAGES.resultsHidden);
  const sheet = await database.query('SELECT 1 FROM answer_sheets WHERE project_id = $1 AND public_id = $2 AND status = 1', [project.id, sheetId]);
  if (!sheet.length) throw notFound(WRITE_MESSAGES.sheetMissing);
  const statement = await buildStatement(database, project, undefined);
  return {
    total: statement.total,
    subjects: statement.subjects
      .filter((s) => s.kind === 'choice' && s.options)
      .map((s) => ({
        uuid: s.uuid,
        title: s.title,
        index: s.index,
        multiple: s.multiple,
        base: s.base,
        options: s.options!.map((o) => ({ uuid: o.uuid, title: o.title, count: o.count, percent: o.percent })),
      })),
  };
}
