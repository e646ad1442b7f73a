import { daysBetween } from '../../../../schemas/checkin/days';
import { isMobile } from '../../../../schemas/phone';
import type { Query } from '../../../db/client';
import type { ProjectRow, UserRow, UserTaskRow } from '../../../db/rows';
import type { TaskKey } from './task-id';

/** The UTC instants a China day starts and ends at (Asia/Shanghai has no daylight saving). */
export function dayRange(day: string): [Date, Date] {
  const start = new Date(`${day}T00:00:00+08:00`);
  return [start, new Date(start.getTime() + 86_400_000)];
}

type Count = { n: number };
const count = async (query: Query, text: string, params: unknown[]) => Number((await query<Count>(text, params))[0]?.n ?? 0);

/**
 * Today's recommended template (task 2-8): one of the template library's live templates, the same for everyone all
 * day and another the next day (the day's number modulo how many there are, in id order).
 */
export async function recommendedTemplate(query: Query, day: string): Promise<{ id: number; publicId: string } | null> {
  const total = await count(query, 'SELECT count(*)::int AS n FROM projects WHERE is_template AND deleted_at IS NULL', []);
  if (total === 0) return null;
  const at = ((daysBetween('2000-01-01', day) % total) + total) % total;
  const [row] = await query<Pick<ProjectRow, 'id' | 'public_id'>>(
    'SELECT id, public_id FROM projects WHERE is_template AND deleted_at IS NULL ORDER BY id LIMIT 1 OFFSET $1',
    [at],
  );
  return row ? { id: row.id, publicId: row.public_id } : null;
}

/**
 * A task's progress read from what happened (issue 51: never what the client says). 2-6 and 2-8 are completed by the
 * copy itself (markTaskDone in the copy's transaction), so their progress is the stored row's.
 */
export async function progressOf(query: Query, key: TaskKey): Promise<number> {
  const { userId, brand, code, period } = key;
  switch (code) {
    case '1-1': {
      const [row] = await query<Pick<UserRow, 'phone'>>('SELECT phone FROM users WHERE id = $1', [userId]);
      return row && isMobile(row.phone) ? 1 : 0;
    }
    case '1-2':
      return count(query, 'SELECT count(*)::int AS n FROM projects WHERE owner_id = $1 AND NOT is_template', [userId]);
    case '1-3':
      return count(query, 'SELECT count(*)::int AS n FROM projects WHERE owner_id = $1 AND NOT is_template AND published_at IS NOT NULL', [userId]);
    case '1-4':
      return count(
        query,
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM answer_sheets s JOIN projects p ON p.id = s.project_id
          WHERE p.owner_id = $1 AND s.status = 1 AND NOT s.suspect LIMIT 10) t`,
        [userId],
      );
    case '1-5':
      return count(query, 'SELECT count(*)::int AS n FROM project_members m JOIN projects p ON p.id = m.project_id WHERE p.owner_id = $1 AND m.user_id <> $1', [
        userId,
      ]);
    case '2-2':
      return spaceAnswersToday(query, key);
    case '2-3':
      // A project linked today that then received a valid sheet from someone else. The link's time and the sheet's
      // are both the database's (created_at defaults), so "after" holds whatever the test clock says.
      return count(
        query,
        `SELECT count(*)::int AS n FROM task_questions t
          WHERE t.user_id = $1 AND t.brand = $2 AND t.task_code = '2-3' AND t.period = $3
            AND EXISTS (SELECT 1 FROM answer_sheets s WHERE s.project_id = t.project_id AND s.status = 1 AND s.created_at > t.created_at
                          AND (s.user_id IS NULL OR s.user_id <> $1))`,
        [userId, brand, period],
      );
    default: {
      const [row] = await query<Pick<UserTaskRow, 'progress'>>(
        'SELECT progress FROM user_tasks WHERE user_id = $1 AND brand = $2 AND task_code = $3 AND period = $4',
        [userId, brand, code, period],
      );
      return row?.progress ?? 0;
    }
  }
}

/**
 * 2-2: today's paid answers in the brand's mutual space, their projects saved as the task's question links, in one
 * statement (a data-modifying CTE: two queries whatever the answers).
 */
async function spaceAnswersToday(query: Query, key: TaskKey): Promise<number> {
  const [from, to] = dayRange(key.period);
  return count(
    query,
    `WITH paid AS (SELECT r.project_id FROM space_answers a JOIN space_releases r ON r.id = a.release_id
                    WHERE a.user_id = $1 AND r.brand = $2 AND a.state = 'paid' AND a.created_at >= $3 AND a.created_at < $4),
          linked AS (INSERT INTO task_questions (user_id, brand, task_code, period, project_id)
                     SELECT DISTINCT $1::int, $2::text, '2-2', $5::text, project_id FROM paid ON CONFLICT DO NOTHING)
     SELECT count(*)::int AS n FROM paid`,
    [key.userId, key.brand, from, to, key.period],
  );
}
