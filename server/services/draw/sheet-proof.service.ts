import type { Query } from '../../db/client';
import type { AnswerSheetRow, ProjectRow } from '../../db/rows';
import type { TSubmitResult } from '../../../schemas/api/write';
import { hmac, safeEqual } from '../crypto';
import { AppError } from '../errors';

/**
 * The signed proof of a sheet (issue 49 item 5): the submit answers the respondent with it, and the calls after
 * the submit (抽奖, 领取证书) believe nothing else: the client's sheet id alone is never enough, and a sheet moved
 * to the bin proves nothing any more.
 */
export const sheetProofOf = (secret: string, questionId: string, sheetId: string) => hmac(secret, `sheet-proof:${questionId}:${sheetId}`).slice(0, 43);

export const withSheetProof = (secret: string, questionId: string, result: TSubmitResult): TSubmitResult =>
  result.sheetId ? { ...result, sheetProof: sheetProofOf(secret, questionId, result.sheetId) } : result;

export type ProvenSheet = Pick<AnswerSheetRow, 'id' | 'public_id' | 'score'> & {
  project: Pick<ProjectRow, 'id' | 'public_id' | 'title' | 'question_type' | 'owner_id'>;
};

export interface SheetProofInput {
  questionId: string;
  sheetId: string;
  sheetProof: string;
}

/** The valid sheet the proof names, with its project; else a 403 with `message` (a wrong proof or a sheet no longer valid). */
export async function provenSheet(query: Query, secret: string, input: SheetProofInput, message: string): Promise<ProvenSheet> {
  if (!safeEqual(input.sheetProof, sheetProofOf(secret, input.questionId, input.sheetId))) throw new AppError('403', message);
  const rows = await query<
    Pick<AnswerSheetRow, 'id' | 'public_id' | 'score'> & { pid: number; ppublic: string; title: string; question_type: number; owner_id: number }
  >(
    `SELECT a.id, a.public_id, a.score, p.id AS pid, p.public_id AS ppublic, p.title, p.question_type, p.owner_id
     FROM answer_sheets a JOIN projects p ON p.id = a.project_id
     WHERE p.public_id = $1 AND a.public_id = $2 AND a.status = 1 AND p.deleted_at IS NULL`,
    [input.questionId, input.sheetId],
  );
  const row = rows[0];
  if (!row) throw new AppError('403', message);
  return {
    id: row.id,
    public_id: row.public_id,
    score: row.score,
    project: { id: row.pid, public_id: row.ppublic, title: row.title, question_type: row.question_type, owner_id: row.owner_id },
  };
}
