import { useQuery } from '@tanstack/react-query';
import { Flame } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TQuestionType } from '../../../schemas/project-kinds';
import { hotTemplatesQuery, templateTypesQuery } from '../../api/question';
import { cx } from '../../ui/cx';
import { TEMPLATES_NS } from './templates-i18n';
import styles from './templates.module.css';

/** The template library's side column: the kind's categories (once a kind is chosen) and its six hot templates. */
export function TemplateLibrarySide({
  questionType,
  category,
  onCategory,
  onPreview,
}: {
  questionType: TQuestionType | undefined;
  category: number | undefined;
  onCategory: (templateTypeId: number | undefined) => void;
  onPreview: (template: { questionId: string; title: string }) => void;
}) {
  const { t } = useTranslation(TEMPLATES_NS);
  const types = useQuery(templateTypesQuery(questionType));
  const hot = useQuery(hotTemplatesQuery({ questionType, pageSize: 6 }));
  return (
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
                  onClick={() => onCategory(type.templateTypeId)}
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
              <button type="button" onClick={() => onPreview({ questionId: template.questionId, title: template.title })}>
                {template.title}
              </button>
            </li>
          ))}
        </ol>
      </section>
    </aside>
  );
}
