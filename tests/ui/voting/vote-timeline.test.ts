import { describe, expect, it } from 'vitest';
import { timelineOf } from '../../../src/features/voting/vote-timeline';
import { detail } from './vote-fixtures';

const at = (iso: string, playerId: string, valid = true) =>
  detail({ detailId: iso, createTime: iso, playerId, playerName: playerId, playerNo: Number(playerId.slice(-1)), valid });

describe('timelineOf', () => {
  it('counts valid votes per player per Shanghai hour, zero-filling the hours between', () => {
    const timeline = timelineOf([
      at('2026-11-26T01:10:00Z', 'p1'),
      at('2026-11-26T01:50:00Z', 'p1'),
      at('2026-11-26T03:05:00Z', 'p2'),
      at('2026-11-26T03:06:00Z', 'p1', false),
    ]);
    expect(timeline.labels).toEqual(['11-26 09时', '11-26 10时', '11-26 11时']);
    expect(timeline.series).toEqual([
      { playerId: 'p1', name: '1号 p1', counts: [2, 0, 0] },
      { playerId: 'p2', name: '2号 p2', counts: [0, 0, 1] },
    ]);
  });

  it('buckets by day over longer spans and keeps the five players with most votes', () => {
    const votes = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].flatMap((id, i) => Array.from({ length: 6 - i }, () => at('2026-11-20T02:00:00Z', id)));
    const timeline = timelineOf([...votes, at('2026-11-23T15:59:00Z', 'p6'), at('2026-11-23T16:00:00Z', 'p1')]);
    expect(timeline.labels).toEqual(['11-20', '11-21', '11-22', '11-23', '11-24']);
    expect(timeline.series.map((each) => each.playerId)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(timeline.series[0]!.counts).toEqual([6, 0, 0, 0, 1]);
  });

  it('is empty without valid votes', () => {
    expect(timelineOf([at('2026-11-26T01:10:00Z', 'p1', false)])).toEqual({ labels: [], series: [] });
  });
});
