import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TGroupBuyView } from '../../../schemas/api/groupbuy';
import { GroupBuyPage } from '../../../src/respond/groupbuy/groupbuy-page';

/** Issue 47 item 4: a buyer's group-buy page shows the notices recorded for them (可以取货了) and their switch. */
type Reply = { resultCode: string; resultMsg: string; data: unknown };
const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
let replies: Record<string, (body: Record<string, unknown>) => Reply>;

const view: TGroupBuyView = {
  questionId: 'q-gb01',
  title: '周末水果团',
  description: '',
  status: 1,
  wechatAuthId: null,
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
  mine: [{ orderNo: '20261127150000000001', seq: 1, state: 'paid', amountFen: 5800, items: '赣南脐橙（10斤装） ×1', shipping: '' }],
  lastEventId: 3,
  serverTime: '2026-11-27T08:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal('EventSource', undefined);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\/activity\/question\/(solitaire|notice)\//, '');
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    const reply = replies[path]?.(body) ?? { resultCode: '404', resultMsg: '请求的接口或资源不存在', data: null };
    return { json: async () => reply } as Response;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the group-buy page of a buyer with an order', () => {
  it('shows the pick-up notice recorded for them and lets them turn notices off', async () => {
    const text = '王小明，你在「周末水果团」的团购订单（赣南脐橙（10斤装） ×1）可以取货了，自提点：东门驿站。';
    const switched: unknown[] = [];
    replies = {
      getGroupBuy: () => ok(view),
      getMyNotices: () => ok({ off: false, notices: [{ noticeId: 9, kind: 'order_ready_for_pickup', text, createTime: '2026-11-27T07:30:00.000Z' }] }),
      setNoticeOff: (body) => (switched.push(body.off), ok({ off: body.off })),
    };
    render(<GroupBuyPage questionId="q-gb01" />);
    expect((await screen.findByTestId('gb-notice')).textContent).toBe(text);
    const box = screen.getByRole('checkbox', { name: '订单可以取货时通知我' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await userEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(switched).toEqual([true]);
  });

  it('shows no notice when none waits', async () => {
    replies = { getGroupBuy: () => ok(view), getMyNotices: () => ok({ off: false, notices: [] }) };
    render(<GroupBuyPage questionId="q-gb01" />);
    await screen.findByRole('region', { name: '我的订单' });
    expect(screen.queryByTestId('gb-notice')).toBeNull();
  });
});
