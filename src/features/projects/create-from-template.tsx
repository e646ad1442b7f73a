import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, LayoutTemplate, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { hotTemplatesQuery, templateTypesQuery } from '../../api/question';
import type { TCreation } from '../../api/use-creation';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { Skeleton } from '../../ui/skeleton';
import styles from './create-page.module.css';
import { PROJECTS_NS } from './projects-i18n';
import type { TProjectKind } from './use-work-kind';

/** The create page's 从模板创建 way: the kind's template count, its four hot templates to copy, and the library link. */
export function CreateFromTemplate({ kind, kindName, creation }: { kind: TProjectKind; kindName: string; creation: TCreation }) {
  const { t } = useTranslation(PROJECTS_NS);
  const types = useQuery(templateTypesQuery(kind.questionType));
  const hot = useQuery(hotTemplatesQuery({ questionType: kind.questionType, pageSize: 4 }));
  return (
    <section className={styles.way} aria-labelledby="create-template">
      <span className={cx(styles.wayIcon, styles.templateIcon)} aria-hidden>
        <LayoutTemplate size={22} />
      </span>
      <h2 id="create-template">{t('create.template')}</h2>
      <p>{t('create.templateDesc', { count: types.data?.length ?? 0 })}</p>
      <h3 className={styles.hotTitle}>{t('create.hot', { kind: kindName })}</h3>
      <ul className={styles.hot}>
        {hot.isPending
          ? [0, 1, 2].map((i) => (
              <li key={i}>
                <Skeleton width="70%" />
              </li>
            ))
          : hot.data?.list.map((template) => {
              const using = creation.busy && creation.request?.via === 'copy' && creation.request.questionId === template.questionId;
              return (
                <li key={template.questionId}>
                  <span className={styles.hotName}>{template.title}</span>
                  <Button
                    size="sm"
                    variant="soft"
                    disabled={creation.busy}
                    aria-label={`${t('create.use')} ${template.title}`}
                    onClick={() => creation.start({ via: 'copy', questionId: template.questionId })}
                  >
                    {using ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
                    {t('create.use')}
                  </Button>
                </li>
              );
            })}
      </ul>
      <Link to={kind.templates} className={styles.more}>
        {t('create.templateGo')}
        <ArrowRight size={14} aria-hidden />
      </Link>
    </section>
  );
}
