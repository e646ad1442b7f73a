import { Link } from '@tanstack/react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AI_KIND_NAMES, AI_KINDS } from '../../../schemas/ai/kinds';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import styles from './create-page.module.css';
import { PROJECTS_NS } from './projects-i18n';

/** The create page's 「AI 生成」 way (issue 52): /aiIndex.html with the AI kind that writes this kind of project. */
export function CreateWithAi({ questionType }: { questionType: number | undefined }) {
  const { t } = useTranslation(PROJECTS_NS);
  const aiKind = AI_KIND_NAMES.find((name) => AI_KINDS[name].questionType === questionType);
  if (!aiKind) return null;
  return (
    <section className={styles.way} aria-labelledby="create-ai">
      <span className={cx(styles.wayIcon, styles.textIcon)} aria-hidden>
        <Sparkles size={22} />
      </span>
      <h2 id="create-ai">{t('create.ai')}</h2>
      <p>{t('create.aiDesc')}</p>
      <pre className={styles.sample} aria-hidden>
        {AI_KINDS[aiKind].example}
      </pre>
      <Button asChild>
        <Link to="/aiIndex.html" search={{ kind: aiKind }}>
          {t('create.aiGo')}
          <ArrowRight size={14} aria-hidden />
        </Link>
      </Button>
    </section>
  );
}
