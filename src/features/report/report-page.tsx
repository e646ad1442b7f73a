import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { ArrowLeft, LoaderCircle, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TReportFilterInput } from '../../../schemas/api/report';
import { questionInfoQuery } from '../../api/question';
import { statementQuery } from '../../api/report';
import { COUNTING_REFETCH_MS, CountingNote } from './counting-note';
import { projectHref } from '../../app/kinds';
import { Button } from '../../ui/button';
import { ScreenHelpLink } from '../../ui/screen-help-link';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { ExportMenu } from './export-menu';
import { FilterBar } from './filter-bar';
import { CrossTabPanel, DataDetailPanel, QuotaPanel, ScorePanel } from './panels';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';
import { SubjectCard } from './subject-card';
import { useProgressive } from './use-progressive';
import { PROJECT_STATUS, hasAnswerReport, hasPower, recordKindOf, type TRecordKind } from '../../../schemas/project-kinds';
import { TradeStatementPanel } from '../../orders/trade-statement-panel';

/** Where a kind whose records are not answer sheets shows them (sign-up chains, check-ins). */
const OWN_PAGE: Partial<Record<TRecordKind, (questionId: string) => string>> = { entries: projectHref.chain, checkIns: projectHref.checkIn };

/**
 * A sign-up chain's or a check-in's 数据: its count in its own words and the way to its own screen (its records
 * are not answer sheets, so the answer statistics would say 0).
 */
function OwnRecords({
  questionId,
  title,
  kind,
  count,
  back,
}: {
  questionId: string;
  title: string;
  kind: 'entries' | 'checkIns';
  count: number;
  back: ReactNode;
}) {
  const { t } = useTranslation(REPORT_NS);
  const common = useTranslation().t;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          {back}
          <h1>{title}</h1>
          <p className={styles.meta}>
            <span data-testid="report-total">{common(`records.${kind}`, { count })}</span>
          </p>
        </div>
      </header>
      <EmptyState
        title={common(`records.${kind}`, { count })}
        description={t(`own.${kind}.desc`)}
        actions={
          <Button variant="primary" asChild>
            <Link to={OWN_PAGE[kind]!(questionId)}>{t(`own.${kind}.open`)}</Link>
          </Button>
        }
      />
    </div>
  );
}

/** /questionnaire/report.html?questionId=…: statistics, data detail, exam scores and quotas (power 1 or 3). */
export function ReportPage() {
  const { t } = useTranslation(REPORT_NS);
  const common = useTranslation().t;
  const questionId = useLocation({ select: (l) => String((l.search as Record<string, unknown>).questionId ?? '') });
  // ?tab=trade opens a payment project's trade statement (linked from its orders page).
  const opened = useLocation({ select: (l) => String((l.search as Record<string, unknown>).tab ?? '') });
  const [filter, setFilter] = useState<TReportFilterInput | undefined>(undefined);
  const [tab, setTab] = useState(opened === 'trade' ? 'trade' : 'statement');
  const info = useQuery(questionInfoQuery(questionId));
  const statement = useQuery({
    ...statementQuery(questionId, filter),
    placeholderData: (previous) => previous,
    // While the figures catch up with new sheets (counting), ask again every few seconds until they have.
    refetchInterval: (query) => (query.state.data?.counting ? COUNTING_REFETCH_MS : false),
  });
  const project = info.data;
  const shown = useProgressive(statement.data?.subjects.length ?? 0);

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
  const payment = project.questionType === 6;
  const canEdit = hasPower(project.powerType, 'edit');
  const hasAny = project.dataCount > 0 || st.total > 0;
  const records = recordKindOf(project.questionType, project.solitaireType);
  const collecting = project.status === PROJECT_STATUS.published;
  const back = canEdit ? (
    <Button variant="ghost" size="sm" asChild>
      <Link to={projectHref.editor(questionId)}>
        <ArrowLeft size={14} aria-hidden />
        {t('back')}
      </Link>
    </Button>
  ) : null;
  if (!hasAnswerReport(records)) {
    return <OwnRecords questionId={questionId} title={project.title} kind={records as 'entries' | 'checkIns'} count={project.recordCount} back={back} />;
  }
  const noun = common(`recordsNoun.${records}`);
  // Orders and bookings are made by submitted forms: the statistics count the forms, the header names both.
  const ownCount = records === 'orders' || records === 'bookings' ? ` · ${common(`records.${records}`, { count: project.recordCount })}` : '';
  const all = st.counting?.total ?? st.total;
  const total = st.filtered ? t('filteredTotal', { count: st.total }) : `${t(ownCount ? 'totalSubmits' : 'total', { count: all })}${ownCount}`;

  // A published project is collecting already: its empty report points to sharing, never to 去发布.
  const statementTab = !st.total ? (
    <EmptyState
      title={st.filtered ? t('empty.filtered') : t('empty.title', { noun })}
      description={st.filtered ? undefined : t(collecting ? 'empty.collectingDesc' : 'empty.desc', { noun })}
      actions={
        st.filtered ? undefined : (
          <Button variant="primary" asChild>
            <Link to={`/questionnaire/release.html?questionId=${encodeURIComponent(questionId)}`}>{t(collecting ? 'empty.toShare' : 'empty.toRelease')}</Link>
          </Button>
        )
      }
    />
  ) : (
    <div className={styles.stack} aria-busy={statement.isFetching}>
      {st.subjects.slice(0, shown).map((s) => (
        <SubjectCard key={s.uuid} stat={s} questionId={questionId} filter={filter} />
      ))}
      {shown >= st.subjects.length ? <CrossTabPanel questionId={questionId} subjects={st.subjects} filter={filter} /> : null}
    </div>
  );

  const tabs = [
    { value: 'statement', label: t('tabs.statement'), content: statementTab },
    {
      value: 'detail',
      label: t('tabs.detail'),
      content: tab === 'detail' ? <DataDetailPanel questionId={questionId} filter={filter} exam={exam} canScreen={canEdit} /> : null,
    },
    ...(exam ? [{ value: 'score', label: t('tabs.score'), content: tab === 'score' ? <ScorePanel questionId={questionId} /> : null }] : []),
    { value: 'quota', label: t('tabs.quota'), content: tab === 'quota' ? <QuotaPanel questionId={questionId} /> : null },
    ...(payment ? [{ value: 'trade', label: t('tabs.trade'), content: tab === 'trade' ? <TradeStatementPanel questionId={questionId} /> : null }] : []),
  ];

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headMain}>
          {back}
          <h1>{project.title}</h1>
          <p className={styles.meta}>
            <span data-testid="report-total">{total}</span>
            {st.counting ? <CountingNote counting={st.counting} /> : null}
            {statement.isFetching ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
          </p>
        </div>
        <div className={styles.headActions}>
          <ScreenHelpLink screen="report" />
          <Button variant="soft" asChild>
            <Link to={`/aiAnalysisTest.html?questionId=${encodeURIComponent(questionId)}`}>
              <Sparkles size={14} aria-hidden />
              {t('aiAnalysis')}
            </Link>
          </Button>
          <ExportMenu questionId={questionId} filter={filter} total={st.total} subjects={st.subjects} disabled={!hasAny} />
        </div>
      </header>
      {hasAny ? <FilterBar subjects={st.subjects} onApply={setFilter} /> : null}
      <Tabs tabs={tabs} value={tab} onValueChange={setTab} label={t('title')} />
    </div>
  );
}
