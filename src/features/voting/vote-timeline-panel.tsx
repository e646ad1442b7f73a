import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getVotingTrendList, voteKeys } from '../../api/vote';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { timelineOf } from './vote-timeline';
import { VoteChart } from './vote-chart';
import styles from './voting-styles';

/** Players with a line in the chart. */
const TOP = 5;

/** 票数趋势: valid votes over time of the five players with the most of them (ECharts lines), counted on the server over the whole activity. */
export function VoteTimelinePanel({ voteId, voteCount }: { voteId: string; voteCount: number }) {
  const votes = useQuery({ queryKey: [...voteKeys.one(voteId), 'trend', voteCount], queryFn: () => getVotingTrendList(voteId, TOP) });
  const timeline = useMemo(() => (votes.data ? timelineOf(votes.data) : { labels: [], series: [] }), [votes.data]);
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
  return (
    <section className={styles.panel} aria-labelledby="vote-timeline">
      <h2 id="vote-timeline">票数趋势（前五名）</h2>
      {votes.data?.series.length ? (
        <p className={styles.hint}>
          共 {votes.data.total} 条有效投票，按{votes.data.unit === 'hour' ? '小时' : '天'}统计（北京时间）
        </p>
      ) : null}
      {body}
    </section>
  );
}
