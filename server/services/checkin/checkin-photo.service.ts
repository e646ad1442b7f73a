import { CHECKIN_MESSAGES, ZDeviceId } from '../../../schemas/api/checkin';
import { ZQuestionId } from '../../../schemas/api/question';
import { PROJECT_STATUS } from '../../../schemas/project-kinds';
import type { Query } from '../../db/client';
import { badInput, conflict } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import { chainParticipant, solitaireWechat } from '../chain/chain-wechat.service';
import { sha256 } from '../crypto';
import type { Deps } from '../deps';
import { publicCheckIn, readCheckIn } from './checkin-project.service';
import { col, defineSql } from '../../db/sql';

/**
 * The start of the stored name of every photo one participant uploads for one check-in: a fixed-length digest of
 * both, so a check-in takes only the participant's own photos (checkInPhotosRefusal) and the address tells
 * nothing of who sent it.
 */
export const checkInPhotoScope = (questionId: string, participant: string): string => `k${sha256(`${questionId}\u0001${participant}`).slice(0, 24)}-`;

/**
 * Who may upload a photo for a check-in (issue 43 item 3): anyone with its link, logged in or not (the device key
 * names them, as it does for the check-in itself; the WeChat identity on a 仅限微信授权参与 check-in), while it collects and asks for photos. Returns the project and
 * the name scope the photo is stored under.
 */
export async function checkInPhotoTarget(
  deps: Deps,
  user: AuthUser | null,
  fields: { questionId: string; deviceId: string; wechatToken?: string },
): Promise<{ projectId: number; namePrefix: string }> {
  if (!ZQuestionId.safeParse(fields.questionId).success) throw badInput('questionId: 项目编号无效', 'questionId');
  if (!user && !ZDeviceId.safeParse(fields.deviceId).success) throw badInput('deviceId: 设备编号无效', 'deviceId');
  const { query } = deps.database;
  const project = await publicCheckIn(query, fields.questionId);
  if (project.status !== PROJECT_STATUS.published) throw conflict(CHECKIN_MESSAGES.notCollecting, { reason: 'paused' });
  const settings = await readCheckIn(query, project.id);
  if (settings.photo_mode === 'off') throw badInput(CHECKIN_MESSAGES.photoOff, 'file');
  // On a 仅限微信授权参与 check-in the photos are the WeChat user's, as the check-in they go with.
  const wechat = await solitaireWechat(query, project.id);
  const participant = chainParticipant(deps, wechat, user, fields, CHECKIN_MESSAGES.wechatRequired)!;
  return { projectId: project.id, namePrefix: checkInPhotoScope(project.public_id, participant) };
}

const PHOTO_URL = /^\/uploads\/([\w-]+\.[a-z0-9]{1,10})$/;

const checkInPhotosRefusalSql = defineSql(
  'checkin-photo.checkInPhotosRefusal',
  { name: col.text },
  `SELECT name FROM uploads WHERE name = ANY($1::text[]) AND kind = 'image'`,
);

/** Photos of a check-in must be this participant's uploads for this check-in (stored, under their scope). */
export async function checkInPhotosRefusal(query: Query, questionId: string, participant: string, photos: readonly string[]): Promise<string | null> {
  if (!photos.length) return null;
  const scope = checkInPhotoScope(questionId, participant);
  const names = photos.map((url) => PHOTO_URL.exec(url)?.[1] ?? '');
  if (names.some((name) => !name.startsWith(scope))) return CHECKIN_MESSAGES.photoNotOwn;
  const stored = await checkInPhotosRefusalSql.run(query, [names]);
  return stored.length === new Set(names).size ? null : CHECKIN_MESSAGES.photoNotOwn;
}
