import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TVotingDetail } from '../../../schemas/api/vote';
import { getVotingDetailList, voteKeys } from '../../api/vote';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { timelineOf } from './vote-timeline';
import { VoteChart } from './vote-chart';
import styles from './voting.module.css';

/** The votes the chart reads: the newest valid ones, a page of 100 at a time, at most this many. */
export const TIMELINE_MAX = 1_000;

async function recentValidVotes(voteId: string): Promise<{ details: TVotingDetail[]; total: number }> {
  const details: TVotingDetail[] = [];
  let total = 0;
  for (let page = 1; details.length < TIMELINE_MAX; page++) {
    const answer = await getVotingDetailList({ voteId, valid: true, page, pageSize: 100 });
    total = answer.total;
    details.push(...answer.list);
    if (answer.list.length < 100 || details.length >= total) break;
  }
  return { details, total };
}

/** 票数趋势: valid votes over time of the five players with the most of them (ECharts lines). */
export function VoteTimelinePanel({ voteId, voteCount }: { voteId: string; voteCount: number }) {
  const votes = useQuery({ queryKey: [...voteKeys.one(voteId), 'timeline', voteCount], queryFn: () => recentValidVotes(voteId) });
  const timeline = useMemo(() => timelineOf(votes.data?.details ?? []), [votes.data]);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: timeline.labels, boundaryGap: false },
      yAxis: { type: 'value', minInterval: 1 },
      series: timeline.series.map((each) => ({ type: 'line', name: each.name, data: each.counts, smooth: false, symbolSize: 6 })),
    }),
    [timeline],
  );
  let body;
  if (votes.isPending) body = <LoadingState compact label="正在统计票数趋势…" />;
  else if (votes.isError) body = <ErrorState compact title="票数趋势加载失败" />;
  else if (!timeline.series.length) body = <EmptyState compact title="还没有有效投票" description="发布投票并开始投票后，这里会显示各选手票数随时间的变化" />;
  else body = <VoteChart option={option} label="票数前五的选手的有效票随时间变化" />;
  const partial = votes.data && votes.data.total > votes.data.details.length;
  return (
    <section className={styles.panel} aria-labelledby="vote-timeline">
      <h2 id="vote-timeline">票数趋势（前五名）</h2>
      {partial ? (
        <p className={styles.hint}>
          按最近 {votes.data.details.length} 条有效投票统计（共 {votes.data.total} 条）
        </p>
      ) : null}
      {body}
    </section>
  );
}
