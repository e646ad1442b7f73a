import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft, BarChart3, Eye, ListChecks, LoaderCircle, Pause, Play } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { questionInfoQuery } from '../../api/question';
import { useProjectLifecycle } from '../../api/use-project-lifecycle';
import { projectHref } from '../../app/kinds';
import { useBrand } from '../../app/use-route-entry';
import { Button } from '../../ui/button';
import { ScreenHelpLink } from '../../ui/screen-help-link';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { StatusPill, type TPillTone } from '../../ui/status-pill';
import { EmbedCard, LinkCard, QrCard, ShareTitleCard, type TReleaseWords } from './release-cards';
import { PosterCard } from './poster-card';
import { AppletCodeCard } from './applet-code-card';
import { RELEASE_NS } from './release-i18n';
import styles from './release-styles';
import { shareLinks, shareOrigin } from './share-links';
import { POWER, PROJECT_STATUS, hasPower, projectNounOf, recordKindOf } from '../../../schemas/project-kinds';

/** The project's state on its pill: collecting, paused (answers taken, not collecting now) or not yet published. */
const STATE_TONE = { collecting: 'success', paused: 'warning', draft: 'neutral' } as const satisfies Record<string, TPillTone>;

/** /questionnaire/release.html?questionId=…: publish, pause, resume, and every way to share the project. */

export function ReleasePage() {
  const { t } = useTranslation(RELEASE_NS);
  const common = useTranslation().t;
  const brand = useBrand();
  const questionId = useLocation({ select: (l) => String((l.search as Record<string, unknown>).questionId ?? '') });
  const info = useQuery(questionInfoQuery(questionId));
  const lifecycle = useProjectLifecycle();
  const project = info.data;
  const frameTitle = project ? common(`projectNoun.${projectNounOf(project.questionType, project.solitaireType)}`) : '';
  const links = useMemo(
    () => (project ? shareLinks(shareOrigin(brand, project.questionType, window.location), project.questionId, frameTitle) : null),
    [brand, project, frameTitle],
  );

  if (!questionId) {
    return (
      <EmptyState
        title={t('missing')}
        description={t('missingDesc')}
        actions={
          <Button variant="primary" asChild>
            <Link to="/questionnaire/list.html">{t('toList')}</Link>
          </Button>
        }
      />
    );
  }
  if (info.isPending) return <LoadingState />;
  if (!project || !links) {
    return (
      <ErrorState
        title={t('loadError')}
        description={info.error?.message}
        actions={
          <Button variant="primary" onClick={() => void info.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }

  const power = project.powerType ?? POWER.view;
  const canPublish = hasPower(power, 'edit');
  const canReport = hasPower(power, 'report');
  const collecting = project.status === PROJECT_STATUS.published;
  const state = collecting ? 'collecting' : project.recordCount > 0 ? 'paused' : 'draft';
  const target = { questionId: project.questionId, status: project.status, dataCount: project.dataCount, questionType: project.questionType };
  const busy = lifecycle.busy?.questionId === project.questionId ? lifecycle.busy.action : null;
  const recordKind = recordKindOf(project.questionType, project.solitaireType);
  const words: TReleaseWords = {
    noun: common(`projectNoun.${projectNounOf(project.questionType, project.solitaireType)}`),
    records: common(`recordsNoun.${recordKind}`),
    title: project.title,
  };

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          {canPublish ? (
            // Back to editing a collecting project goes through the modify reminder (spec §4), as from the lists.
            <Button variant="ghost" size="sm" onClick={() => lifecycle.edit(target)} disabled={busy !== null}>
              {busy === 'edit' ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <ArrowLeft size={14} aria-hidden />}
              {t('back')}
            </Button>
          ) : null}
          <h1>{project.title}</h1>
          <p className={styles.meta}>
            <StatusPill tone={STATE_TONE[state]} dot className={styles.badge}>
              {t(`status.${state}`)}
            </StatusPill>
            <span data-testid="release-records">{t('data', { records: common(`records.${recordKind}`, { count: project.recordCount }) })}</span>
          </p>
        </div>
        <div className={styles.actions}>
          <ScreenHelpLink screen="release" />
          <Button asChild>
            <a href={links.preview} target="_blank" rel="noopener noreferrer">
              <Eye size={14} aria-hidden />
              {t('preview')}
            </a>
          </Button>
          {canReport ? (
            <Button asChild>
              <Link to="/answerList.html" search={{ questionId: project.questionId }}>
                <ListChecks size={14} aria-hidden />
                {t('answers', words)}
              </Link>
            </Button>
          ) : null}
          {canReport ? (
            <Button asChild>
              <Link to={projectHref.report(project.questionId)}>
                <BarChart3 size={14} aria-hidden />
                {t('report')}
              </Link>
            </Button>
          ) : null}
          {canPublish && collecting ? (
            <Button onClick={() => lifecycle.pause(target)} disabled={busy !== null}>
              {busy === 'pause' ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <Pause size={14} aria-hidden />}
              {t('pause')}
            </Button>
          ) : null}
          {canPublish && !collecting ? (
            <Button variant="primary" onClick={() => lifecycle.publish(target)} disabled={busy !== null}>
              {busy === 'publish' ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <Play size={14} aria-hidden />}
              {t(state === 'paused' ? 'resume' : 'publish')}
            </Button>
          ) : null}
        </div>
      </header>

      {!collecting ? (
        <div className={styles.notice} role="status">
          <strong>{t(state === 'paused' ? 'paused' : 'notPublished', words)}</strong>
          <span>{t(state === 'paused' ? 'pausedDesc' : 'notPublishedDesc', words)}</span>
        </div>
      ) : null}
      {!canPublish ? <p className={styles.muted}>{t('viewOnly')}</p> : null}
      {lifecycle.error ? (
        <p className={styles.error} role="alert">
          {lifecycle.error}
        </p>
      ) : null}

      <div className={styles.grid}>
        <div className={styles.column}>
          <LinkCard links={links} words={words} />
          <EmbedCard links={links} words={words} />
          <ShareTitleCard key={project.shareTitle} questionId={project.questionId} initial={project.shareTitle} canEdit={canPublish} words={words} />
        </div>
        <div className={styles.column}>
          <QrCard links={links} title={project.title} words={words} />
          <PosterCard questionId={project.questionId} words={words} />
          <AppletCodeCard questionId={project.questionId} title={project.title} words={words} />
        </div>
      </div>
      {lifecycle.dialog}
    </div>
  );
}

export default ReleasePage;
