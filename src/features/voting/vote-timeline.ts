import type { TTrend } from '../../../schemas/api/vote';

export interface TTimeline {
  /** Bucket labels, oldest first ('11-27' for days, '11-27 14时' for hours). */
  labels: string[];
  series: Array<{ playerId: string; name: string; counts: number[] }>;
}

/** A server bucket ('2026-11-27 14:00' or '2026-11-27', Shanghai time) as the chart's axis shows it. */
export const bucketLabel = (bucket: string, unit: TTrend['unit']): string =>
  unit === 'hour' ? `${bucket.slice(5, 10)} ${bucket.slice(11, 13)}时` : bucket.slice(5, 10);

/** The chart of the result page from getVotingTrendList: one line per player, named by number and name. */
export function timelineOf(trend: TTrend): TTimeline {
  return {
    labels: trend.buckets.map((bucket) => bucketLabel(bucket, trend.unit)),
    series: trend.series.map((each) => ({ playerId: each.playerId, name: `${each.no}号 ${each.name}`, counts: each.counts })),
  };
}
