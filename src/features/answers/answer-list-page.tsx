import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { questionInfoQuery } from '../../api/question';
import { answerListQuery, type TDetailQuery } from '../../api/report';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { SelectionBar } from './answer-list-actions';
import { AnswerTable } from './answer-list-table';
import { AnswerListToolbar, EMPTY_DRAFT, draftFilter, type TListDraft } from './answer-list-toolbar';
import { ANSWERS_NS } from './answers-i18n';
import styles from './answers-styles';
import { hasPower, projectNounOf } from '../../../schemas/project-kinds';

/** Sheets per server page (keyset: 加载更多 reads the ones after the last shown). */
export const ANSWER_PAGE_SIZE = 50;

/** The sheet page, walking this list's order and filter with 上一份 / 下一份, and coming back here. */
function sheetHref(questionId: string, sheetId: string, q: TDetailQuery): string {
  const search = new URLSearchParams({ questionId, sheetId, sort: q.sort, order: q.order, from: 'answers' });
  if (q.filter) search.set('filter', JSON.stringify(q.filter));
  return `/questionnaire/answerSheetDetail.html?${search.toString()}`;
}

/**
 * /answerList.html?questionId=…: the collaborators' daily list of answer sheets — their answers, search and
 * filters, a click to the sheet, and for the selection export, mark invalid and delete to the bin.
 */
export function AnswerListPage() {
  const { t } = useTranslation(ANSWERS_NS);
  const common = useTranslation().t;
  const navigate = useNavigate();
  const questionId = useLocation({ select: (l) => String((l.search as Record<string, unknown>).questionId ?? '') });
  const [draft, setDraft] = useState<TListDraft>(EMPTY_DRAFT);
  const onDraft = useCallback((d: TListDraft) => setDraft((old) => (JSON.stringify(old) === JSON.stringify(d) ? old : d)), []);
  const filter = useMemo(() => draftFilter(draft), [draft]);
  const q = useMemo<TDetailQuery>(() => ({ pageSize: ANSWER_PAGE_SIZE, sort: 'createTime', order: 'desc', filter }), [filter]);
  const info = useQuery(questionInfoQuery(questionId));
  const answers = useInfiniteQuery({ ...answerListQuery(questionId, q), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setSelected(new Set()), [filter]);
  const pages = answers.data?.pages;
  const rows = useMemo(() => pages?.flatMap((p) => p.list) ?? [], [pages]);
  const total = pages?.[0]?.total ?? 0;
  const power = info.data?.powerType;
  const release = `/questionnaire/release.html?questionId=${encodeURIComponent(questionId)}`;

  if (!questionId) return <EmptyState title={t('list.missing')} />;
  const toggle = (id: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  let content;
  if (answers.isPending) content = <LoadingState />;
  else if (!answers.data) {
    content = (
      <ErrorState
        title={t('error')}
        description={answers.error?.message}
        actions={
          <Button variant="primary" onClick={() => void answers.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (!rows.length && !filter) {
    content = (
      <EmptyState
        title={t('list.empty')}
        description={t('list.emptyDesc', { noun: common(`projectNoun.${projectNounOf(info.data?.questionType, info.data?.solitaireType)}`) })}
        actions={
          <Button variant="primary" asChild>
            <Link to={release}>{t('list.toRelease')}</Link>
          </Button>
        }
      />
    );
  } else if (!rows.length) {
    content = <EmptyState title={t('list.noMatch')} />;
  } else {
    content = (
      <>
        <div className={styles.scroll}>
          <AnswerTable
            rows={rows}
            columns={pages?.[0]?.columns ?? []}
            exam={info.data?.questionType === 2}
            selected={selected}
            onToggle={toggle}
            onToggleAll={(all) => setSelected(all ? new Set(rows.map((r) => r.sheetId)) : new Set())}
            onOpen={(sheetId) => void navigate({ href: sheetHref(questionId, sheetId, q) })}
          />
        </div>
        <div className={styles.foot}>
          <span aria-live="polite">{t('list.loaded', { loaded: rows.length, total })}</span>
          {answers.hasNextPage ? (
            <Button size="sm" disabled={answers.isFetchingNextPage} onClick={() => void answers.fetchNextPage()}>
              {answers.isFetchingNextPage ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
              {t('list.more')}
            </Button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <Button variant="ghost" size="sm" asChild>
            <Link to={release}>
              <ArrowLeft size={14} aria-hidden />
              {t('list.back')}
            </Link>
          </Button>
          <h1>
            {t('list.title')}
            {info.data ? <span className={styles.project}> · {info.data.title}</span> : null}
          </h1>
          {answers.data ? (
            <p className={styles.intro}>
              <span>{t('list.total', { total })}</span> · {t('list.timeZone')}
            </p>
          ) : null}
        </div>
      </header>
      <section className={styles.panel}>
        <AnswerListToolbar onChange={onDraft} />
        {selected.size ? (
          <SelectionBar
            questionId={questionId}
            selected={[...selected]}
            canChange={hasPower(power, 'edit')}
            canExport={hasPower(power, 'report')}
            onClear={() => setSelected(new Set())}
          />
        ) : null}
        {content}
      </section>
    </div>
  );
}

export default AnswerListPage;
