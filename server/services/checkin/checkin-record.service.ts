import { CHECKIN_MESSAGES, type TCheckInEvent, type TCheckInRecord } from '../../../schemas/api/checkin';
import { makeUpRefusal, shanghaiDay, streaksOf, todayVerdict, type TStreaks } from '../../../schemas/checkin/days';
import { PROJECT_STATUS } from '../../../schemas/project-kinds';
import type { CheckInSettingsRow } from '../../db/rows';
import { badInput, conflict } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import { recordFeedEvent } from '../chain/chain-events.service';
import type { ChainLive } from '../chain/chain-live.service';
import { chainParticipant, solitaireWechat } from '../chain/chain-wechat.service';
import { publicId } from '../crypto';
import type { Deps } from '../deps';
import { checkInPhotosRefusal } from './checkin-photo.service';
import { publicCheckIn, readCheckIn, recordOf, rulesOf } from './checkin-project.service';
import { col, defineSql } from '../../db/sql';

export interface CheckInInput {
  questionId: string;
  deviceId: string;
  name: string;
  text: string;
  photos: string[];
  amount: number | null;
  day?: string;
  wechatToken?: string;
}

function checkContent(settings: CheckInSettingsRow, input: CheckInInput) {
  if (settings.text_mode === 'required' && !input.text) throw badInput(CHECKIN_MESSAGES.textRequired, 'text');
  if (settings.photo_mode === 'required' && !input.photos.length) throw badInput(CHECKIN_MESSAGES.photoRequired, 'photos');
  if (settings.number_mode === 'required' && input.amount === null)
    throw badInput(settings.number_label ? `请填写${settings.number_label}` : CHECKIN_MESSAGES.numberRequired, 'amount');
}

/** What the settings do not ask for is not kept. */
const kept = (settings: CheckInSettingsRow, input: CheckInInput) => ({
  content: settings.text_mode === 'off' ? '' : input.text,
  photos: settings.photo_mode === 'off' ? [] : input.photos,
  amount: settings.number_mode === 'off' ? null : input.amount,
});

const checkInSql = defineSql('checkin-record.checkIn', { day: col.text }, 'SELECT day FROM checkin_records WHERE project_id = $1 AND participant = $2');

/**
 * Check in for today (within the window of a check-in day of the period; late after the late time) or make up a
 * missed past day (when the creator allows it, within the days back allowed). One check-in per person per day:
 * the insert against the unique key is the one conditional statement (Deps.checkInTake); on a 仅限微信授权参与
 * check-in the person is the WeChat user, so every browser of theirs shares the day's one check-in.
 */
export async function checkIn(
  deps: Deps,
  live: Pick<ChainLive, 'changed'>,
  user: AuthUser | null,
  input: CheckInInput,
): Promise<{ record: TCheckInRecord; streaks: TStreaks }> {
  const { query } = deps.database;
  const project = await publicCheckIn(query, input.questionId);
  if (project.status !== PROJECT_STATUS.published) throw conflict(CHECKIN_MESSAGES.notCollecting, { reason: 'paused' });
  // 仅限微信授权参与: the participant is `w:<openid>` whatever the login or device (refused without a valid token).
  const participant = chainParticipant(deps, await solitaireWechat(query, project.id), user, input, CHECKIN_MESSAGES.wechatRequired)!;
  const settings = await readCheckIn(query, project.id);
  const rules = rulesOf(settings);
  const now = deps.now();
  let day: string;
  let kind: TCheckInRecord['kind'];
  if (input.day === undefined || input.day === shanghaiDay(now)) {
    const verdict = todayVerdict(rules, now);
    if (!verdict.ok) throw conflict(CHECKIN_MESSAGES[verdict.why], { reason: verdict.why });
    day = shanghaiDay(now);
    kind = verdict.kind;
  } else {
    const refusal = makeUpRefusal(rules, input.day, now);
    if (refusal) throw conflict(refusal === 'tooOld' ? `只能补最近 ${rules.makeupDays} 天的卡` : CHECKIN_MESSAGES[refusal], { reason: refusal });
    day = input.day;
    kind = 'makeup';
  }
  checkContent(settings, input);
  const photoRefusal = await checkInPhotosRefusal(query, project.public_id, participant, kept(settings, input).photos);
  if (photoRefusal) throw badInput(photoRefusal, 'photos');
  const row = await deps.checkInTake.take(query, {
    publicId: publicId(),
    projectId: project.id,
    participant,
    day,
    userId: user?.id ?? null,
    name: input.name,
    ...kept(settings, input),
    kind,
    at: now,
  });
  if (!row) throw conflict(kind === 'makeup' ? CHECKIN_MESSAGES.makeupTwice : CHECKIN_MESSAGES.twice, { reason: 'twice' });
  // The open pages read the board again. Written after the check-in's own statement: a lost event only delays a
  // page until its next read (on focus, or the next event), never shows what did not happen.
  const event: Omit<TCheckInEvent, 'id'> = { kind: 'checkin', day };
  await recordFeedEvent(query, project.id, event);
  live.changed(project.id);
  const days = await checkInSql.run(query, [project.id, participant]);
  return {
    record: recordOf(row),
    streaks: streaksOf(
      rules,
      days.map((d) => d.day),
      now,
    ),
  };
}
