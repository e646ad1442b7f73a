import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BarChart3, PencilLine, Plus, Vote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PROJECT_KINDS } from '../../../schemas/project-kinds';
import { VOTE_PHASE_NAMES } from '../../../schemas/vote/vote-lifecycle';
import { voteListQuery } from '../../api/vote';
import { kindOf } from '../../app/kinds';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { Skeleton } from '../../ui/skeleton';
import { EmptyState, ErrorState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import styles from './workbench.module.css';

const RECENT = { page: 1, pageSize: 5 };

/** 投票通's workbench opens on its votes: the latest changed (pinned first), their votes and visits, edit and results. */
export function RecentVotes() {
  const { t } = useTranslation();
  const votes = useQuery(voteListQuery(RECENT));
  const color = kindOf('voting')?.color;
  let body;
  if (votes.isPending) {
    body = (
      <ul className={styles.recent} aria-busy="true">
        {[0, 1].map((i) => (
          <li key={i} className={styles.recentRow}>
            <Skeleton width={36} height={36} />
            <div className={styles.recentMain}>
              <Skeleton width="40%" height={16} />
              <Skeleton width="25%" height={12} />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (votes.isError) {
    body = (
      <ErrorState
        compact
        title={t('workbench.votesError')}
        actions={
          <Button onClick={() => void votes.refetch()} size="sm">
            {t('workbench.retry')}
          </Button>
        }
      />
    );
  } else if (!votes.data.list.length) {
    body = (
      <EmptyState
        compact
        title={t('workbench.votesEmpty')}
        actions={
          <Button variant="primary" asChild>
            <Link to={PROJECT_KINDS.voting.create}>{t('workbench.createVote')}</Link>
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <ul className={styles.recent}>
          {votes.data.list.map((vote) => (
            <li key={vote.voteId} className={styles.recentRow}>
              {vote.coverImages[0] ? (
                <img className={styles.recentIcon} src={vote.coverImages[0]} alt="" />
              ) : (
                <span className={styles.recentIcon} style={{ background: color }} aria-hidden>
                  <Vote size={18} />
                </span>
              )}
              <div className={styles.recentMain}>
                <p className={styles.recentTitle}>{vote.title}</p>
                <p className={styles.recentMeta}>
                  {t('workbench.voteFigures', { players: vote.playerCount, visits: vote.visitCount })} ·{' '}
                  {t('workbench.updated', { time: formatDateTime(vote.updateTime) })}
                </p>
              </div>
              <StatusPill tone={vote.phase === 'running' ? 'success' : 'muted'} className={styles.status}>
                {VOTE_PHASE_NAMES[vote.phase]}
              </StatusPill>
              <span className={styles.recentData}>{t('workbench.voteCount', { count: vote.voteCount })}</span>
              <div className={styles.recentActions}>
                <Button size="sm" variant="ghost" asChild>
                  <Link to="/voting/add.html" search={{ voteId: vote.voteId }}>
                    <PencilLine size={14} aria-hidden />
                    {t('workbench.edit')}
                  </Link>
                </Button>
                <Button size="sm" variant="ghost" asChild>
                  <Link to="/voting/result.html" search={{ voteId: vote.voteId }}>
                    <BarChart3 size={14} aria-hidden />
                    {t('workbench.results')}
                  </Link>
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <Link to={PROJECT_KINDS.voting.manage} className={styles.viewAll}>
          {t('workbench.viewAll')}
        </Link>
      </>
    );
  }
  return (
    <section className={styles.panel}>
      <div className={styles.panelHead}>
        <h2>{t('workbench.myVotes')}</h2>
        <Button variant="primary" size="sm" asChild>
          <Link to={PROJECT_KINDS.voting.create}>
            <Plus size={14} aria-hidden />
            {t('workbench.createVote')}
          </Link>
        </Button>
      </div>
      {body}
    </section>
  );
}
