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
