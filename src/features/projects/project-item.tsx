import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { BarChart3, Copy, LoaderCircle, Pause, PencilLine, Play, Trash2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TProjectInfo } from '../../../schemas/api/question';
import { projectHref, type TKind } from '../../app/kinds';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/format-time';
import { StatusPill } from '../../ui/status-pill';
import { KindScreenLinks } from './kind-screen-links';
import { ProjectMoreMenu } from './project-more-menu';
import { PROJECTS_NS } from './projects-i18n';
import styles from './project-list-styles';
import type { TLayoutMode } from './use-list-controls';
import { POWER, PROJECT_STATUS, hasAnswerReport, hasPower, recordKindOf, solitaireKindOf } from '../../../schemas/project-kinds';

/**
 * What a row may do, by the caller's power (spec §6: edit for 1 or 2, report for 1 or 3, clearing the data
 * for 1; the bin is the owner's).
 */
export function powersOf(project: TProjectInfo) {
  const power = project.powerType ?? POWER.view;
  return {
    edit: hasPower(power, 'edit'),
    report: hasPower(power, 'report'),
    clear: hasPower(power, 'manage'),
    remove: project.isTeamWork === 0 && power === POWER.manage,
  };
}

export interface TProjectItemProps {
  project: TProjectInfo;
  kind: TKind;
  layout: TLayoutMode;
  /** Which action of this project waits for the server. */
  busy: 'edit' | 'publish' | 'pause' | 'copy' | null;
  onEdit: () => void;
  onPublish: () => void;
  onPause: () => void;
  onCopy: () => void;
  onDelete: () => void;
  /** 清空数据 (asks for confirmation first). */
  onClear: () => void;
}

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation(PROJECTS_NS);
  return (
    <StatusPill tone={status === PROJECT_STATUS.published ? 'success' : 'muted'} dot>
      {t(`item.status.${status === PROJECT_STATUS.published ? 1 : 0}`)}
    </StatusPill>
  );
}

/** Which 接龙 it is (报名 / 打卡 / 团购): the chain list mixes the kinds (issue 47 item 5). Nothing for other projects. */
function ChainKindTag({ project }: { project: TProjectInfo }) {
  const { t } = useTranslation(PROJECTS_NS);
  const chainKind = solitaireKindOf(project.questionType, project.solitaireType);
  return chainKind ? (
    <span className={styles.kindTag} data-testid="project-kind">
      {t(`create.solitaire.kinds.${chainKind.solitaireType}.name`)}
    </span>
  ) : null;
}

export function ProjectItem({ project, kind, layout, busy, onEdit, onPublish, onPause, onCopy, onDelete, onClear }: TProjectItemProps) {
  const { t } = useTranslation(PROJECTS_NS);
  const common = useTranslation().t;
  const records = recordKindOf(project.questionType, project.solitaireType);
  // A kind whose page asks its own fields (sign-up, check-in) has no questions to count.
  const asksQuestions = solitaireKindOf(project.questionType, project.solitaireType)?.asksQuestions !== false;
  const can = powersOf(project);
  const spinner = (action: TProjectItemProps['busy']) => (busy === action ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null);
  const collecting = project.status === PROJECT_STATUS.published;
  const compact = layout === '2';
  // Rarely used actions (高级复制, 项目设置, 选项配额, 清空数据); on cards the menu sits in the head so the action row still fits a phone.
  const more = (
    <ProjectMoreMenu
      project={project}
      compact={compact}
      disabled={busy !== null}
      canCopy={can.edit}
      canClear={can.clear && hasAnswerReport(records)}
      canSettings={can.edit}
      canQuotas={hasAnswerReport(records)}
      canReceipts={can.report && hasAnswerReport(records)}
      canWebhooks={can.clear}
      onClear={onClear}
    />
  );
  const actions = (
    <div className={styles.actions} role="group" aria-label={t('item.actions', { title: project.title })}>
      {can.edit ? (
        <button type="button" className={styles.action} onClick={onEdit} disabled={busy !== null}>
          {spinner('edit') ?? <PencilLine size={14} aria-hidden />}
          {t('action.edit')}
        </button>
      ) : null}
      {can.edit ? (
        <button type="button" className={styles.action} onClick={collecting ? onPause : onPublish} disabled={busy !== null}>
          {spinner(collecting ? 'pause' : 'publish') ?? (collecting ? <Pause size={14} aria-hidden /> : <Play size={14} aria-hidden />)}
          {t(collecting ? 'action.pause' : 'action.publish')}
        </button>
      ) : null}
      <KindScreenLinks project={project} canReport={can.report} />
      {can.report ? (
        <Link to={projectHref.report(project.questionId)} className={styles.action}>
          <BarChart3 size={14} aria-hidden />
          {t('action.report')}
        </Link>
      ) : null}
      {/* On cards the secondary actions are icons (named by aria-label) so one row holds them all. */}
      <span className={styles.secondary}>
        {can.edit ? (
          <button
            type="button"
            className={cx(styles.action, compact && styles.iconAction)}
            onClick={onCopy}
            disabled={busy !== null}
            aria-label={compact ? t('action.copy') : undefined}
            title={compact ? t('action.copy') : undefined}
          >
            {spinner('copy') ?? <Copy size={14} aria-hidden />}
            {compact ? null : t('action.copy')}
          </button>
        ) : null}
        {can.remove ? (
          <button
            type="button"
            className={cx(styles.action, styles.dangerAction, compact && styles.iconAction)}
            onClick={onDelete}
            disabled={busy !== null}
            aria-label={compact ? t('action.delete') : undefined}
            title={compact ? t('action.delete') : undefined}
          >
            <Trash2 size={14} aria-hidden />
            {compact ? null : t('action.delete')}
          </button>
        ) : null}
        {compact ? null : more}
      </span>
    </div>
  );
  const kindTag = <ChainKindTag project={project} />;
  const teamWork =
    project.isTeamWork === 1 ? (
      <span className={styles.teamWork} title={t('item.teamWorkTitle', { owner: project.ownerName })}>
        <Users size={12} aria-hidden />
        {t('item.teamWork')}
      </span>
    ) : null;

  if (layout === '1') {
    return (
      <li className={styles.row}>
        <div className={styles.rowMain}>
          <div className={styles.rowTitle}>
            <h3 className={styles.title}>{project.title}</h3>
            {kindTag}
            {teamWork}
          </div>
          <p className={styles.meta}>
            {asksQuestions ? `${t('item.subjects', { count: project.subjectCount })} · ` : null}
            {t('item.updated', { time: formatDateTime(project.updateTime) })}
          </p>
        </div>
        <StatusBadge status={project.status} />
        <span className={styles.rowData} data-testid="project-records">
          {common(`records.${records}`, { count: project.recordCount })}
        </span>
        {actions}
      </li>
    );
  }

  return (
    <li className={styles.card} style={{ '--kind-color': kind.color } as CSSProperties}>
      <div className={styles.cardHead}>
        <span className={styles.headEnd}>
          <StatusBadge status={project.status} />
          {kindTag}
        </span>
        <span className={styles.headEnd}>
          {teamWork}
          {more}
        </span>
      </div>
      <h3 className={cx(styles.title, styles.cardTitle)}>{project.title}</h3>
      <p className={styles.meta}>{t('item.updated', { time: formatDateTime(project.updateTime) })}</p>
      <dl className={styles.figures}>
        <div data-testid="project-records">
          <dd>{project.recordCount}</dd>
          <dt>{common(`recordsLabel.${records}`)}</dt>
        </div>
        {asksQuestions ? (
          <div>
            <dd>{project.subjectCount}</dd>
            <dt>{t('item.subjectsLabel')}</dt>
          </div>
        ) : null}
      </dl>
      {actions}
    </li>
  );
}
