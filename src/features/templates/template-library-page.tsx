import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TQuestionType } from '../../../schemas/project-kinds';
import { templateListQuery } from '../../api/question';
import { useCreation } from '../../api/use-creation';
import { KINDS, kindOf } from '../../app/kinds';
import { useRouteEntry } from '../../app/use-route-entry';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { Pager } from '../../ui/pager';
import { Skeleton } from '../../ui/skeleton';
import { EmptyState, ErrorState } from '../../ui/states';
import { usePagedList } from '../../ui/use-paged-list';
import { useTaskSearch } from './task-search';
import { TemplateCard } from './template-card';
import { TemplateHotSearch } from './template-hot-search';
import { TemplateLibrarySide } from './template-library-side';
import { TemplatePreviewDialog } from './template-preview';
import { TEMPLATES_NS } from './templates-i18n';
import chip from '../../ui/chip.module.css';
import styles from './templates.module.css';

const PAGE_SIZE = 12;
const QUESTION_KINDS = KINDS.filter((kind) => kind.questionType);

/**
 * Template library of one kind (/questionnaire/templateLibrary*.html) or of all kinds (/template/list.html):
 * categories, search, hot list, preview, and 使用此模板 through the creation machine (a copy counts
 * against the daily limit).
 */
export function TemplateLibraryPage() {
  const { t } = useTranslation(TEMPLATES_NS);
  const fixedKind = kindOf(useRouteEntry()?.kind);
  const fixed = fixedKind?.questionType;
  const [chosenType, setChosenType] = useState<TQuestionType | undefined>(undefined);
  const questionType = (fixed ?? chosenType) as TQuestionType | undefined;
  const [category, setCategory] = useState<number | undefined>(undefined);
  /** The words in the search box, and those the grid shows (applied with Enter or 查看全部结果). */
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [previewing, setPreviewing] = useState<{ questionId: string; title: string } | null>(null);

  const list = usePagedList(
    (page, pageSize) => templateListQuery({ questionType, templateTypeId: category, keyword: search || undefined, page, pageSize }),
    PAGE_SIZE,
  );
  const { setPage } = list;
  const creation = useCreation();
  const task = useTaskSearch();
  const use = (questionId: string) => creation.start({ via: 'copy', questionId, options: task.taskId ? task : undefined });
  const usingId = creation.busy && creation.request?.via === 'copy' ? creation.request.questionId : null;

  const kindName = fixedKind ? t(`kind.${fixedKind.kind}`, { ns: 'translation' }) : '';
  const reset = () => {
    setText('');
    setSearch('');
    setCategory(undefined);
    setPage(1);
  };

  let content;
  if (list.loading) {
    content = (
      <ul className={styles.grid} aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className={styles.card}>
            <Skeleton height={96} />
            <div className={styles.cardBody}>
              <Skeleton width="70%" height={16} />
              <Skeleton width="95%" />
              <Skeleton width="40%" />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (list.failed) {
    content = (
      <ErrorState
        title={t('library.error')}
        description={t('library.errorDesc')}
        actions={
          <Button variant="primary" onClick={() => void list.query.refetch()}>
            {t('library.retry')}
          </Button>
        }
      />
    );
  } else if (!list.list.length) {
    content = <EmptyState title={t('library.empty')} description={t('library.emptyDesc')} actions={<Button onClick={reset}>{t('library.clear')}</Button>} />;
  } else {
    content = (
      <>
        <p className={styles.results}>{t('library.results', { total: list.total })}</p>
        <ul className={styles.grid}>
          {list.list.map((template) => (
            <TemplateCard
              key={template.questionId}
              template={template}
              onPreview={() => setPreviewing({ questionId: template.questionId, title: template.title })}
              onUse={() => use(template.questionId)}
              using={usingId === template.questionId}
              disabled={creation.busy}
            />
          ))}
        </ul>
        <Pager
          {...list.pager}
          totalLabel={t('library.results', { total: list.total })}
          label={t('library.pager')}
          previousLabel={t('library.previous')}
          nextLabel={t('library.next')}
        />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <div>
          <h1>{fixed ? t('library.title', { kind: kindName }) : t('library.allTitle')}</h1>
          <p>{fixed ? t('library.subtitle', { count: list.data?.total ?? '' }) : t('library.allSubtitle')}</p>
        </div>
        <TemplateHotSearch
          questionType={questionType}
          text={text}
          onText={setText}
          onApply={(keyword) => {
            setSearch(keyword);
            setPage(1);
          }}
          onPreview={setPreviewing}
        />
      </div>

      {fixed ? null : (
        <nav className={styles.kindTabs} aria-label={t('library.kinds')}>
          {[undefined, ...QUESTION_KINDS.map((kind) => kind.questionType)].map((type) => {
            const kind = QUESTION_KINDS.find((each) => each.questionType === type);
            return (
              <button
                key={type ?? 0}
                type="button"
                aria-pressed={chosenType === type}
                className={cx(chip.chip, chosenType === type && chip.chipOn)}
                onClick={() => {
                  setChosenType(type as TQuestionType | undefined);
                  setCategory(undefined);
                  setPage(1);
                }}
              >
                {kind ? t(`kind.${kind.kind}`, { ns: 'translation' }) : t('library.allKinds')}
              </button>
            );
          })}
        </nav>
      )}

      <div className={styles.body}>
        <TemplateLibrarySide
          questionType={questionType}
          category={category}
          onCategory={(next) => {
            setCategory(next);
            setPage(1);
          }}
          onPreview={setPreviewing}
        />
        <section className={styles.main}>{content}</section>
      </div>

      <TemplatePreviewDialog template={previewing} onClose={() => setPreviewing(null)} onUse={use} using={usingId !== null} />
      {creation.dialog}
    </div>
  );
}

export default TemplateLibraryPage;
