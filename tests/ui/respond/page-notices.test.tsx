import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBookingPage } from '../../../schemas/api/appointment';
import { BookingPage } from '../../../src/respond/appointment/booking-page';
import { RespondApp } from '../../../src/respond/respond-app';
import { form, make } from './fixtures';

/**
 * Issue 47 item 4: the 收款 answer sheet (the buyer's payment page) and a booking's private page show the notices
 * waiting for their participant at the next visit, each once, with the switch that turns the project's notices off.
 */
type Reply = { resultCode: string; resultMsg: string; data: unknown };
const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
let replies: Record<string, (body: Record<string, unknown>) => Reply>;
const calls: { path: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\//, '');
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

const N = 'activity/question/notice/';
const PAID = '你在「社团会费」的付款 50.00 元已收到（订单号 20261203120000000001）。';
const noticesOf = (texts: string[], off = false) =>
  ok({ off, notices: texts.map((text, i) => ({ noticeId: i + 1, kind: 'payment_received', text, createTime: '2026-12-03T04:00:00.000Z' })) });
const callsTo = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);

describe('the 收款 answer sheet', () => {
  const payment = form([make(6, { title: '姓名' })], { questionType: 6, title: '社团会费' });

  it('shows the payment received at the next visit above the sheet, and turns notices off', async () => {
    replies = {
      'active/write/getQuestion': () => ok(payment),
      [`${N}getMyNotices`]: () => noticesOf([PAID]),
      [`${N}setNoticeOff`]: (body) => ok({ off: body.off }),
    };
    render(<RespondApp questionId="qid-12345678" preview={false} source="link" />);
    expect((await screen.findByTestId('my-notices')).textContent).toBe(PAID);
    expect(callsTo(`${N}getMyNotices`)[0]).toMatchObject({ questionId: 'qid-12345678', deviceId: expect.any(String) });
    const box = screen.getByRole('checkbox', { name: '付款到账等消息通知我' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await userEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(callsTo(`${N}setNoticeOff`)).toEqual([{ questionId: 'qid-12345678', deviceId: expect.any(String), off: true }]);
  });

  it('a questionnaire that is not a 收款 page asks for no notices', async () => {
    replies = { 'active/write/getQuestion': () => ok(form([make(6, { title: '姓名' })])) };
    render(<RespondApp questionId="qid-12345678" preview={false} source="link" />);
    await screen.findByText('姓名');
    expect(callsTo(`${N}getMyNotices`)).toEqual([]);
    expect(screen.queryByRole('checkbox', { name: '付款到账等消息通知我' })).toBeNull();
  });
});

describe('a booking’s private page', () => {
  const booking: TBookingPage = {
    bookingId: 'b-0001',
    questionId: 'q-appoint1',
    resourceKey: '',
    date: '2026-12-08',
    start: '09:00',
    end: '10:00',
    startsAt: '2026-12-08T01:00:00.000Z',
    endsAt: '2026-12-08T02:00:00.000Z',
    timeZone: 'Asia/Shanghai',
    partySize: 1,
    state: 'booked',
    promoted: false,
    waitPosition: 0,
    name: '张三',
    createTime: '2026-12-01T01:00:00.000Z',
    updateTime: '2026-12-01T01:00:00.000Z',
    title: '口腔检查预约',
    partySizeMax: 1,
  };
  const TOKEN = 'tok-abcdefghijklmnopqrstuvwxyz';

  it('reads its notices by the booking’s token and its switch turns the reminders off', async () => {
    replies = {
      'activity/question/appointment/getBooking': () => ok(booking),
      [`${N}getMyNotices`]: () => noticesOf([], false),
      [`${N}setNoticeOff`]: (body) => ok({ off: body.off }),
    };
    render(<BookingPage token={TOKEN} />);
    const box = (await screen.findByRole('checkbox', { name: /预约开始前短信提醒我/ })) as HTMLInputElement;
    await waitFor(() => expect(callsTo(`${N}getMyNotices`)).toHaveLength(1));
    expect(callsTo(`${N}getMyNotices`)[0]).toMatchObject({ questionId: 'q-appoint1', bookingToken: TOKEN });
    expect(screen.queryByTestId('my-notices')).toBeNull();
    await userEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(callsTo(`${N}setNoticeOff`)).toEqual([{ questionId: 'q-appoint1', deviceId: expect.any(String), bookingToken: TOKEN, off: true }]);
  });

  it('shows a notice waiting for the booking, and the switch off when it was turned off before', async () => {
    replies = {
      'activity/question/appointment/getBooking': () => ok(booking),
      [`${N}getMyNotices`]: () => noticesOf(['张三，您的预约已确认。'], true),
    };
    render(<BookingPage token={TOKEN} />);
    expect((await screen.findByTestId('my-notices')).textContent).toBe('张三，您的预约已确认。');
    expect((screen.getByRole('checkbox', { name: /预约开始前短信提醒我/ }) as HTMLInputElement).checked).toBe(false);
  });
});
