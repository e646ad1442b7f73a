import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCheckInView } from '../../../schemas/api/checkin';
import { addDays, shanghaiDay, type TCheckInRules } from '../../../schemas/checkin/days';
import { CheckInCalendar } from '../../../src/respond/checkin/checkin-calendar';
import { CheckInPage } from '../../../src/respond/checkin/checkin-page';

/**
 * Issue 43 item 3 on the phone: the calendar's days are Beijing days at 07:00 (still yesterday in UTC) and at 23:30,
 * whatever the phone's own zone; a participant who is not logged in adds photos (a device-bound upload).
 */
/** The 15th of next month (Beijing): no fixed calendar date, and its day before in the same month. */
const D = `${addDays(`${shanghaiDay(new Date()).slice(0, 7)}-01`, 40).slice(0, 7)}-15`;
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+08:00`);
const rules: TCheckInRules = { startDay: D, endDay: null, weekdays: [1, 2, 3, 4, 5, 6, 7], windowStart: 0, windowEnd: 1440, lateAfter: null, makeupDays: 0 };
const cell = (day: string) => document.querySelector(`[data-day="${day}"]`)!;

afterEach(cleanup);

describe('the check-in calendar on Beijing days', () => {
  it('at 07:00 Beijing time (the day before in UTC) today is the Beijing day and the day before is not 缺卡', () => {
    const now = at(D, '07:00');
    expect(now.toISOString().slice(0, 10)).toBe(addDays(D, -1));
    render(<CheckInCalendar rules={rules} made={new Map()} now={now} />);
    expect(cell(D).getAttribute('aria-label')).toMatch(/今天待打卡$/);
    expect(cell(D).className).toContain('is-today');
    expect(cell(addDays(D, -1)).getAttribute('data-status')).toBe('off');
    expect(cell(addDays(D, -1)).getAttribute('aria-label')).not.toMatch(/缺卡/);
  });

  it('at 23:30 Beijing time today is still that day, done; tomorrow is to come', () => {
    const now = at(D, '23:30');
    render(<CheckInCalendar rules={rules} made={new Map([[D, 'ontime']])} now={now} />);
    expect(cell(D).getAttribute('data-status')).toBe('done');
    expect(cell(D).className).toContain('is-today');
    expect(cell(addDays(D, 1)).getAttribute('data-status')).toBe('upcoming');
  });
});

type Reply = { resultCode: string; resultMsg: string; data: unknown };
const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
const calls: Array<{ path: string; body: unknown }> = [];

const view = (serverTime: Date): TCheckInView => ({
  questionId: 'q-checkin2',
  title: '晨跑打卡',
  description: '',
  status: 1,
  wechatAuthId: null,
  settings: {
    startDay: D,
    endDay: null,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    windowStart: '00:00',
    windowEnd: '24:00',
    lateAfter: null,
    textMode: 'optional',
    photoMode: 'optional',
    numberMode: 'off',
    numberLabel: '',
    numberUnit: '',
    makeupDays: 0,
  },
  today: shanghaiDay(serverTime),
  serverTime: serverTime.toISOString(),
  myName: '',
  mine: [],
  streaks: { current: 0, longest: 0, total: 0 },
  board: [],
  ranking: [],
  participants: 0,
  lastEventId: 0,
});

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\//, '');
    const body = init.body instanceof FormData ? init.body : JSON.parse(String(init.body ?? '{}'));
    calls.push({ path, body });
    if (path === 'activity/question/solitaire/getCheckIn') return { json: async () => ok(view(at(D, '07:00'))) } as Response;
    if (path === 'upload/checkInPhoto') return { json: async () => ok({ url: '/uploads/kabc-photo1.png', width: 40, height: 30 }) } as Response;
    return { json: async () => ({ resultCode: '404', resultMsg: '请求的接口或资源不存在', data: null }) } as Response;
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the check-in page at 07:00 Beijing time, not logged in', () => {
  it('opens today’s check-in on the Beijing day and adds a photo through the device-bound upload', async () => {
    render(<CheckInPage questionId="q-checkin2" />);
    expect(await screen.findByRole('form', { name: '打卡' })).toBeTruthy();
    expect(screen.getByTestId('checkin-today').textContent).toBe('今天还没打卡');
    expect(cell(D).getAttribute('data-status')).toBe('open');
    expect(cell(addDays(D, -1)).getAttribute('data-status')).toBe('off');
    // No login asked for: the photo is added here.
    expect(screen.queryByText('登录后可上传照片')).toBeNull();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'run.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('img', { name: '打卡照片' }).getAttribute('src')).toBe('/uploads/kabc-photo1.png'));
    const sent = calls.find((c) => c.path === 'upload/checkInPhoto')!.body as FormData;
    expect(sent.get('questionId')).toBe('q-checkin2');
    expect(String(sent.get('deviceId'))).toMatch(/^[\w-]{8,}$/);
  });
});
