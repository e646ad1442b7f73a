import { CHECKIN_MESSAGES, type TCheckInRecord, type TCheckInSettings } from '../../../schemas/api/checkin';
import { addDays, daysBetween, hhmmOf, weekdaysOf, type TCheckInRules } from '../../../schemas/checkin/days';
import { SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import type { Query } from '../../db/client';
import type { CheckInRecordRow, CheckInSettingsRow } from '../../db/rows';
import { solitaireAccess, type SolitaireProject } from '../projects/solitaire-access.service';

export type CheckInProject = SolitaireProject;

const access = solitaireAccess(SOLITAIRE_TYPE.checkIn, CHECKIN_MESSAGES.notCheckIn);
/** A project of this kind as anyone reaches it by its link: live (not binned, not a template), or "404". */
export const publicCheckIn = access.byLink;
/** A project of this kind as its creator or a collaborator reaches it: the power checked first. */
export const managedCheckIn = access.managed;

/** The settings row, made with the defaults the first time anyone needs it. */
export async function readCheckIn(query: Query, projectId: number): Promise<CheckInSettingsRow> {
  const found = await query<CheckInSettingsRow>('SELECT * FROM checkin_settings WHERE project_id = $1', [projectId]);
  if (found[0]) return found[0];
  await query('INSERT INTO checkin_settings (project_id) VALUES ($1) ON CONFLICT (project_id) DO NOTHING', [projectId]);
  const rows = await query<CheckInSettingsRow>('SELECT * FROM checkin_settings WHERE project_id = $1', [projectId]);
  return rows[0]!;
}

export const rulesOf = (row: CheckInSettingsRow): TCheckInRules => ({
  startDay: row.start_day,
  endDay: row.end_day,
  weekdays: weekdaysOf(row.weekdays),
  windowStart: row.window_start,
  windowEnd: row.window_end,
  lateAfter: row.late_after,
  makeupDays: row.makeup_days,
});

export const settingsOf = (row: CheckInSettingsRow): TCheckInSettings => ({
  startDay: row.start_day,
  endDay: row.end_day,
  weekdays: weekdaysOf(row.weekdays),
  windowStart: hhmmOf(row.window_start),
  windowEnd: hhmmOf(row.window_end),
  lateAfter: row.late_after === null ? null : hhmmOf(row.late_after),
  textMode: row.text_mode,
  photoMode: row.photo_mode,
  numberMode: row.number_mode,
  numberLabel: row.number_label,
  numberUnit: row.number_unit,
  makeupDays: row.makeup_days,
});

export const recordOf = (row: CheckInRecordRow): TCheckInRecord => ({
  recordId: row.public_id,
  day: row.day,
  name: row.name,
  text: row.content,
  photos: row.photos,
  amount: row.amount,
  kind: row.kind,
  time: new Date(row.created_at).toISOString(),
});

/**
 * A template's check-in period is relative: its row starts on this day (long past) and ends `days - 1` later, so
 * every use moves it to start on the day of use (copyCheckInSettings).
 */
export const TEMPLATE_PERIOD_ANCHOR = '2000-01-01';

/**
 * getQuestionCopy of a check-in (a template or a project): the settings come along. A period that has already
 * started moves to start on the day of use and keeps its length (a template's always has: it starts on the
 * anchor day); an end already past without a start is dropped. The records never come along.
 */
export async function copyCheckInSettings(query: Query, fromProjectId: number, toQuestionId: string, today: string): Promise<void> {
  const [from] = await query<CheckInSettingsRow>('SELECT * FROM checkin_settings WHERE project_id = $1', [fromProjectId]);
  if (!from) return;
  let startDay = from.start_day;
  let endDay = from.end_day;
  if (startDay !== null && startDay < today) {
    endDay = endDay === null ? null : addDays(today, daysBetween(startDay, endDay));
    startDay = today;
  } else if (endDay !== null && endDay < today) endDay = null;
  await query(
    `INSERT INTO checkin_settings (project_id, start_day, end_day, weekdays, window_start, window_end, late_after, text_mode, photo_mode,
       number_mode, number_label, number_unit, makeup_days)
     SELECT p.id, $2, $3, c.weekdays, c.window_start, c.window_end, c.late_after, c.text_mode, c.photo_mode, c.number_mode, c.number_label,
       c.number_unit, c.makeup_days
     FROM checkin_settings c, projects p WHERE c.project_id = $1 AND p.public_id = $4
     ON CONFLICT (project_id) DO NOTHING`,
    [fromProjectId, startDay, endDay, toQuestionId],
  );
}
