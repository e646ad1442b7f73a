import { useQuery } from '@tanstack/react-query';
import { Flame, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TQuestionType } from '../../../schemas/project-kinds';
import { hotTemplatesQuery, templateListQuery, templateTypesQuery } from '../../api/question';
import { useCreation } from '../../api/use-creation';
import { KINDS, kindOf } from '../../app/kinds';
import { useRouteEntry } from '../../app/use-route-entry';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { Pager } from '../../ui/pager';
import { Skeleton } from '../../ui/skeleton';
import { EmptyState, ErrorState } from '../../ui/states';
import { useDebounced } from '../../ui/use-debounced';
import { usePagedList } from '../../ui/use-paged-list';
import { TemplateCard } from './template-card';
import { TemplatePreviewDialog } from './template-preview';
import { TEMPLATES_NS } from './templates-i18n';
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
  const [keyword, setKeyword] = useState('');
  const [previewing, setPreviewing] = useState<{ questionId: string; title: string } | null>(null);
  const search = useDebounced(keyword.trim(), 300);

  const types = useQuery(templateTypesQuery(questionType));
  const list = usePagedList(
    (page, pageSize) => templateListQuery({ questionType, templateTypeId: category, keyword: search || undefined, page, pageSize }),
    PAGE_SIZE,
  );
  const { setPage } = list;
  const hot = useQuery(hotTemplatesQuery({ questionType, pageSize: 6 }));
  const creation = useCreation();
  const use = (questionId: string) => creation.start({ via: 'copy', questionId });
  const usingId = creation.busy && creation.request?.via === 'copy' ? creation.request.questionId : null;

  const kindName = fixedKind ? t(`kind.${fixedKind.kind}`, { ns: 'translation' }) : '';
  const reset = () => {
    setKeyword('');
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
        <label className={styles.search}>
          <Search size={18} aria-hidden />
          <span className="visually-hidden">{t('library.searchLabel')}</span>
          <input
            type="search"
            value={keyword}
            placeholder={t('library.search')}
            onChange={(event) => {
              setKeyword(event.target.value);
              setPage(1);
            }}
          />
        </label>
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
                className={cx(styles.chip, chosenType === type && styles.chipOn)}
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
        <aside className={styles.side}>
          {/* Categories belong to one kind: the all-kinds library shows them once a kind is picked. */}
          {questionType ? (
            <nav aria-label={t('library.categories')}>
              <h2 className={styles.sideTitle}>{t('library.categories')}</h2>
              <ul className={styles.categories}>
                {[{ templateTypeId: undefined as number | undefined, name: t('library.allCategories') }, ...(types.data ?? [])].map((type) => (
                  <li key={type.templateTypeId ?? 0}>
                    <button
                      type="button"
                      aria-pressed={category === type.templateTypeId}
                      className={cx(styles.category, category === type.templateTypeId && styles.categoryOn)}
                      onClick={() => {
                        setCategory(type.templateTypeId);
                        setPage(1);
                      }}
                    >
                      {type.name}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <section className={styles.hot} aria-labelledby="hot-templates">
            <h2 id="hot-templates" className={styles.sideTitle}>
              <Flame size={16} aria-hidden />
              {t('library.hot')}
            </h2>
            <ol>
              {hot.data?.list.map((template, i) => (
                <li key={template.questionId}>
                  <span className={cx(styles.rank, i < 3 && styles.rankTop)}>{i + 1}</span>
                  <button type="button" onClick={() => setPreviewing({ questionId: template.questionId, title: template.title })}>
                    {template.title}
                  </button>
                </li>
              ))}
            </ol>
          </section>
        </aside>
        <section className={styles.main}>{content}</section>
      </div>

      <TemplatePreviewDialog template={previewing} onClose={() => setPreviewing(null)} onUse={use} using={usingId !== null} />
      {creation.dialog}
    </div>
  );
}

export default TemplateLibraryPage;
