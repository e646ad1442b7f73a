import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_MESSAGES, type TCheckInManageView, type TCheckInRecord, type TCheckInView } from '../../../schemas/api/checkin';
import { dayStatus, rulesOfSettings, weekdaysOf } from '../../../schemas/checkin/days';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { at, device, photoOf, publishCheckIn, S } from './checkin-helpers';

/** The app's clock, moved by each test (Deps.now). 2026-12-01 is a Tuesday. */
let clock = at('2026-12-01', '08:30');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wenjuan-checkin-')) } });
}, 60_000);
afterAll(() => t.close());

type Result = { record: TCheckInRecord; streaks: { current: number; longest: number; total: number } };
const checkIn = (questionId: string, deviceId: string, extra: object = {}) => t.call<Result>(`${S}checkIn`, { questionId, deviceId, name: '小王', ...extra });
const view = (questionId: string, deviceId: string) => t.call<TCheckInView>(`${S}getCheckIn`, { questionId, deviceId });

const WEEK = { startDay: '2026-12-01', endDay: '2026-12-07', windowStart: '06:00', windowEnd: '22:00', lateAfter: '21:00' };

/** What the participant's calendar shows for each day of the period (the page computes it the same way). */
function calendar(v: TCheckInView, days: string[]) {
  const rules = rulesOfSettings(v.settings);
  const made = new Map(v.mine.map((r) => [r.day, r.kind]));
  return days.map((day) => dayStatus(rules, day, made.get(day), new Date(v.serverTime)));
}

describe('check-in over several days with a moved clock', () => {
  it('counts the streak, shows the missed day, marks a late check-in, and a make-up fills the gap', async () => {
    const { questionId } = await publishCheckIn(t, { ...WEEK, makeupDays: 2 });
    const me = device();
    clock = at('2026-12-01', '07:10');
    const first = await checkIn(questionId, me, { text: '跑了 5 公里' });
    expect(first.resultCode).toBe('200');
    expect(first.resultMsg).toBe('打卡成功');
    expect(first.data.record).toMatchObject({ day: '2026-12-01', kind: 'ontime', text: '跑了 5 公里', name: '小王' });
    expect(first.data.streaks).toEqual({ current: 1, longest: 1, total: 1 });

    clock = at('2026-12-02', '06:00');
    expect((await checkIn(questionId, me)).data.streaks).toEqual({ current: 2, longest: 2, total: 2 });

    // Day 3 passes without a check-in; day 4 after the late time.
    clock = at('2026-12-04', '21:30');
    const late = await checkIn(questionId, me, { text: '加班，晚了' });
    expect(late.data.record.kind).toBe('late');
    expect(late.data.streaks).toEqual({ current: 1, longest: 2, total: 3 });

    const page = await view(questionId, me);
    expect(page.data.today).toBe('2026-12-04');
    expect(page.data.streaks).toEqual({ current: 1, longest: 2, total: 3 });
    expect(calendar(page.data, ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'])).toEqual(['done', 'done', 'missed', 'late', 'upcoming']);

    // Make up day 3 (allowed 2 days back): the streak runs through it.
    const made = await checkIn(questionId, me, { day: '2026-12-03', text: '补卡' });
    expect(made.resultCode).toBe('200');
    expect(made.data.record.kind).toBe('makeup');
    expect(made.data.streaks).toEqual({ current: 4, longest: 4, total: 4 });
    expect(calendar((await view(questionId, me)).data, ['2026-12-03'])).toEqual(['makeup']);
  });

  it('does not break a streak on days off the chosen weekdays', async () => {
    // Monday to Friday only: Friday 12-04, then Monday 12-07.
    const { questionId } = await publishCheckIn(t, { ...WEEK, weekdays: [1, 2, 3, 4, 5] });
    const me = device();
    clock = at('2026-12-04', '08:00');
    await checkIn(questionId, me);
    clock = at('2026-12-06', '08:00');
    const sunday = await checkIn(questionId, me);
    expect(sunday.resultCode).toBe('409');
    expect(sunday.resultMsg).toBe(CHECKIN_MESSAGES.notToday);
    clock = at('2026-12-07', '08:00');
    expect((await checkIn(questionId, me)).data.streaks).toEqual({ current: 2, longest: 2, total: 2 });
  });
});

describe('check-in refusals', () => {
  it('refuses outside the window, twice a day, before the start and after the end, with clear messages', async () => {
    const { questionId } = await publishCheckIn(t, WEEK);
    const me = device();
    const expectRefused = async (moment: Date, message: string, extra: object = {}) => {
      clock = moment;
      const answer = await checkIn(questionId, me, extra);
      expect(answer.resultCode).toBe('409');
      expect(answer.resultMsg).toBe(message);
    };
    await expectRefused(at('2026-11-30', '08:00'), CHECKIN_MESSAGES.notStarted);
    await expectRefused(at('2026-12-02', '05:59'), CHECKIN_MESSAGES.beforeWindow);
    await expectRefused(at('2026-12-02', '22:00'), CHECKIN_MESSAGES.afterWindow);
    clock = at('2026-12-02', '06:00');
    expect((await checkIn(questionId, me)).resultCode).toBe('200');
    await expectRefused(at('2026-12-02', '21:59'), CHECKIN_MESSAGES.twice);
    await expectRefused(at('2026-12-08', '08:00'), CHECKIN_MESSAGES.ended);
    // Another person the same day is fine; the first person's day stays one check-in.
    clock = at('2026-12-02', '12:00');
    expect((await checkIn(questionId, device())).resultCode).toBe('200');
    const rows = await t.database.query('SELECT 1 FROM checkin_records r JOIN projects p ON p.id = r.project_id WHERE p.public_id = $1', [questionId]);
    expect(rows).toHaveLength(2);
  });

  it('applies the make-up rules: only when allowed, only past check-in days within reach, once per day', async () => {
    const closed = await publishCheckIn(t, WEEK);
    const me = device();
    clock = at('2026-12-04', '08:00');
    const off = await checkIn(closed.questionId, me, { day: '2026-12-03' });
    expect(off.resultMsg).toBe(CHECKIN_MESSAGES.makeupOff);

    const { questionId } = await publishCheckIn(t, { ...WEEK, weekdays: [1, 2, 3, 5, 6, 7], makeupDays: 2 });
    expect((await checkIn(questionId, me, { day: '2026-12-01' })).resultMsg).toBe('只能补最近 2 天的卡');
    expect((await checkIn(questionId, me, { day: '2026-12-05' })).resultMsg).toBe(CHECKIN_MESSAGES.notPast);
    clock = at('2026-12-05', '08:00');
    // Thursday 12-03 is not a check-in day here.
    expect((await checkIn(questionId, me, { day: '2026-12-03' })).resultMsg).toBe(CHECKIN_MESSAGES.notCheckInDay);
    clock = at('2026-12-06', '08:00');
    expect((await checkIn(questionId, me, { day: '2026-12-05' })).resultCode).toBe('200');
    const again = await checkIn(questionId, me, { day: '2026-12-05' });
    expect(again.resultCode).toBe('409');
    expect(again.resultMsg).toBe(CHECKIN_MESSAGES.makeupTwice);
  });

  it('asks for the content the creator requires and keeps none that is switched off', async () => {
    const { questionId } = await publishCheckIn(t, {
      ...WEEK,
      textMode: 'required',
      numberMode: 'required',
      numberLabel: '步数',
      numberUnit: '步',
      photoMode: 'off',
    });
    clock = at('2026-12-02', '09:00');
    const me = device();
    expect((await checkIn(questionId, me, { amount: 8000 })).resultMsg).toBe(CHECKIN_MESSAGES.textRequired);
    expect((await checkIn(questionId, me, { text: '走路上班' })).resultMsg).toBe('请填写步数');
    const ok = await checkIn(questionId, me, { text: '走路上班', amount: 8000, photos: ['/uploads/a.jpg'] });
    expect(ok.data.record).toMatchObject({ text: '走路上班', amount: 8000, photos: [] });
    const bad = await checkIn(questionId, device(), { text: 'x', amount: 1, photos: ['https://evil.example/a.jpg'] });
    expect(bad.resultCode).toBe('400');
  });

  it('refuses a paused check-in and a project of another kind', async () => {
    const { questionId, owner } = await publishCheckIn(t, WEEK);
    await t.call('activity/question/getQuestionStatus', { questionId, status: 0 }, owner.headers);
    clock = at('2026-12-02', '09:00');
    expect((await checkIn(questionId, device())).resultMsg).toBe(CHECKIN_MESSAGES.notCollecting);
    const other = await t.call<{ questionId: string }>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 5, solitaireType: 4, title: '报名' },
      owner.headers,
    );
    const answer = await view(other.data.questionId, device());
    expect(answer.resultCode).toBe('404');
    expect(answer.resultMsg).toBe(CHECKIN_MESSAGES.notCheckIn);
  });
});

describe('the board, the ranking and the creator view', () => {
  it('shows today newest first, ranks by streak, and tells the creator the daily rate and who missed today', async () => {
    const { questionId, owner } = await publishCheckIn(t, WEEK);
    const [a, b, c] = [device(), device(), device()];
    clock = at('2026-12-01', '07:00');
    await checkIn(questionId, a, { name: '张三' });
    await checkIn(questionId, b, { name: '李四' });
    clock = at('2026-12-02', '07:00');
    await checkIn(questionId, a, { name: '张三', text: '第二天' });
    await checkIn(questionId, c, { name: '王五' });
    clock = at('2026-12-03', '07:00');
    await checkIn(questionId, c, { name: '王五' });
    clock = at('2026-12-03', '07:05');
    const run = [await photoOf(t, questionId, b), await photoOf(t, questionId, b)];
    await checkIn(questionId, b, { name: '李四', text: '回来了', photos: run });

    const page = await view(questionId, a);
    expect(page.data.board.map((r) => r.name)).toEqual(['李四', '王五']);
    expect(page.data.board[0]).toMatchObject({ text: '回来了', photos: run });
    expect(page.data.ranking.map((r) => [r.name, r.current, r.longest, r.mine])).toEqual([
      ['王五', 2, 2, false],
      ['张三', 2, 2, true],
      ['李四', 1, 1, false],
    ]);
    expect(page.data.participants).toBe(3);

    const manage = await t.call<TCheckInManageView>(`${S}getCheckInManage`, { questionId }, owner.headers);
    expect(manage.resultCode).toBe('200');
    expect(manage.data.rates).toEqual([
      { day: '2026-12-01', done: 2, expected: 2, rate: 1 },
      { day: '2026-12-02', done: 2, expected: 3, rate: 0.667 },
      { day: '2026-12-03', done: 2, expected: 3, rate: 0.667 },
    ]);
    expect(manage.data.missedToday).toEqual(['张三']);
    expect(manage.data.records).toHaveLength(6);
  });

  it('checks the caller’s power on the creator calls and validates the settings as a whole', async () => {
    const { questionId, owner } = await publishCheckIn(t, WEEK);
    expect((await t.call(`${S}getCheckInManage`, { questionId })).resultCode).toBe('401');
    const stranger = await loginNewUser(t);
    const peek = await t.call(`${S}getCheckInManage`, { questionId }, stranger.headers);
    expect(['403', '404']).toContain(peek.resultCode);
    const change = await t.call(`${S}saveCheckInSetting`, { questionId, makeupDays: 3 }, stranger.headers);
    expect(['403', '404']).toContain(change.resultCode);

    const save = (patch: object) => t.call(`${S}saveCheckInSetting`, { questionId, ...patch }, owner.headers);
    expect((await save({ windowStart: '22:00', windowEnd: '06:00' })).resultMsg).toBe(CHECKIN_MESSAGES.windowOrder);
    expect((await save({ lateAfter: '23:00' })).resultMsg).toBe(CHECKIN_MESSAGES.lateOutside);
    expect((await save({ endDay: '2026-11-01' })).resultMsg).toBe(CHECKIN_MESSAGES.periodOrder);
    expect((await save({ weekdays: [] })).resultCode).toBe('400');
    const saved = await save({ weekdays: [6, 7], windowEnd: '24:00', makeupDays: 3, numberMode: 'optional', numberUnit: '分钟' });
    expect(saved.resultCode).toBe('200');
    expect(saved.data).toMatchObject({ weekdays: [6, 7], windowEnd: '24:00', makeupDays: 3, numberUnit: '分钟', windowStart: '06:00' });
    expect(weekdaysOf(0b11000000)).toEqual([6, 7]);
  });
});
