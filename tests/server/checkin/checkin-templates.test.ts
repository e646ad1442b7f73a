import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_MESSAGES, type TCheckInManageView, type TCheckInRecord, type TCheckInView } from '../../../schemas/api/checkin';
import type { TCreateResult } from '../../../schemas/api/question';
import { seedTemplates } from '../../../server/seed/templates/seed-templates';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { at, device, photoOf, publishCheckIn, S } from './checkin-helpers';

/**
 * Issue 20 item 5 for the daily check-in: a check-in made from the template library is a working check-in with the
 * template's rules, its period starting on the day of use; a copy of a running check-in takes its rules, not its
 * records or a past period.
 */
let clock = at('2026-12-01', '19:00');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wenjuan-checkin-templates-')) } });
  await seedTemplates(t.database);
}, 60_000);
afterAll(() => t.close());

const ok = <T>(answer: { resultCode: string; resultMsg: string; data: T }) => {
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data;
};

async function templateId(title: string): Promise<string> {
  const [row] = await t.database.query<{ public_id: string }>('SELECT public_id FROM projects WHERE is_template AND title = $1', [title]);
  return row!.public_id;
}

type Result = { record: TCheckInRecord };
const checkIn = (questionId: string, deviceId: string, extra: object = {}) => t.call<Result>(`${S}checkIn`, { questionId, deviceId, name: '小周', ...extra });

async function useTemplate(title: string) {
  const owner = await loginNewUser(t);
  const copy = ok(await t.call<TCreateResult>('activity/question/getQuestionCopy', { questionId: await templateId(title) }, owner.headers));
  const questionId = copy.questionId!;
  ok(await t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, owner.headers));
  return { questionId, owner };
}

describe('check-in templates', () => {
  it('21 天运动打卡: 21 days from the day of use, steps and a screenshot asked, late after 22:00, one make-up day', async () => {
    clock = at('2026-12-01', '19:00');
    const { questionId, owner } = await useTemplate('21 天运动打卡');
    const manage = ok(await t.call<TCheckInManageView>(`${S}getCheckInManage`, { questionId }, owner.headers));
    expect(manage.title).toBe('21 天运动打卡');
    expect(manage.settings).toEqual({
      startDay: '2026-12-01',
      endDay: '2026-12-21',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      windowStart: '18:00',
      windowEnd: '24:00',
      lateAfter: '22:00',
      textMode: 'optional',
      photoMode: 'required',
      numberMode: 'required',
      numberLabel: '今日步数',
      numberUnit: '步',
      makeupDays: 1,
    });

    const me = device();
    expect((await checkIn(questionId, me, { photos: ['/uploads/steps.jpg'] })).resultMsg).toBe('请填写今日步数');
    expect((await checkIn(questionId, me, { amount: 9000 })).resultMsg).toBe(CHECKIN_MESSAGES.photoRequired);
    const steps = await photoOf(t, questionId, me);
    const today = ok(await checkIn(questionId, me, { amount: 9000, photos: [steps] }));
    expect(today.record).toMatchObject({ day: '2026-12-01', amount: 9000, kind: 'ontime', photos: [steps] });

    clock = at('2026-12-02', '12:00');
    expect((await checkIn(questionId, me, { amount: 1, photos: ['/uploads/x.jpg'] })).resultMsg).toBe(CHECKIN_MESSAGES.beforeWindow);
    clock = at('2026-12-03', '22:30');
    const late = ok(await checkIn(questionId, me, { amount: 12000, photos: [await photoOf(t, questionId, me)] }));
    expect(late.record.kind).toBe('late');
    const makeUp = ok(await checkIn(questionId, me, { day: '2026-12-02', amount: 6000, photos: [await photoOf(t, questionId, me)] }));
    expect(makeUp.record.kind).toBe('makeup');
    clock = at('2026-12-22', '19:00');
    expect((await checkIn(questionId, me, { amount: 1, photos: ['/uploads/x.jpg'] })).resultMsg).toBe(CHECKIN_MESSAGES.ended);
  });

  it('每日读书打卡 used on another day starts that day; minutes and a note are asked, the photo is optional', async () => {
    clock = at('2027-03-15', '21:00');
    const { questionId } = await useTemplate('每日读书打卡');
    const page = ok(await t.call<TCheckInView>(`${S}getCheckIn`, { questionId, deviceId: device() }));
    expect(page.settings).toMatchObject({ startDay: '2027-03-15', endDay: '2027-04-13', numberLabel: '阅读时长', numberUnit: '分钟', makeupDays: 3 });
    const me = device();
    expect((await checkIn(questionId, me, { amount: 30 })).resultMsg).toBe(CHECKIN_MESSAGES.textRequired);
    const done = ok(await checkIn(questionId, me, { amount: 35, text: '《活着》第三章：人是为活着本身而活着的。' }));
    expect(done.record).toMatchObject({ day: '2027-03-15', amount: 35, kind: 'ontime' });
  });

  it('21 天早起打卡 takes a check-in between 5:00 and 8:00 with a photo; the template keeps no records', async () => {
    clock = at('2026-12-05', '06:10');
    const { questionId } = await useTemplate('21 天早起打卡');
    const me = device();
    expect((await checkIn(questionId, me)).resultMsg).toBe(CHECKIN_MESSAGES.photoRequired);
    ok(await checkIn(questionId, me, { photos: [await photoOf(t, questionId, me)], text: '背 20 个单词' }));
    const [template] = await t.database.query<{ records: number; start_day: string }>(
      `SELECT (SELECT count(*)::int FROM checkin_records r WHERE r.project_id = p.id) AS records, c.start_day
       FROM projects p JOIN checkin_settings c ON c.project_id = p.id WHERE p.is_template AND p.title = '21 天早起打卡'`,
    );
    expect(template).toEqual({ records: 0, start_day: '2000-01-01' });
  });

  it('a copy of a running check-in takes its rules, moves its started period to the day of use and leaves the records', async () => {
    clock = at('2026-12-01', '08:00');
    const { questionId, owner } = await publishCheckIn(t, {
      startDay: '2026-11-20',
      endDay: '2026-12-10',
      numberMode: 'required',
      numberLabel: '跑步',
      numberUnit: '公里',
      makeupDays: 2,
    });
    ok(await checkIn(questionId, device(), { amount: 5 }));
    const copy = ok(await t.call<TCreateResult>('activity/question/getQuestionCopy', { questionId }, owner.headers));
    const manage = ok(await t.call<TCheckInManageView>(`${S}getCheckInManage`, { questionId: copy.questionId }, owner.headers));
    expect(manage.settings).toMatchObject({ startDay: '2026-12-01', endDay: '2026-12-21', numberLabel: '跑步', numberUnit: '公里', makeupDays: 2 });
    expect(manage.records).toEqual([]);
  });
});
