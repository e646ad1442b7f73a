import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Gift, Pencil, Webhook } from 'lucide-react';
import { voteInfoQuery } from '../../api/vote';
import { statisticsQuery } from '../../api/vote-player';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { useVoteId } from './use-vote-id';
import { VoteDetailsPanel } from './vote-details-panel';
import { VoteDownloadMenu } from './vote-download-menu';
import { VoteRankingPanel } from './vote-ranking-panel';
import { PHASE_NAMES, phaseClass } from './vote-status';
import { VoteTimelinePanel } from './vote-timeline-panel';
import styles from './voting-styles';

/** /voting/result.html?voteId=…: totals, ranking, votes over time, per-type statistics, the vote detail list and downloads. */
export function VoteResultPage() {
  const voteId = useVoteId();
  const vote = useQuery(voteInfoQuery(voteId));
  const statistics = useQuery({ ...statisticsQuery(voteId), enabled: Boolean(voteId) });

  if (!voteId)
    return (
      <EmptyState
        title="没有指定投票"
        actions={
          <Button asChild variant="primary">
            <Link to="/voting/list.html">返回投票管理</Link>
          </Button>
        }
      />
    );
  if (vote.isPending || statistics.isPending) return <LoadingState label="正在统计投票结果…" />;
  if (vote.isError || statistics.isError)
    return (
      <ErrorState
        title="投票结果加载失败"
        description={(vote.error ?? statistics.error)?.message}
        actions={
          <Button
            variant="primary"
            onClick={() => {
              void vote.refetch();
              void statistics.refetch();
            }}
          >
            重新加载
          </Button>
        }
      />
    );
  const info = vote.data;
  const totals = statistics.data.totals;
  const figures: Array<[string, number]> = [
    ['有效票数', totals.votes],
    ['投票人数', totals.voters],
    ['访问次数', totals.visits],
    ['已作废', totals.voided],
    ['可疑投票', totals.suspect],
  ];

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div className={styles.titleLine}>
          <h1 className={styles.title} style={{ fontSize: 'var(--font-size-xl)' }}>
            {info.title} · 投票结果
          </h1>
          <span className={cx(styles.badge, phaseClass(info.phase))}>{PHASE_NAMES[info.phase]}</span>
        </div>
        <div className={styles.inline}>
          <Button asChild>
            <Link to="/voting/add.html" search={{ voteId }}>
              <Pencil size={14} aria-hidden />
              编辑投票
            </Link>
          </Button>
          <Button asChild>
            <Link to="/RedEnvelope.html" search={{ voteId }}>
              <Gift size={14} aria-hidden />
              投票红包
            </Link>
          </Button>
          <Button asChild>
            <Link to="/questionnaire/webhook.html" search={{ voteId }}>
              <Webhook size={14} aria-hidden />
              数据推送
            </Link>
          </Button>
          <VoteDownloadMenu voteId={voteId} />
        </div>
      </div>
      <section className={styles.panel} aria-label="投票概况">
        <dl className={styles.stats}>
          {figures.map(([label, value]) => (
            <div key={label} className={styles.stat}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <VoteRankingPanel statistics={statistics.data} />
      <VoteTimelinePanel voteId={voteId} voteCount={totals.votes + totals.voided} />
      <VoteDetailsPanel voteId={voteId} />
    </div>
  );
}

export default VoteResultPage;
