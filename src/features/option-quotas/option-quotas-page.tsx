import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TQuotaStat } from '../../../schemas/api/report';
import { hasPower } from '../../../schemas/project-kinds';
import { liveQuotaQuery, QUOTA_REFRESH_MS } from '../../api/option-quota';
import { questionInfoQuery } from '../../api/question';
import { Button } from '../../ui/button';
import { followDownload } from '../../ui/follow-download';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { OPTION_QUOTAS_NS } from './option-quotas-i18n';
import styles from './option-quotas-styles';
import { quotaCsv } from './quota-csv';
import { QuotaTable } from './quota-table';

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** 导出配额统计: the statement as it stands, one row a quota, downloaded as CSV. */
function useExport(rows: readonly TQuotaStat[] | undefined, title: string) {
  const { t } = useTranslation(OPTION_QUOTAS_NS);
  return () => {
    if (!rows) return;
    const csv = quotaCsv(rows, {
      head: ['quota', 'condition', 'onFull', 'message', 'used', 'limit', 'state'].map((k) => t(`csv.${k}`)),
      onFull: (q) => t(`onFull.${q.onFull ?? 'hideOption'}`),
      state: (q) => (q.full ? t('full') : t('open')),
    });
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    followDownload(url, `${title.replace(/[\\/:*?"<>|]/g, '').slice(0, 40) || 'quota'}-配额统计.csv`);
    window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
}

function Summary({ rows }: { rows: readonly TQuotaStat[] }) {
  const { t } = useTranslation(OPTION_QUOTAS_NS);
  const figures = [
    ['count', rows.length],
    ['full', rows.filter((q) => q.full).length],
    ['used', rows.reduce((n, q) => n + q.used, 0)],
  ] as const;
  return (
    <div className={styles.summary}>
      {figures.map(([key, value]) => (
        <div key={key} className={styles.stat} data-testid={`quota-summary-${key}`}>
          <strong>{value}</strong>
          <span>{t(`summary.${key}`)}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * /optionsQuota.html?questionId=…: every quota of a project with its live fill (read again every few seconds), what a
 * respondent meets when it is full, its target changed in place with edit power, and the statement's export. Every
 * collaborator reads it (the statement is counts; docs/decisions.md "Quota statement for editors").
 */
export function OptionQuotasPage() {
  const { t } = useTranslation(OPTION_QUOTAS_NS);
  const questionId = useLocation({ select: (l) => String((l.search as Record<string, unknown>).questionId ?? '') });
  const info = useQuery(questionInfoQuery(questionId));
  const power = info.data?.powerType;
  // Every collaborator reads the targets and fill counts (counts, not answers); power 1 or 2 changes targets.
  const quotas = useQuery({ ...liveQuotaQuery(questionId), enabled: Boolean(questionId) });
  const title = info.data?.title ?? '';
  const exportCsv = useExport(quotas.data, title);
  if (!questionId) return <EmptyState title={t('missing')} />;
  const logic = `/questionnaire/edit/logic.html?questionId=${encodeURIComponent(questionId)}`;
  const canEdit = hasPower(power, 'edit');
  // An editor (power 2) has no report to go back to: the project list, where 选项配额 is in 更多.
  const back =
    power === undefined || hasPower(power, 'report')
      ? { to: `/questionnaire/report.html?questionId=${encodeURIComponent(questionId)}`, label: t('back') }
      : { to: '/questionnaire/list.html', label: t('backToList') };

  let content;
  if (quotas.isPending) content = <LoadingState />;
  else if (!quotas.data)
    content = (
      <ErrorState
        title={t('loadError')}
        description={quotas.error?.message}
        actions={
          <Button variant="primary" onClick={() => void quotas.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  else if (!quotas.data.length)
    content = (
      <EmptyState
        title={t('empty')}
        description={t('emptyDesc')}
        actions={
          canEdit ? (
            <Button variant="primary" asChild>
              <Link to={logic}>{t('toLogic')}</Link>
            </Button>
          ) : null
        }
      />
    );
  else
    content = (
      <>
        <Summary rows={quotas.data} />
        <section className={styles.card}>
          <QuotaTable questionId={questionId} rows={quotas.data} canEdit={canEdit} />
        </section>
      </>
    );

  return (
    <ManagePage>
      <ManageHeader
        back={back}
        title={title ? `${t('title')} · ${title}` : t('title')}
        meta={
          quotas.dataUpdatedAt ? (
            <p className={styles.live} aria-live="off">
              {t('live', { seconds: QUOTA_REFRESH_MS / 1000, time: clock(quotas.dataUpdatedAt) })}
            </p>
          ) : null
        }
        actions={
          quotas.data?.length ? (
            <Button onClick={exportCsv}>
              <Download size={16} aria-hidden />
              {t('exportCsv')}
            </Button>
          ) : null
        }
      />
      {content}
    </ManagePage>
  );
}
