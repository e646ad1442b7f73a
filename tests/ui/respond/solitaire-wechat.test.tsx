import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCheckInView } from '../../../schemas/api/checkin';
import type { TGroupBuyView } from '../../../schemas/api/groupbuy';
import { CheckInPage } from '../../../src/respond/checkin/checkin-page';
import { GroupBuyPage } from '../../../src/respond/groupbuy/groupbuy-page';

/**
 * 仅限微信授权参与 on the check-in and group-buy pages (issue 47 item 1): outside WeChat each keeps its board or list
 * and asks to open the page in WeChat instead of its form; in WeChat it goes to the authorisation by itself; back
 * from WeChat it exchanges the code once and checks in / orders as the WeChat user (the token on every call,
 * photos included); a refused identity is forgotten and authorised again.
 */
type Reply = { resultCode: string; resultMsg: string; data: unknown };
const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.50';
const TOKEN = 'wx07.openid-a.1.sig';
let replies: Record<string, (body: Record<string, unknown>) => Reply>;
let calls: { path: string; body: Record<string, unknown> }[];

/** Thursday 2026-12-03, 10:00 in Shanghai, inside the day's window, nothing checked in yet. */
const checkInView: TCheckInView = {
  questionId: 'q-checkin9',
  title: '21 天晨跑打卡',
  description: '',
  status: 1,
  wechatAuthId: 7,
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
    makeupDays: 0,
  },
  today: '2026-12-03',
  serverTime: '2026-12-03T02:00:00.000Z',
  myName: '',
  mine: [],
  streaks: { current: 0, longest: 0, total: 0 },
  board: [{ recordId: 'r1', day: '2026-12-03', name: '小林', text: '', photos: [], amount: null, kind: 'ontime', time: '2026-12-03T01:00:00.000Z' }],
  ranking: [],
  participants: 1,
  lastEventId: 0,
};

const groupBuyView: TGroupBuyView = {
  questionId: 'q-gb09',
  title: '周末水果团',
  description: '',
  status: 1,
  wechatAuthId: 7,
  deadline: null,
  products: [{ subjectId: 's1', productId: 'p1', specId: 'p1', title: '赣南脐橙', spec: '10斤装', priceFen: 5800, stock: 10, maxPerPerson: null, image: '' }],
  shape: {
    nameSubjectId: 'name',
    phoneSubjectId: 'phone',
    pickupSubjectId: 'pickup',
    addressSubjectId: null,
    addressRegion: null,
    addressRequired: false,
    points: [{ id: 'east', title: '东门驿站', delivery: false }],
    unsupported: [],
  },
  orders: [{ seq: 1, name: '王**', items: '赣南脐橙（10斤装） ×1', units: 1, state: 'paid', time: '2026-11-27T07:00:00.000Z' }],
  mine: [],
  lastEventId: 3,
  serverTime: '2026-11-27T08:00:00.000Z',
};

beforeEach(() => {
  calls = [];
  localStorage.clear();
  vi.stubGlobal('EventSource', undefined);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\/activity\/question\/(solitaire|notice)\//, '').replace(/^\/api\//, '');
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const reply = replies[path]?.(body) ?? ok({ off: false, notices: [] });
    return { json: async () => reply } as Response;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

describe('a 仅限微信授权参与 check-in page', () => {
  it('outside WeChat keeps today’s board and asks to open the page in WeChat instead of the check-in form', async () => {
    replies = { getCheckIn: () => ok(checkInView) };
    render(<CheckInPage questionId="q-checkin9" />);
    expect((await screen.findByTestId('chain-wechat-outside')).textContent).toBe('本打卡仅限微信授权参与，请复制链接或扫描二维码，在微信中打开本页后打卡');
    expect(screen.getByText('小林')).toBeTruthy();
    expect(screen.queryByRole('form', { name: '打卡' })).toBeNull();
    expect(calls.some((c) => c.path === 'getChainWechatAuthUrl')).toBe(false);
  });

  it('in WeChat without an identity goes to WeChat’s authorisation, coming back to this page', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    history.replaceState(null, '', '/s/q-checkin9');
    replies = { getCheckIn: () => ok(checkInView), getChainWechatAuthUrl: () => ok({ url: '#to-wechat' }) };
    render(<CheckInPage questionId="q-checkin9" />);
    expect((await screen.findByTestId('chain-wechat-gate')).textContent).toContain('本打卡仅限微信授权参与，正在前往微信授权');
    await waitFor(() => expect(location.hash).toBe('#to-wechat'));
    expect(calls.filter((c) => c.path === 'getChainWechatAuthUrl').map((c) => c.body)).toEqual([{ questionId: 'q-checkin9', redirectPath: '/s/q-checkin9' }]);
  });

  it('back from WeChat exchanges the code once and checks in as the WeChat user', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    history.replaceState(null, '', '/s/q-checkin9?code=C1&state=S1&appid=wx07');
    replies = {
      getChainWechatIdentity: () => ok({ wechatToken: TOKEN, expiresIn: 2_592_000 }),
      getCheckIn: () => ok(checkInView),
      checkIn: () => ok({ record: { ...checkInView.board[0], recordId: 'r2', name: '小王' }, streaks: { current: 1, longest: 1, total: 1 } }),
    };
    render(<CheckInPage questionId="q-checkin9" />);
    const form = await screen.findByRole('form', { name: '打卡' });
    await userEvent.type(within(form).getByPlaceholderText('请输入姓名'), '小王');
    await userEvent.click(within(form).getByRole('button', { name: '打卡' }));
    expect(await screen.findByText(/打卡成功/)).toBeTruthy();
    expect(calls.filter((c) => c.path === 'getChainWechatIdentity')).toHaveLength(1);
    expect(location.search).toBe('');
    expect(localStorage.getItem('wj_chain_wx_q-checkin9')).toBe(TOKEN);
    expect(calls.filter((c) => c.path === 'getCheckIn').every((c) => c.body.wechatToken === TOKEN)).toBe(true);
    expect(calls.find((c) => c.path === 'checkIn')!.body).toMatchObject({ name: '小王', wechatToken: TOKEN });
  });
});

describe('a 仅限微信授权参与 group-buy page', () => {
  it('outside WeChat keeps the products and the order list and asks to open the page in WeChat instead of the order form', async () => {
    replies = { getGroupBuy: () => ok(groupBuyView) };
    render(<GroupBuyPage questionId="q-gb09" />);
    expect((await screen.findByTestId('chain-wechat-outside')).textContent).toBe('本团购仅限微信授权参与，请复制链接或扫描二维码，在微信中打开本页后下单');
    expect(screen.getAllByTestId('gb-row')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '提交订单' })).toBeNull();
  });

  it('orders as the WeChat user and, when the identity is refused, forgets it and authorises again', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    localStorage.setItem('wj_chain_wx_q-gb09', 'stale.token.1.sig');
    replies = {
      getGroupBuy: () => ok(groupBuyView),
      'active/write/submit': () => ({ resultCode: '409', resultMsg: '微信身份已失效，请重新授权', data: { reason: 'wechatRequired' } }),
      getChainWechatAuthUrl: () => ok({ url: '#again' }),
    };
    render(<GroupBuyPage questionId="q-gb09" />);
    const products = await screen.findByRole('list', { name: '商品' });
    await userEvent.click(within(products).getByRole('button', { name: '增加' }));
    await userEvent.type(screen.getByPlaceholderText('请输入姓名'), '王小明');
    await userEvent.type(screen.getByPlaceholderText('用于取货通知'), '13800138000');
    await userEvent.click(screen.getByRole('radio', { name: '东门驿站' }));
    await userEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(location.hash).toBe('#again'));
    expect(calls.find((c) => c.path === 'active/write/submit')!.body).toMatchObject({ wechatToken: 'stale.token.1.sig' });
    // The page read as the (then) WeChat user; once the token is refused it reads as nobody until authorised again.
    expect(calls.find((c) => c.path === 'getGroupBuy')!.body.wechatToken).toBe('stale.token.1.sig');
    expect(localStorage.getItem('wj_chain_wx_q-gb09')).toBeNull();
  });
});
