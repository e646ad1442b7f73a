import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TChainEntry, TChainEvent, TChainView } from '../../../schemas/api/chain';
import { ChainPage } from '../../../src/respond/chain/chain-page';

/**
 * Issue 43 item 4: a waitlister's own page switches to enrolled as soon as they are promoted (the live feed, or a
 * read when the page comes back to the front) and says so; the lists number 1…n in arrival order.
 */
type Reply = { resultCode: string; resultMsg: string; data: unknown };
const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
let replies: Record<string, (body: Record<string, unknown>) => Reply>;

const entry = (seq: number, name: string, state: TChainEntry['state']): TChainEntry => ({
  entryId: `e${seq}`,
  seq,
  name,
  answer: '',
  people: 1,
  state,
  joinTime: '2026-01-10T06:00:00.000Z',
  updateTime: '2026-01-10T06:00:00.000Z',
});
const settings: TChainView['settings'] = {
  cap: 2,
  capChosen: true,
  waitlist: true,
  multiple: false,
  maskNames: false,
  deadline: null,
  pinnedNote: '',
  closed: false,
  wechatAuthId: null,
  queryEnabled: false,
};
const view = (entries: TChainEntry[], mine: string[], lastEventId = 5): TChainView => ({
  questionId: 'q-chain01',
  title: '周六羽毛球',
  description: '',
  status: 1,
  settings,
  counts: {
    joinedPeople: entries.filter((e) => e.state === 'joined').length,
    joinedCount: entries.filter((e) => e.state === 'joined').length,
    waitingCount: entries.filter((e) => e.state === 'waitlisted').length,
  },
  entries,
  mine,
  lastEventId,
  serverTime: new Date().toISOString(),
});

/** The page's EventSource: the test sends the chain events the server would. */
class FakeSource {
  static last: FakeSource | null = null;
  listeners: Array<(m: MessageEvent<string>) => void> = [];
  constructor(public url: string) {
    FakeSource.last = this;
  }
  addEventListener(_name: string, listener: (m: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }
  close() {}
  send(event: TChainEvent) {
    for (const l of this.listeners) l({ data: JSON.stringify(event) } as MessageEvent<string>);
  }
}

beforeEach(() => {
  FakeSource.last = null;
  vi.stubGlobal('EventSource', FakeSource);
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

const joinedList = () => screen.getByRole('region', { name: '接龙名单' });

describe('the sign-up chain page of a waitlister', () => {
  it('joins the waitlist with a phone, then switches to enrolled when the feed brings the promotion', async () => {
    let current = view([entry(1, '张三', 'joined'), entry(2, '李四', 'joined')], []);
    let joinBody: Record<string, unknown> = {};
    replies = {
      getChain: () => ok(current),
      joinChain: (body) => {
        joinBody = body;
        const mine = entry(3, String(body.name), 'waitlisted');
        current = view([...current.entries, mine], ['e3']);
        return ok({ entry: mine, counts: current.counts });
      },
    };
    render(<ChainPage questionId="q-chain01" />);
    await screen.findByRole('heading', { name: '名额已满，可加入候补' });
    await userEvent.type(screen.getByPlaceholderText('请输入姓名'), '王五');
    await userEvent.type(screen.getByPlaceholderText('转为正式报名时短信通知你'), '13800001111');
    await userEvent.click(screen.getByRole('button', { name: '加入候补' }));
    expect(joinBody).toMatchObject({ name: '王五', phone: '13800001111' });
    expect((await screen.findByRole('status')).textContent).toBe('名额已满，你已进入候补（第 1 位），有人退出时按顺序递补，转为正式报名时短信通知你');
    expect(within(screen.getByRole('region', { name: '候补名单' })).getByText('王五')).toBeTruthy();

    // 李四 is removed and 王五 promoted: the two events of the removal's transaction.
    await waitFor(() => expect(FakeSource.last).not.toBeNull());
    const after = view([entry(1, '张三', 'joined'), entry(3, '王五', 'joined')], ['e3']);
    act(() => {
      FakeSource.last!.send({
        id: 6,
        kind: 'remove',
        entry: { ...entry(2, '李四', 'removed') },
        counts: { ...after.counts, joinedPeople: 1, joinedCount: 1, waitingCount: 1 },
        settings,
      });
      FakeSource.last!.send({ id: 7, kind: 'promote', entry: entry(3, '王五', 'joined'), counts: after.counts, settings });
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('候补成功！你已转为正式报名，现排第 2 号'));
    expect(screen.queryByText(/候补（第/)).toBeNull();
    expect(screen.queryByRole('region', { name: '候补名单' })).toBeNull();
    // Numbered 1…n again: 王五 (arrived third) is second.
    const rows = within(joinedList()).getAllByTestId('chain-row');
    expect(rows.map((r) => r.textContent?.slice(0, 4))).toEqual(['1.张三', '2.王五']);
    expect(within(rows[1]!).getByText('我')).toBeTruthy();
  });

  it('reads its state again when the page comes back to the front and tells a promotion it missed', async () => {
    let current = view([entry(1, '张三', 'joined'), entry(2, '李四', 'joined'), entry(3, '王五', 'waitlisted')], ['e3']);
    replies = { getChain: () => ok(current) };
    // No feed on this phone (asleep): only the read on focus.
    vi.stubGlobal('EventSource', undefined);
    render(<ChainPage questionId="q-chain01" />);
    await waitFor(() => expect(within(screen.getByRole('region', { name: '候补名单' })).getByText('王五')).toBeTruthy());
    expect(screen.queryByRole('status')).toBeNull();

    current = view([entry(1, '张三', 'joined'), entry(3, '王五', 'joined')], ['e3'], 9);
    fireEvent.focus(window);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('候补成功！你已转为正式报名，现排第 2 号'));
    expect(within(joinedList()).getByText('王五')).toBeTruthy();
  });
});

describe('notices on the page (issue 47 item 4)', () => {
  const told = {
    noticeId: 4,
    kind: 'waitlist_promoted',
    text: '王五，你在「周六羽毛球」的候补已转为正式报名，现排第 2 位。',
    createTime: '2026-01-10T07:00:00.000Z',
  };

  it('shows the notice recorded while the participant was away, at the next visit', async () => {
    const asked: Record<string, unknown>[] = [];
    replies = {
      getChain: () => ok(view([entry(1, '张三', 'joined'), entry(3, '王五', 'joined')], ['e3'])),
      getMyNotices: (body) => (asked.push(body), ok({ off: false, notices: asked.length === 1 ? [told] : [] })),
    };
    render(<ChainPage questionId="q-chain01" />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(told.text));
    expect(asked[0]).toMatchObject({ questionId: 'q-chain01', deviceId: expect.any(String) });
  });

  it('says a live promotion once: its recorded notice is read (marked shown) but not repeated', async () => {
    let current = view([entry(1, '张三', 'joined'), entry(2, '李四', 'joined'), entry(3, '王五', 'waitlisted')], ['e3']);
    let reads = 0;
    replies = {
      getChain: () => ok(current),
      getMyNotices: () => (reads++, ok({ off: false, notices: reads > 1 ? [told] : [] })),
    };
    vi.stubGlobal('EventSource', undefined);
    render(<ChainPage questionId="q-chain01" />);
    await waitFor(() => expect(within(screen.getByRole('region', { name: '候补名单' })).getByText('王五')).toBeTruthy());
    current = view([entry(1, '张三', 'joined'), entry(3, '王五', 'joined')], ['e3'], 9);
    fireEvent.focus(window);
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.getByRole('status').textContent).toBe('候补成功！你已转为正式报名，现排第 2 号');
  });

  it('lets a participant with an entry turn notices off and on', async () => {
    const switched: unknown[] = [];
    replies = {
      getChain: () => ok(view([entry(1, '张三', 'joined'), entry(3, '王五', 'waitlisted')], ['e3'])),
      getMyNotices: () => ok({ off: false, notices: [] }),
      setNoticeOff: (body) => (switched.push(body.off), ok({ off: body.off })),
    };
    render(<ChainPage questionId="q-chain01" />);
    const box = await screen.findByRole('checkbox', { name: '有变动时通知我（如候补转正）' });
    expect((box as HTMLInputElement).checked).toBe(true);
    await userEvent.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    await userEvent.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    expect(switched).toEqual([true, false]);
  });

  it('offers no switch to a visitor without an entry', async () => {
    replies = { getChain: () => ok(view([entry(1, '张三', 'joined')], [])), getMyNotices: () => ok({ off: false, notices: [] }) };
    render(<ChainPage questionId="q-chain01" />);
    await screen.findByRole('region', { name: '接龙名单' });
    expect(screen.queryByRole('checkbox', { name: /通知我/ })).toBeNull();
  });
});
