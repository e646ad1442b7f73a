import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BarChart3, CalendarPlus, FolderKanban, PencilLine, Radio, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { questionCountQuery, questionListQuery } from '../../api/question';
import { useProjectLifecycle } from '../../api/use-project-lifecycle';
import { kindOfType, projectHref } from '../../app/kinds';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { Skeleton } from '../../ui/skeleton';
import { ErrorState } from '../../ui/states';
import { StatusPill } from '../../ui/status-pill';
import styles from './workbench.module.css';
import { POWER, PROJECT_STATUS, hasPower, recordKindOf, type TQuestionType } from '../../../schemas/project-kinds';

const RECENT = { sort: 'updateTime' as const, order: 'desc' as const, page: 1, pageSize: 6 };

/** All projects, those collecting, and today's creations against the level's daily limit. */
export function ProjectStats() {
  const { t } = useTranslation();
  const all = useQuery(questionListQuery({ page: 1, pageSize: 1 }));
  const collecting = useQuery(questionListQuery({ status: PROJECT_STATUS.published, page: 1, pageSize: 1 }));
  const count = useQuery(questionCountQuery());
  const figure = (value: ReactNode, loading: boolean) => (loading ? <Skeleton width={48} height={28} /> : <strong>{value}</strong>);
  return (
    <section className={styles.stats} aria-label={t('workbench.stats')}>
      <div className={styles.stat}>
        <FolderKanban size={20} aria-hidden className={styles.statIcon} />
        <span>{t('workbench.totalProjects')}</span>
        {figure(all.data?.total ?? 0, all.isPending)}
      </div>
      <div className={styles.stat}>
        <Radio size={20} aria-hidden className={cx(styles.statIcon, styles.statGreen)} />
        <span>{t('workbench.collecting')}</span>
        {figure(collecting.data?.total ?? 0, collecting.isPending)}
      </div>
      <div className={styles.stat}>
        <CalendarPlus size={20} aria-hidden className={cx(styles.statIcon, styles.statOrange)} />
        <span>{t('workbench.today')}</span>
        {figure(count.data ? t('workbench.todayValue', { count: count.data.questionCount, max: count.data.maxNumber }) : '–', count.isPending)}
      </div>
    </section>
  );
}

/**
 * The projects changed last, one list each of `questionTypes` merged (a brand's own kinds), or any kind; the
 * newest six of them.
 */
function useRecent(questionTypes: readonly TQuestionType[] | undefined) {
  const lists = useQueries({ queries: (questionTypes ?? [undefined]).map((questionType) => questionListQuery({ ...RECENT, questionType })) });
  const failed = lists.find((list) => list.isError);
  const list = lists
    .flatMap((each) => each.data?.list ?? [])
    .sort((a, b) => Date.parse(b.updateTime) - Date.parse(a.updateTime))
    .slice(0, RECENT.pageSize);
  return {
    isPending: lists.some((each) => each.isPending),
    isError: Boolean(failed),
    refetch: () => Promise.all(lists.map((each) => each.refetch())),
    data: { list },
  };
}

/** The six projects changed last (of the kinds given, else any), with edit (through the modify reminder) and their data. */
export function RecentProjects({ empty, questionTypes }: { empty: ReactNode; questionTypes?: readonly TQuestionType[] }) {
  const { t } = useTranslation();
  const recent = useRecent(questionTypes);
  const lifecycle = useProjectLifecycle();

  if (recent.isPending) {
    return (
      <ul className={styles.recent} aria-busy="true">
        {[0, 1, 2].map((i) => (
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
  }
  if (recent.isError) {
    return (
      <ErrorState
        compact
        title={t('workbench.loadError')}
        actions={
          <Button onClick={() => void recent.refetch()} size="sm">
            {t('workbench.retry')}
          </Button>
        }
      />
    );
  }
  if (!recent.data.list.length) return <>{empty}</>;
  return (
    <>
      <ul className={styles.recent}>
        {recent.data.list.map((project) => {
          const kind = kindOfType(project.questionType);
          const Icon = kind?.icon;
          const power = project.powerType ?? POWER.view;
          return (
            <li key={project.questionId} className={styles.recentRow}>
              <span className={styles.recentIcon} style={{ background: kind?.color }} aria-hidden>
                {Icon ? <Icon size={18} /> : null}
              </span>
              <div className={styles.recentMain}>
                <p className={styles.recentTitle}>
                  {project.title}
                  {project.isTeamWork === 1 ? (
                    <span className={styles.teamWork}>
                      <Users size={12} aria-hidden />
                      {t('workbench.teamWork')}
                    </span>
                  ) : null}
                </p>
                <p className={styles.recentMeta}>
                  {kind ? t(`kind.${kind.kind}`) : ''} · {t('workbench.updated', { time: formatDateTime(project.updateTime) })}
                </p>
              </div>
              <StatusPill tone={project.status === PROJECT_STATUS.published ? 'success' : 'muted'} className={styles.status}>
                {t(project.status === PROJECT_STATUS.published ? 'workbench.statusCollecting' : 'workbench.statusDraft')}
              </StatusPill>
              <span className={styles.recentData}>
                {t(`records.${recordKindOf(project.questionType, project.solitaireType)}`, { count: project.recordCount })}
              </span>
              <div className={styles.recentActions}>
                {hasPower(power, 'edit') ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={lifecycle.busy?.questionId === project.questionId}
                    onClick={() =>
                      lifecycle.edit({
                        questionId: project.questionId,
                        status: project.status,
                        dataCount: project.dataCount,
                        questionType: project.questionType,
                      })
                    }
                  >
                    <PencilLine size={14} aria-hidden />
                    {t('workbench.edit')}
                  </Button>
                ) : null}
                {hasPower(power, 'report') ? (
                  <Button size="sm" variant="ghost" asChild>
                    <Link to={projectHref.data(project.questionId, project.questionType, project.solitaireType)}>
                      <BarChart3 size={14} aria-hidden />
                      {t('workbench.data')}
                    </Link>
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <Link to={kindOfType(recent.data.list[0]?.questionType)?.manage ?? '/questionnaire/list.html'} className={styles.viewAll}>
        {t('workbench.viewAll')}
      </Link>
      {lifecycle.dialog}
    </>
  );
}
