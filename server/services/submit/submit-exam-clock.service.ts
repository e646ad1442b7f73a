import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import type { TRefusalReason } from '../../../schemas/refusals';
import { WRITE_MESSAGES, type TStartExamResult } from '../../../schemas/api/write';
import type { TProjectSettings } from '../../../schemas/api/settings';
import type { Query } from '../../db/client';
import { AppError, conflict } from '../errors';
import type { RowOf } from '../../db/rows';
import type { answerStarts } from '../../db/tables';

type StartedAt = Pick<RowOf<typeof answerStarts>, 'started_at'>;

/**
 * The server's own exam clock, one per respondent and project (issue 42): the start of a timed exam is recorded
 * when the respondent first opens it, under every key that names them — their device, and their account when
 * logged in — so neither a reload nor a fresh submission id (a cleared draft, another tab, another device of the
 * same account) restarts it. The submit is measured against the earliest of those starts rather than the page's
 * timer. A sheet may arrive this long after the limit and still count as on time: the page submits at zero, and
 * a phone's request can take a while.
 */
export const EXAM_GRACE_MS = 60_000;

export const isTimedExam = (questionType: number, settings: TProjectSettings): settings is TProjectSettings & { examMinutes: number } =>
  questionType === QUESTION_TYPE.exam && settings.examMinutes !== null;

/** Who is answering: the page's device key, and the account when logged in. */
export const respondentKeys = (user: { id: number } | null | undefined, deviceId: string): string[] =>
  user ? [`d:${deviceId}`, `u:${user.id}`] : [`d:${deviceId}`];

export interface ExamStart {
  projectId: number;
  /** respondentKeys(), sorted: concurrent starts of one respondent lock their rows in the same order. */
  keys: string[];
  submissionId: string;
  now: Date;
}

/**
 * How a start is recorded (Deps.examClock): the respondent's start, whichever sheet asked. Production's is
 * exactExamClock; the concurrency test injects a read-then-write one to show it hands out several starts.
 */
export interface ExamClockStrategy {
  start(query: Query, start: ExamStart): Promise<Date>;
}

/**
 * ONE statement: each key's clock is inserted, or kept while its attempt runs; a clock whose last timed sheet is
 * stored (the attempt is over) begins again now. The unique key (project, respondent) makes concurrent starts
 * wait for each other and read the same row; the respondent's start is the earliest of their keys.
 */
const ATTEMPT_OVER = 'EXISTS (SELECT 1 FROM answer_sheets s WHERE s.project_id = c.project_id AND s.submission_id = c.submission_id)';
export const exactExamClock: ExamClockStrategy = {
  async start(query, { projectId, keys, submissionId, now }) {
    const rows = await query<StartedAt>(
      `INSERT INTO answer_starts AS c (project_id, respondent, submission_id, started_at)
       SELECT $1, k, $3, $4 FROM unnest($2::text[]) AS k ORDER BY k
       ON CONFLICT (project_id, respondent) DO UPDATE SET
         started_at = CASE WHEN ${ATTEMPT_OVER} THEN excluded.started_at ELSE c.started_at END,
         submission_id = CASE WHEN ${ATTEMPT_OVER} THEN excluded.submission_id ELSE c.submission_id END
       RETURNING c.started_at`,
      [projectId, keys, submissionId, now],
    );
    return earliest(rows);
  },
};

export const earliest = (rows: { started_at: Date | string }[]): Date => new Date(Math.min(...rows.map((r) => new Date(r.started_at).getTime())));

/**
 * active/write/startExam: the respondent's exam start, recorded the first time. A sheet already stored cannot
 * start again, nor can an exam whose time is up when late sheets are refused (the page would only be refused).
 */
export async function recordExamStart(
  query: Query,
  clock: ExamClockStrategy,
  exam: { projectId: number; settings: TProjectSettings & { examMinutes: number } },
  who: { keys: string[]; submissionId: string },
  now: Date,
): Promise<TStartExamResult> {
  const stored = await query('SELECT 1 FROM answer_sheets WHERE project_id = $1 AND submission_id = $2', [exam.projectId, who.submissionId]);
  if (stored.length) throw conflict(WRITE_MESSAGES.examSubmitted, { reason: 'sheetSubmitted' satisfies TRefusalReason });
  const startedAt = await clock.start(query, { projectId: exam.projectId, keys: [...who.keys].sort(), submissionId: who.submissionId, now });
  const deadline = new Date(startedAt.getTime() + exam.settings.examMinutes * 60_000);
  if (!exam.settings.examLateAccepted && now.getTime() > deadline.getTime() + EXAM_GRACE_MS)
    throw conflict(WRITE_MESSAGES.examOver, { reason: 'examOver' satisfies TRefusalReason });
  return { startedAt: startedAt.toISOString(), deadline: deadline.toISOString(), serverTime: now.toISOString() };
}

export interface ExamTiming {
  /** Seconds since the recorded start (replaces the page's own figure). */
  elapsedSeconds: number;
  late: boolean;
}

/**
 * How the sheet stands against its respondent's recorded start; refuses a sheet never started, and a late one
 * unless the settings keep it. The clock now times this sheet: once it is stored, the attempt is over. Clocks
 * recorded before migration 0048 are found under the sheet's own submission id.
 */
export async function examTiming(
  query: Query,
  projectId: number,
  who: { keys: string[]; submissionId: string },
  settings: TProjectSettings & { examMinutes: number },
  now: Date,
): Promise<ExamTiming | AppError> {
  // A stored sheet sent again (a retry, answered from the store) does not take over the clock of a newer attempt.
  const rows = await query<StartedAt>(
    `UPDATE answer_starts c SET submission_id = CASE
       WHEN EXISTS (SELECT 1 FROM answer_sheets s WHERE s.project_id = $1 AND s.submission_id = $3) THEN c.submission_id ELSE $3 END
     WHERE c.project_id = $1 AND c.respondent = ANY($2::text[]) RETURNING c.started_at`,
    [projectId, [...who.keys, `s:${who.submissionId}`].sort(), who.submissionId],
  );
  if (!rows.length) return conflict(WRITE_MESSAGES.examNotStarted);
  const elapsed = now.getTime() - earliest(rows).getTime();
  const late = elapsed > settings.examMinutes * 60_000 + EXAM_GRACE_MS;
  if (late && !settings.examLateAccepted) return conflict(WRITE_MESSAGES.examLate);
  return { elapsedSeconds: Math.max(0, Math.min(30 * 24 * 3600, Math.round(elapsed / 1000))), late };
}
