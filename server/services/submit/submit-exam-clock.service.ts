import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import { WRITE_MESSAGES, type TStartExamResult } from '../../../schemas/api/write';
import type { TProjectSettings } from '../../../schemas/api/settings';
import type { Query } from '../../db/client';
import { AppError, conflict } from '../../http/errors';

/**
 * The server's own exam clock: the start of a timed exam's sheet is recorded when the respondent opens it
 * (keyed by the sheet's submission id, so reopening or reloading the page does not restart it), and the submit is
 * measured against that start rather than the page's timer. A sheet may arrive this long after the limit and
 * still count as on time: the page submits at zero, and a phone's request can take a while.
 */
export const EXAM_GRACE_MS = 60_000;

export const isTimedExam = (questionType: number, settings: TProjectSettings): settings is TProjectSettings & { examMinutes: number } =>
  questionType === QUESTION_TYPE.exam && settings.examMinutes !== null;

export async function recordExamStart(query: Query, projectId: number, submissionId: string, minutes: number, now: Date): Promise<TStartExamResult> {
  // The first start stays: ON CONFLICT DO UPDATE with no change returns the stored row in one statement.
  const rows = await query<{ started_at: Date }>(
    `INSERT INTO answer_starts (project_id, submission_id, started_at) VALUES ($1, $2, $3)
     ON CONFLICT (project_id, submission_id) DO UPDATE SET started_at = answer_starts.started_at RETURNING started_at`,
    [projectId, submissionId, now],
  );
  const startedAt = new Date(rows[0]!.started_at);
  return { startedAt: startedAt.toISOString(), deadline: new Date(startedAt.getTime() + minutes * 60_000).toISOString(), serverTime: now.toISOString() };
}

export interface ExamTiming {
  /** Seconds since the recorded start (replaces the page's own figure). */
  elapsedSeconds: number;
  late: boolean;
}

/** How the sheet stands against its recorded start; refuses a sheet never started, and a late one unless the settings keep it. */
export async function examTiming(
  query: Query,
  projectId: number,
  submissionId: string,
  settings: TProjectSettings & { examMinutes: number },
  now: Date,
): Promise<ExamTiming | AppError> {
  const rows = await query<{ started_at: Date }>('SELECT started_at FROM answer_starts WHERE project_id = $1 AND submission_id = $2', [
    projectId,
    submissionId,
  ]);
  if (!rows[0]) return conflict(WRITE_MESSAGES.examNotStarted);
  const elapsed = now.getTime() - new Date(rows[0].started_at).getTime();
  const late = elapsed > settings.examMinutes * 60_000 + EXAM_GRACE_MS;
  if (late && !settings.examLateAccepted) return conflict(WRITE_MESSAGES.examLate);
  return { elapsedSeconds: Math.max(0, Math.min(30 * 24 * 3600, Math.round(elapsed / 1000))), late };
}
