import { CHECKIN_MESSAGES, type TCheckInSettings } from '../../../schemas/api/checkin';
import { minuteOf, weekdayBits } from '../../../schemas/checkin/days';
import { PROJECT_STATUS } from '../../../schemas/project-kinds';
import { badInput } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { managedCheckIn, readCheckIn, settingsOf } from './checkin-project.service';
import { saveChainWechat } from '../chain/chain-wechat.service';

const COLUMNS: Record<keyof TCheckInSettings, string> = {
  startDay: 'start_day',
  endDay: 'end_day',
  weekdays: 'weekdays',
  windowStart: 'window_start',
  windowEnd: 'window_end',
  lateAfter: 'late_after',
  textMode: 'text_mode',
  photoMode: 'photo_mode',
  numberMode: 'number_mode',
  numberLabel: 'number_label',
  numberUnit: 'number_unit',
  makeupDays: 'makeup_days',
};

/** An API value as its column holds it (times in minutes, weekdays as bits). */
function columnValue(key: keyof TCheckInSettings, value: unknown): unknown {
  if (key === 'weekdays') return weekdayBits(value as number[]);
  if (key === 'windowStart' || key === 'windowEnd' || key === 'lateAfter') return value === null ? null : minuteOf(value as string);
  return value;
}

/**
 * The creator's settings of a check-in: the merged result is checked as a whole (the window's end after its
 * start, the late time inside the window, the period's end not before its start), then written in one UPDATE.
 */
export async function saveCheckInSettings(
  deps: Deps,
  user: AuthUser | null,
  questionId: string,
  { wechatAuthId, ...patch }: Partial<TCheckInSettings> & { wechatAuthId?: number | null },
): Promise<TCheckInSettings> {
  const { query } = deps.database;
  const project = await managedCheckIn(query, user, questionId, 'edit');
  const merged = { ...settingsOf(await readCheckIn(query, project.id)), ...patch };
  if (minuteOf(merged.windowEnd) <= minuteOf(merged.windowStart)) throw badInput(CHECKIN_MESSAGES.windowOrder, 'windowEnd');
  if (merged.lateAfter !== null) {
    const late = minuteOf(merged.lateAfter);
    if (late <= minuteOf(merged.windowStart) || late >= minuteOf(merged.windowEnd)) throw badInput(CHECKIN_MESSAGES.lateOutside, 'lateAfter');
  }
  if (merged.startDay && merged.endDay && merged.endDay < merged.startDay) throw badInput(CHECKIN_MESSAGES.periodOrder, 'endDay');
  // Its days are counted from the start day: a check-in that runs keeps one (publishing asked for it).
  if (merged.startDay === null && project.status === PROJECT_STATUS.published) throw badInput(CHECKIN_MESSAGES.startNeeded, 'startDay');
  // 仅限微信授权参与 (issue 47 item 1): the owner's own authorised official account, its AppID written by the server.
  if (wechatAuthId !== undefined) await saveChainWechat(query, project.id, wechatAuthId);
  const keys = (Object.keys(COLUMNS) as (keyof TCheckInSettings)[]).filter((key) => patch[key] !== undefined);
  if (keys.length) {
    const sets = keys.map((key, i) => `${COLUMNS[key]} = $${i + 3}`).join(', ');
    await query(`UPDATE checkin_settings SET ${sets}, updated_at = $2 WHERE project_id = $1`, [
      project.id,
      deps.now(),
      ...keys.map((key) => columnValue(key, patch[key])),
    ]);
  }
  return settingsOf(await readCheckIn(query, project.id));
}
