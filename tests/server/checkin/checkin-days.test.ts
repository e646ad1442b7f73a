import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_MESSAGES, type TCheckInManageView, type TCheckInRecord, type TCheckInView } from '../../../schemas/api/checkin';
import { addDays, dayStatus, rulesOfSettings, shanghaiDay } from '../../../schemas/checkin/days';
import type { TCreateResult } from '../../../schemas/api/question';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { at, device, photoOf, publishCheckIn, S, uploadCheckInPhoto } from './checkin-helpers';

/**
 * Issue 43 item 3: a check-in's days are Beijing days everywhere — what the server stores, the phone's calendar
 * (computed from the view as the page does) and the organiser's chart agree at 07:00 (still yesterday in UTC) and
 * at 23:30; a never-published check-in says 尚未发布; photos are uploaded without an account, bound to the device.
 */
/** A Beijing day a month from now (no fixed calendar date), and the app clock each test moves. */
const D = addDays(shanghaiDay(new Date()), 30);
let clock = at(D, '07:00');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wenjuan-checkin-days-')) } });
}, 60_000);
afterAll(() => t.close());

type Result = { record: TCheckInRecord; streaks: { current: number; longest: number; total: number } };
const checkIn = (questionId: string, deviceId: string, extra: object = {}, headers: Record<string, string> = {}) =>
  t.call<Result>(`${S}checkIn`, { questionId, deviceId, name: '小王', ...extra }, headers);
const view = async (questionId: string, deviceId: string) => (await t.call<TCheckInView>(`${S}getCheckIn`, { questionId, deviceId })).data;

/** The phone calendar's status of each day, computed from the view as the page computes it. */
function calendar(v: TCheckInView, days: string[]) {
  const rules = rulesOfSettings(v.settings);
  const made = new Map(v.mine.map((r) => [r.day, r.kind]));
  return days.map((day) => dayStatus(rules, day, made.get(day), new Date(v.serverTime)));
}

describe(`check-in days are Beijing days on ${engineName()}`, () => {
  it('at 07:00 (the day before in UTC): made, started, checked in, shown and charted on the Beijing day', async () => {
    clock = at(D, '07:00');
    expect(clock.toISOString().slice(0, 10)).toBe(addDays(D, -1));
    // Published with its period starting "today": the Beijing day, not the UTC one.
    const { questionId, owner } = await publishCheckIn(t);
    const me = device();
    const first = await checkIn(questionId, me);
    expect(first.resultCode, first.resultMsg).toBe('200');
    expect(first.data.record.day).toBe(D);

    const page = await view(questionId, me);
    expect(page.settings.startDay).toBe(D);
    expect(page.today).toBe(D);
    // The day before is not 缺卡 on the phone: it is before the period.
    expect(calendar(page, [addDays(D, -1), D, addDays(D, 1)])).toEqual(['off', 'done', 'upcoming']);

    const manage = (await t.call<TCheckInManageView>(`${S}getCheckInManage`, { questionId }, owner.headers)).data;
    expect(manage.today).toBe(D);
    expect(manage.rates).toEqual([{ day: D, done: 1, expected: 1, rate: 1 }]);
    expect(manage.records.map((r) => r.day)).toEqual([D]);
  });

  it('at 23:30 the day is still today; at 00:10 and 07:00 the next one', async () => {
    clock = at(D, '06:00');
    const { questionId, owner } = await publishCheckIn(t, { startDay: D, windowStart: '00:00', windowEnd: '24:00' });
    const me = device();
    clock = at(D, '23:30');
    const late = await checkIn(questionId, me);
    expect(late.data.record.day).toBe(D);
    expect((await checkIn(questionId, me)).resultMsg).toBe(CHECKIN_MESSAGES.twice);
    expect(calendar(await view(questionId, me), [D, addDays(D, 1)])).toEqual(['done', 'upcoming']);

    clock = at(addDays(D, 1), '00:10');
    let page = await view(questionId, me);
    expect(page.today).toBe(addDays(D, 1));
    expect(calendar(page, [D, addDays(D, 1)])).toEqual(['done', 'open']);

    clock = at(addDays(D, 1), '07:00');
    const next = await checkIn(questionId, me);
    expect(next.data.record.day).toBe(addDays(D, 1));
    expect(next.data.streaks).toEqual({ current: 2, longest: 2, total: 2 });
    page = await view(questionId, me);
    expect(calendar(page, [D, addDays(D, 1), addDays(D, 2)])).toEqual(['done', 'done', 'upcoming']);

    // A second participant who joins on day 2 at 07:00: the chart and the phone agree on both days.
    const other = device();
    await checkIn(questionId, other, { name: '小李' });
    const manage = (await t.call<TCheckInManageView>(`${S}getCheckInManage`, { questionId }, owner.headers)).data;
    expect(manage.rates).toEqual([
      { day: D, done: 1, expected: 1, rate: 1 },
      { day: addDays(D, 1), done: 2, expected: 2, rate: 1 },
    ]);
    expect(manage.missedToday).toEqual([]);
  });
});

describe('a check-in never published', () => {
  it('tells its visitors it is not published yet, not that it is paused', async () => {
    clock = at(D, '09:00');
    const owner = await loginNewUser(t);
    const created = await t.call<TCreateResult>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 5, solitaireType: 1, title: '晨读打卡', subjects: [makeSubject(6, 1, '打卡内容')] },
      owner.headers,
    );
    const questionId = created.data.questionId!;
    const page = await t.call('active/write/getQuestion', { questionId });
    expect(page).toMatchObject({ resultCode: '409', resultMsg: '打卡接龙尚未发布', data: { reason: 'notPublished' } });
    // Published, then paused: now it is paused.
    await t.call(`${S}saveCheckInSetting`, { questionId, startDay: D }, owner.headers);
    expect((await t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, owner.headers)).resultCode).toBe('200');
    expect((await t.call('activity/question/getQuestionStatus', { questionId, status: 0 }, owner.headers)).resultCode).toBe('200');
    expect(await t.call('active/write/getQuestion', { questionId })).toMatchObject({
      resultCode: '409',
      resultMsg: '问卷已暂停收集',
      data: { reason: 'paused' },
    });
  });
});

describe('check-in photos without an account', () => {
  it('takes a photo from a participant who is not logged in, bound to their device, and shows it to anyone', async () => {
    clock = at(D, '09:00');
    const { questionId } = await publishCheckIn(t, { photoMode: 'optional' });
    const me = device();
    const uploaded = await uploadCheckInPhoto(t, { questionId, deviceId: me });
    expect(uploaded.resultCode, uploaded.resultMsg).toBe('200');
    expect(uploaded.data).toMatchObject({ width: 40, height: 30 });
    // Public like the board that shows it.
    const served = await t.app.inject({ method: 'GET', url: uploaded.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    // Another device cannot check in with it, nor with an address that is no upload of theirs.
    const stolen = await checkIn(questionId, device(), { photos: [uploaded.data.url] });
    expect(stolen).toMatchObject({ resultCode: '400', resultMsg: CHECKIN_MESSAGES.photoNotOwn });
    expect((await checkIn(questionId, me, { photos: ['/uploads/a.jpg'] })).resultMsg).toBe(CHECKIN_MESSAGES.photoNotOwn);
    const done = await checkIn(questionId, me, { text: '晨跑 3 公里', photos: [uploaded.data.url] });
    expect(done.resultCode, done.resultMsg).toBe('200');
    expect(done.data.record.photos).toEqual([uploaded.data.url]);
    expect((await view(questionId, device())).board[0]!.photos).toEqual([uploaded.data.url]);
  });

  it('binds a logged-in participant’s photo to the login, on any device', async () => {
    clock = at(D, '09:00');
    const { questionId } = await publishCheckIn(t, { photoMode: 'required' });
    const user = await loginNewUser(t);
    const url = (await uploadCheckInPhoto(t, { questionId, deviceId: device() }, user.headers)).data.url;
    const done = await checkIn(questionId, device(), { photos: [url] }, user.headers);
    expect(done.resultCode, done.resultMsg).toBe('200');
  });

  it('refuses a photo for a check-in that asks for none, one not collecting, and a bad device key or file', async () => {
    clock = at(D, '09:00');
    const off = await publishCheckIn(t, { photoMode: 'off' });
    expect(await uploadCheckInPhoto(t, { questionId: off.questionId, deviceId: device() })).toMatchObject({
      resultCode: '400',
      resultMsg: CHECKIN_MESSAGES.photoOff,
    });
    const { questionId, owner } = await publishCheckIn(t);
    expect((await uploadCheckInPhoto(t, { questionId, deviceId: 'x' })).resultCode).toBe('400');
    expect((await uploadCheckInPhoto(t, { questionId, deviceId: device() }, {}, Buffer.from('<svg/>'))).resultCode).toBe('400');
    await t.call('activity/question/getQuestionStatus', { questionId, status: 0 }, owner.headers);
    expect(await uploadCheckInPhoto(t, { questionId, deviceId: device() })).toMatchObject({ resultCode: '409', resultMsg: CHECKIN_MESSAGES.notCollecting });
    expect((await uploadCheckInPhoto(t, { questionId: 'nope', deviceId: device() })).resultCode).toBe('400');
    // photoOf is what the other suites use: a real upload.
    await expect(photoOf(t, off.questionId, device())).rejects.toThrow(CHECKIN_MESSAGES.photoOff);
  });
});
