import type { TVotingDetail } from '../../../schemas/api/vote';

export interface TTimeline {
  /** Bucket labels, oldest first ('11-27' for days, '11-27 14时' for hours). */
  labels: string[];
  series: Array<{ playerId: string; name: string; counts: number[] }>;
}

const OFFSET_MS = 8 * 3_600_000;
const HOUR_MS = 3_600_000;

/** Shanghai-time bucket of an instant: by hour when the votes span under two days, else by day. */
function bucketOf(ms: number, byHour: boolean): string {
  const iso = new Date(ms + OFFSET_MS).toISOString();
  return byHour ? `${iso.slice(5, 10)} ${iso.slice(11, 13)}时` : iso.slice(5, 10);
}

/**
 * Valid votes per player over time, for the `top` players with the most of them: the chart of the result page.
 * Buckets with no vote in between are filled with zeros so the lines are true to time.
 */
export function timelineOf(details: TVotingDetail[], top = 5): TTimeline {
  const valid = details.filter((each) => each.valid).map((each) => ({ ...each, ms: Date.parse(each.createTime) }));
  if (!valid.length) return { labels: [], series: [] };
  const first = Math.min(...valid.map((each) => each.ms));
  const last = Math.max(...valid.map((each) => each.ms));
  const byHour = last - first < 2 * 24 * HOUR_MS;
  const step = byHour ? HOUR_MS : 24 * HOUR_MS;
  const labels: string[] = [];
  for (let ms = first; ; ms += step) {
    const label = bucketOf(ms, byHour);
    if (labels.at(-1) !== label) labels.push(label);
    if (ms > last) break;
  }
  const lastLabel = bucketOf(last, byHour);
  if (labels.at(-1) !== lastLabel && !labels.includes(lastLabel)) labels.push(lastLabel);
  const at = new Map(labels.map((label, index) => [label, index]));

  const perPlayer = new Map<string, { name: string; counts: number[]; total: number }>();
  for (const vote of valid) {
    const entry = perPlayer.get(vote.playerId) ?? { name: `${vote.playerNo}号 ${vote.playerName}`, counts: labels.map(() => 0), total: 0 };
    entry.counts[at.get(bucketOf(vote.ms, byHour))!]! += 1;
    entry.total += 1;
    perPlayer.set(vote.playerId, entry);
  }
  const series = [...perPlayer.entries()]
    .sort((a, b) => b[1].total - a[1].total)
    .slice(0, top)
    .map(([playerId, entry]) => ({ playerId, name: entry.name, counts: entry.counts }));
  return { labels, series };
}
