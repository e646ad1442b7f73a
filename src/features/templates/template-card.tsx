import { Eye, Flame, ListOrdered, LoaderCircle } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTemplateSummary } from '../../../schemas/api/question';
import { kindOfType } from '../../app/kinds';
import { Button } from '../../ui/button';
import { plainText } from '../../ui/subject-preview';
import { TEMPLATES_NS } from './templates-i18n';
import styles from './templates.module.css';

export interface TTemplateCardProps {
  template: TTemplateSummary;
  onPreview: () => void;
  onUse: () => void;
  using: boolean;
  disabled: boolean;
}

export function TemplateCard({ template, onPreview, onUse, using, disabled }: TTemplateCardProps) {
  const { t } = useTranslation(TEMPLATES_NS);
  const kind = kindOfType(template.questionType);
  const Icon = kind?.icon;
  return (
    <li className={styles.card} style={{ '--kind-color': kind?.color ?? 'var(--brand-primary)' } as CSSProperties}>
      <button type="button" className={styles.cover} onClick={onPreview} aria-label={t('card.previewNamed', { title: template.title })}>
        <span className={styles.coverIcon} aria-hidden>
          {Icon ? <Icon size={22} /> : null}
        </span>
        <span className={styles.coverTags}>
          {kind ? <span>{t(`kind.${kind.kind}`, { ns: 'translation' })}</span> : null}
          {template.typeName ? <span>{template.typeName}</span> : null}
        </span>
      </button>
      <div className={styles.cardBody}>
        <h3 className={styles.cardTitle}>{template.title}</h3>
        <p className={styles.cardText}>{plainText(template.subtitle)}</p>
        <p className={styles.cardMeta}>
          <span>
            <ListOrdered size={13} aria-hidden />
            {t('card.subjects', { count: template.subjectCount })}
          </span>
          <span>
            <Flame size={13} aria-hidden />
            {t('card.used', { count: template.hot })}
          </span>
        </p>
        <div className={styles.cardActions}>
          <Button size="sm" onClick={onPreview}>
            <Eye size={14} aria-hidden />
            {t('card.preview')}
          </Button>
          <Button size="sm" variant="primary" onClick={onUse} disabled={disabled}>
            {using ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            {t('card.use')}
          </Button>
        </div>
      </div>
    </li>
  );
}
