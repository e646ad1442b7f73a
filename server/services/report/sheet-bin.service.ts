import type { Database } from '../../db/client';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { moveSheet } from './report.service';

/**
 * delAnswerSheet (to 0) and restoreAnswerSheet (to 1): changing collected data needs edit power (1 or 2), checked
 * in the transaction that moves the sheet and its counts.
 */
export async function moveSheetFor(
  database: Database,
  user: AuthUser | null,
  questionId: string,
  sheetId: string,
  to: 0 | 1,
): Promise<{ sheetId: string; status: number }> {
  return database.transaction(async (query) => {
    const { project } = await accessProject(query, user, questionId, 'edit');
    return moveSheet(query, project, sheetId, to);
  });
}
