import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft, Download, FileSpreadsheet, FileText, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TExportMode, TReportFilterInput } from '../../../schemas/api/report';
import { questionInfoQuery } from '../../api/question';
import { exportAnswers, statementQuery } from '../../api/report';
import { projectHref } from '../../app/kinds';
import { Button } from '../../ui/button';
import { DropdownItem, DropdownMenu } from '../../ui/dropdown-menu';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { toast } from '../../ui/toast';
import { FilterBar } from './filter-bar';
import { CrossTabPanel, DataDetailPanel, QuotaPanel, ScorePanel } from './panels';
import { REPORT_NS } from './report-i18n';
import styles from './report.module.css';
import { SubjectCard } from './subject-card';

/** Follow a download link without leaving the page. */
function download(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** /questionnaire/report.html?questionId=…: statistics, data detail, exam scores and quotas (power 1 or 3). */
export function ReportPage() {
  const { t } = useTranslation(REPORT_NS);
  const questionId = useLocation({ select: (l) => String((l.search as Record<string, unknown>).questionId ?? '') });
  const [filter, setFilter] = useState<TReportFilterInput | undefined>(undefined);
  const [tab, setTab] = useState('statement');
  const [exporting, setExporting] = useState(false);
  const info = useQuery(questionInfoQuery(questionId));
  const statement = useQuery({ ...statementQuery(questionId, filter), placeholderData: (previous) => previous });
  const project = info.data;

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
  if (info.isPending || statement.isPending) return <LoadingState />;
  if (!project || !statement.data) {
    const forbidden = (statement.error as { resultCode?: string } | null)?.resultCode === '403';
    return (
      <ErrorState
        title={forbidden ? t('noPower') : t('loadError')}
        description={forbidden ? undefined : (statement.error?.message ?? info.error?.message)}
        actions={
          forbidden ? undefined : (
            <Button variant="primary" onClick={() => void statement.refetch()}>
              {t('retry')}
            </Button>
          )
        }
      />
    );
  }

  const st = statement.data;
  const exam = project.questionType === 2;
  const canEdit = project.powerType === 1 || project.powerType === 2;
  const hasAny = project.dataCount > 0 || st.total > 0;

  const runExport = async (format: 'xlsx' | 'csv', mode: TExportMode) => {
    setExporting(true);
    try {
      const link = await exportAnswers(questionId, format, mode, filter);
      download(link.url, link.fileName);
      toast.success(t('export.done'));
    } finally {
      setExporting(false);
    }
  };

  const statementTab = !st.total ? (
    <EmptyState
      title={st.filtered ? t('empty.filtered') : t('empty.title')}
      description={st.filtered ? undefined : t('empty.desc')}
      actions={
        st.filtered ? undefined : (
          <Button variant="primary" asChild>
            <Link to={`/questionnaire/release.html?questionId=${encodeURIComponent(questionId)}`}>{t('empty.toRelease')}</Link>
          </Button>
        )
      }
    />
  ) : (
    <div className={styles.stack} aria-busy={statement.isFetching}>
      {st.subjects.map((s) => (
        <SubjectCard key={s.uuid} stat={s} questionId={questionId} filter={filter} />
      ))}
      <CrossTabPanel questionId={questionId} subjects={st.subjects} filter={filter} />
    </div>
  );

  const tabs = [
    { value: 'statement', label: t('tabs.statement'), content: statementTab },
    { value: 'detail', label: t('tabs.detail'), content: tab === 'detail' ? <DataDetailPanel questionId={questionId} filter={filter} exam={exam} /> : null },
    ...(exam ? [{ value: 'score', label: t('tabs.score'), content: tab === 'score' ? <ScorePanel questionId={questionId} /> : null }] : []),
    { value: 'quota', label: t('tabs.quota'), content: tab === 'quota' ? <QuotaPanel questionId={questionId} /> : null },
  ];

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          {canEdit ? (
            <Button variant="ghost" size="sm" asChild>
              <Link to={projectHref.editor(questionId)}>
                <ArrowLeft size={14} aria-hidden />
                {t('back')}
              </Link>
            </Button>
          ) : null}
          <h1>{project.title}</h1>
          <p className={styles.meta}>
            <span data-testid="report-total">{st.filtered ? t('filteredTotal', { count: st.total }) : t('total', { count: st.total })}</span>
            {statement.isFetching ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
          </p>
        </div>
        <DropdownMenu
          trigger={
            <Button variant="primary" disabled={exporting || !hasAny} aria-label={t('export.button')}>
              {exporting ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : <Download size={16} aria-hidden />}
              {exporting ? t('export.busy') : t('export.button')}
            </Button>
          }
        >
          <DropdownItem onSelect={() => void runExport('xlsx', 'subject')}>
            <FileSpreadsheet size={16} aria-hidden />
            {t('export.bySubject')}
          </DropdownItem>
          <DropdownItem onSelect={() => void runExport('xlsx', 'option')}>
            <FileSpreadsheet size={16} aria-hidden />
            {t('export.byOption')}
          </DropdownItem>
          <DropdownItem onSelect={() => void runExport('csv', 'subject')}>
            <FileText size={16} aria-hidden />
            {t('export.csv')}
          </DropdownItem>
        </DropdownMenu>
      </header>
      {hasAny ? <FilterBar subjects={st.subjects} onApply={setFilter} /> : null}
      <Tabs tabs={tabs} value={tab} onValueChange={setTab} label={t('title')} />
    </div>
  );
}
