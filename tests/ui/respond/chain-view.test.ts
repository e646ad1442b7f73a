import { describe, expect, it } from 'vitest';
import type { TChainEntry, TChainEvent, TChainView } from '../../../schemas/api/chain';
import { applyChainEvent, countLine, joinedOf, waitingOf } from '../../../src/respond/chain/chain-view';

const entry = (seq: number, state: TChainEntry['state'] = 'joined'): TChainEntry => ({
  entryId: `e${seq}`,
  seq,
  name: `第${seq}人`,
  answer: '',
  people: 1,
  state,
  joinTime: '2026-11-27T04:00:00.000Z',
  updateTime: '2026-11-27T04:00:00.000Z',
});
const settings = {
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
const view: TChainView = {
  questionId: 'q1234567',
  title: '接龙',
  description: '',
  status: 1,
  settings,
  counts: { joinedPeople: 2, joinedCount: 2, waitingCount: 1 },
  entries: [entry(1), entry(2), entry(3, 'waitlisted')],
  mine: ['e1'],
  lastEventId: 10,
  serverTime: '2026-11-27T04:00:00.000Z',
};
const event = (id: number, kind: TChainEvent['kind'], e: TChainEntry, counts = view.counts): TChainEvent => ({ id, kind, entry: e, counts, settings });

describe('a live event applied to the chain page', () => {
  it('takes a withdrawn entry off and moves a promoted one up, keeping numbers', () => {
    let next = applyChainEvent(view, event(11, 'withdraw', entry(1, 'withdrawn'), { joinedPeople: 1, joinedCount: 1, waitingCount: 1 }));
    next = applyChainEvent(next, event(12, 'promote', entry(3, 'joined'), { joinedPeople: 2, joinedCount: 2, waitingCount: 0 }));
    expect(joinedOf(next).map((e) => e.seq)).toEqual([2, 3]);
    expect(waitingOf(next)).toEqual([]);
    expect(next.mine).toEqual([]);
    expect(countLine(next)).toBe('已报名 2/2 人');
    expect(next.lastEventId).toBe(12);
  });

  it('ignores an event the page has already seen (a replay after reconnecting)', () => {
    expect(applyChainEvent(view, event(10, 'join', entry(9)))).toBe(view);
  });

  it('adds a new entry in number order', () => {
    const next = applyChainEvent(view, event(11, 'join', entry(4, 'waitlisted'), { joinedPeople: 2, joinedCount: 2, waitingCount: 2 }));
    expect(next.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(countLine(next)).toBe('已报名 2/2 人 · 候补 2');
  });
});
