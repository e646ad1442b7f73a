import { describe, expect, it } from 'vitest';
import { bucketLabel, timelineOf } from '../../../src/features/voting/vote-timeline';

describe('timelineOf (getVotingTrendList → chart)', () => {
  it('labels Shanghai hours as 时 and names each line by number and name', () => {
    const timeline = timelineOf({
      unit: 'hour',
      buckets: ['2026-11-26 09:00', '2026-11-26 10:00', '2026-11-26 11:00'],
      series: [
        { playerId: 'p1', no: 1, name: '张三', votes: 2, counts: [2, 0, 0] },
        { playerId: 'p2', no: 2, name: '李四', votes: 1, counts: [0, 0, 1] },
      ],
      total: 3,
    });
    expect(timeline.labels).toEqual(['11-26 09时', '11-26 10时', '11-26 11时']);
    expect(timeline.series).toEqual([
      { playerId: 'p1', name: '1号 张三', counts: [2, 0, 0] },
      { playerId: 'p2', name: '2号 李四', counts: [0, 0, 1] },
    ]);
  });

  it('labels days as month-day', () => {
    expect(bucketLabel('2026-11-20', 'day')).toBe('11-20');
    expect(timelineOf({ unit: 'day', buckets: [], series: [], total: 0 })).toEqual({ labels: [], series: [] });
  });
});
