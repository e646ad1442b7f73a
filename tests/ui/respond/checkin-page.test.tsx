import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCheckInRecord, TCheckInView } from '../../../schemas/api/checkin';
import { CheckInPage } from '../../../src/respond/checkin/checkin-page';

type Reply = { resultCode: string; resultMsg: string; data: unknown };
const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
let replies: Record<string, (body: Record<string, unknown>) => Reply>;
const calls: Array<{ path: string; body: Record<string, unknown> }> = [];

const record = (day: string, kind: TCheckInRecord['kind'] = 'ontime', name = '小林'): TCheckInRecord => ({
  recordId: `r-${day}-${name}`,
  day,
  name,
  text: '跑了 5 公里',
  photos: [],
  amount: null,
  kind,
  time: `${day}T01:00:00.000Z`,
});

/** Thursday 2026-12-03, 10:00 in Shanghai: checked in on 12-01, missed 12-02, make-ups 2 days back. */
const view = (mine: TCheckInRecord[]): TCheckInView => ({
  questionId: 'q-checkin1',
  title: '21 天晨跑打卡',
  description: '',
  status: 1,
  wechatAuthId: null,
  settings: {
    startDay: '2026-12-01',
    endDay: '2026-12-21',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    windowStart: '06:00',
    windowEnd: '22:00',
    lateAfter: null,
    textMode: 'optional',
    photoMode: 'off',
    numberMode: 'off',
    numberLabel: '',
    numberUnit: '',
    makeupDays: 2,
  },
  today: '2026-12-03',
  serverTime: '2026-12-03T02:00:00.000Z',
  myName: '小林',
  mine,
  streaks: { current: mine.length === 2 ? 2 : 1, longest: mine.length === 2 ? 2 : 1, total: mine.length },
  board: [],
  ranking: [],
  participants: 1,
  lastEventId: 0,
});

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\/activity\/question\/solitaire\//, '');
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const reply = replies[path]?.(body) ?? { resultCode: '404', resultMsg: '请求的接口或资源不存在', data: null };
    return { json: async () => reply } as Response;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the check-in page', () => {
  it('makes up a missed day from the calendar and shows it made up', async () => {
    let mine = [record('2026-12-01')];
    replies = {
      getCheckIn: () => ok(view(mine)),
      checkIn: (body) => {
        const made = record(String(body.day), 'makeup');
        mine = [...mine, made];
        return ok({ record: made, streaks: { current: 2, longest: 2, total: 2 } });
      },
    };
    render(<CheckInPage questionId="q-checkin1" />);
    expect(await screen.findByRole('heading', { name: '21 天晨跑打卡' })).toBeTruthy();
    // Today's form is there; 12-02 is missed and within reach.
    expect(screen.getByRole('form', { name: '打卡' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '12月2日 缺卡，可补卡' }));
    const form = screen.getByRole('form', { name: '补卡' });
    expect(within(form).getByRole('heading', { name: '补卡 · 12月2日' })).toBeTruthy();
    await userEvent.type(within(form).getByPlaceholderText('今天完成了什么？说说你的收获'), '昨天忘了');
    await userEvent.click(within(form).getByRole('button', { name: '确认补卡' }));
    expect((await screen.findByRole('status')).textContent).toBe('已补卡 12月2日，连续打卡 2 天');
    expect(calls.find((c) => c.path === 'checkIn')?.body).toMatchObject({ day: '2026-12-02', name: '小林', text: '昨天忘了' });
    await waitFor(() => expect(document.querySelector('[data-day="2026-12-02"]')?.getAttribute('data-status')).toBe('makeup'));
    expect(screen.queryByRole('form', { name: '补卡' })).toBeNull();
  });

  it('shows the server’s refusal in the form', async () => {
    replies = {
      getCheckIn: () => ok(view([record('2026-12-01')])),
      checkIn: () => ({ resultCode: '409', resultMsg: '今天已经打过卡了，明天再来吧', data: null }),
    };
    render(<CheckInPage questionId="q-checkin1" />);
    const form = await screen.findByRole('form', { name: '打卡' });
    await userEvent.click(within(form).getByRole('button', { name: '打卡' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('今天已经打过卡了，明天再来吧');
  });
});
