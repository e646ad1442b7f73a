import sharp from 'sharp';
import type { TCheckInSettings } from '../../../schemas/api/checkin';
import { shanghaiDay } from '../../../schemas/checkin/days';
import type { TCreateResult } from '../../../schemas/api/question';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import type { TestApp } from '../../helpers/test-app';

export const S = 'activity/question/solitaire/';

/**
 * A published check-in (questionType 5, solitaireType 1) with the given settings, and its owner. Its period starts on
 * the app clock's Beijing day unless the settings say otherwise (publishing asks for a start day).
 */
export async function publishCheckIn(t: TestApp, settings: Partial<TCheckInSettings> = {}, title = '21 天晨跑打卡') {
  const owner = await loginNewUser(t);
  const created = await t.call<TCreateResult>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 1, title, subtitle: '每天跑完拍张照', subjects: [makeSubject(6, 1, '打卡内容')] },
    owner.headers,
  );
  if (created.resultCode !== '200') throw new Error(`${created.resultCode} ${created.resultMsg}`);
  const questionId = created.data.questionId!;
  const saved = await t.call(`${S}saveCheckInSetting`, { questionId, startDay: shanghaiDay(t.app.deps.now()), ...settings }, owner.headers);
  if (saved.resultCode !== '200') throw new Error(`${saved.resultCode} ${saved.resultMsg}`);
  const published = await t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, owner.headers);
  if (published.resultCode !== '200') throw new Error(`${published.resultCode} ${published.resultMsg}`);
  return { questionId, owner };
}

let n = 0;
/** A new participant's device key. */
export const device = () => `ck-${process.pid}-${(n++).toString().padStart(4, '0')}-${Math.random().toString(36).slice(2, 8)}`;

/** A moment in Asia/Shanghai: at('2026-12-01', '08:30'). */
export const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+08:00`);

/** A small PNG, as a phone's camera would send (any real image: the server decodes it). */
export const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

/**
 * POST upload/checkInPhoto as the phone page does (questionId and deviceId, then the image), logged in when `headers`
 * carries a token. Returns the envelope.
 */
export async function uploadCheckInPhoto(
  t: TestApp,
  fields: { questionId: string; deviceId: string; wechatToken?: string },
  headers: Record<string, string> = {},
  data?: Buffer,
) {
  const boundary = `----wenjuan${Date.now()}${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="run.png"\r\nContent-Type: image/png\r\n\r\n`),
    data ?? (await png()),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload/checkInPhoto',
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  });
  return response.json() as { resultCode: string; resultMsg: string; data: { url: string; width: number; height: number } };
}

/** A photo this participant uploaded for this check-in: its address. */
export async function photoOf(t: TestApp, questionId: string, deviceId: string): Promise<string> {
  const answer = await uploadCheckInPhoto(t, { questionId, deviceId });
  if (answer.resultCode !== '200') throw new Error(`${answer.resultCode} ${answer.resultMsg}`);
  return answer.data.url;
}
