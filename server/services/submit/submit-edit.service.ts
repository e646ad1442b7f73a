import { ZProjectSettings } from '../../../schemas/api/settings';
import { WRITE_MESSAGES, type TMyAnswer, type TSubmitResult } from '../../../schemas/api/write';
import { own } from '../../../schemas/subjects/base';
import { subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import type { Query } from '../../db/client';
import type { AnswerSheetRow, ProjectRow } from '../../db/rows';
import { AppError, notFound } from '../errors';
import { hmac, safeEqual } from '../crypto';
import type { Deps } from '../deps';
import { viewUrl } from '../uploads/upload-access.service';

/**
 * 允许提交后修改答案: the submit hands the respondent a key to their own sheet (`editToken`, an HMAC of the project
 * and sheet ids, so nothing is stored and only the server can make one); with it they read their answers back
 * (getMyAnswer) and send the sheet again, which replaces the stored one (submit.service.ts storeEdit). Exams are
 * never edited: the score and the key may already have been shown.
 */
export const editTokenOf = (secret: string, questionId: string, sheetId: string) => `${sheetId}.${hmac(secret, `edit:${questionId}:${sheetId}`).slice(0, 40)}`;

export const editable = (questionType: number, settings: { allowEditAfterSubmit: boolean }) => settings.allowEditAfterSubmit && questionType !== 2;

export interface EditedSheet {
  id: number;
  publicId: string;
  submissionId: string;
  answers: Record<string, unknown>;
}

/** The sheet an edit key names, or "403"/"404" with the reason. */
export async function editedSheet(query: Query, secret: string, questionId: string, token: string): Promise<EditedSheet> {
  const sheetId = token.split('.')[0] ?? '';
  if (!sheetId || !safeEqual(token, editTokenOf(secret, questionId, sheetId))) throw new AppError('403', WRITE_MESSAGES.editInvalid);
  const rows = await query<Pick<AnswerSheetRow, 'id' | 'public_id' | 'submission_id' | 'answers'> & Pick<ProjectRow, 'settings' | 'question_type'>>(
    `SELECT a.id, a.public_id, a.submission_id, a.answers, p.settings, p.question_type FROM answer_sheets a JOIN projects p ON p.id = a.project_id
     WHERE p.public_id = $1 AND a.public_id = $2 AND a.status = 1 AND p.deleted_at IS NULL`,
    [questionId, sheetId],
  );
  const row = rows[0];
  if (!row) throw notFound(WRITE_MESSAGES.sheetMissing);
  if (!editable(row.question_type, ZProjectSettings.parse(row.settings ?? {}))) throw new AppError('403', WRITE_MESSAGES.editClosed);
  return { id: row.id, publicId: row.public_id, submissionId: row.submission_id, answers: row.answers };
}

const UPLOAD_NAME = /^\/uploads\/([\w-]+\.[a-z0-9]{1,10})$/;

/** The stored answers as the respondent's page takes them back: files and signatures with an address to show them. */
export function myAnswer(deps: Deps, subjects: readonly TSubject[], sheet: EditedSheet): TMyAnswer {
  const now = deps.now();
  const withView = (f: unknown) => {
    const url = typeof f === 'object' && f !== null ? (f as { fileUrl?: unknown }).fileUrl : undefined;
    const name = typeof url === 'string' ? UPLOAD_NAME.exec(url)?.[1] : undefined;
    return name ? { ...(f as object), viewUrl: viewUrl(deps.secret, name, now) } : f;
  };
  const answers: Record<string, unknown> = { ...sheet.answers };
  for (const s of subjects) {
    const value = own(sheet.answers, s.uuid);
    if (value === undefined || !subjectEntry(s.subjectType).uploads) continue;
    answers[s.uuid] = Array.isArray(value) ? value.map(withView) : withView(value);
  }
  return { sheetId: sheet.publicId, submissionId: sheet.submissionId, answers };
}

/** The key handed back with a stored sheet, when the project lets respondents change their answers. */
export function withEditToken(
  secret: string,
  target: { publicId: string; questionType: number; settings: { allowEditAfterSubmit: boolean } },
  result: TSubmitResult,
): TSubmitResult {
  return editable(target.questionType, target.settings) ? { ...result, editToken: editTokenOf(secret, target.publicId, result.sheetId) } : result;
}
