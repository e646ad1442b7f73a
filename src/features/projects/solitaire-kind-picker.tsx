import { CalendarCheck, ListChecks, ShoppingBasket, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SOLITAIRE_KINDS, SOLITAIRE_TYPE, type TSolitaireKind } from '../../../schemas/project-kinds';
import { cx } from '../../ui/cx';
import { PROJECTS_NS } from './projects-i18n';
import styles from './create-page.module.css';

const ICONS: Record<number, LucideIcon> = {
  [SOLITAIRE_TYPE.signUp]: ListChecks,
  [SOLITAIRE_TYPE.checkIn]: CalendarCheck,
  [SOLITAIRE_TYPE.groupBuy]: ShoppingBasket,
};

/** The kind a 新建接龙 starts with: the first one that can be created. */
export const firstReadyKind = (): TSolitaireKind['solitaireType'] => (SOLITAIRE_KINDS.find((kind) => kind.ready) ?? SOLITAIRE_KINDS[0]!).solitaireType;

/**
 * 新建接龙's kinds (SOLITAIRE_KINDS): 报名接龙, 打卡接龙, 团购接龙 as a radio group; a kind that is not ready yet is
 * shown with 即将上线 and cannot be picked.
 */
export function SolitaireKindPicker({ value, onChange }: { value: number; onChange: (solitaireType: TSolitaireKind['solitaireType']) => void }) {
  const { t } = useTranslation(PROJECTS_NS);
  return (
    <section className={styles.solitaire} aria-labelledby="solitaire-kinds">
      <h2 id="solitaire-kinds" className={styles.solitaireTitle}>
        {t('create.solitaire.label')}
      </h2>
      <div role="radiogroup" aria-labelledby="solitaire-kinds" className={styles.solitaireKinds}>
        {SOLITAIRE_KINDS.map((kind) => {
          const Icon = ICONS[kind.solitaireType] ?? ListChecks;
          const checked = kind.solitaireType === value;
          const key = String(kind.solitaireType);
          return (
            <button
              key={key}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-disabled={!kind.ready || undefined}
              disabled={!kind.ready}
              className={cx(styles.solitaireKind, checked && styles.solitaireKindOn)}
              onClick={() => onChange(kind.solitaireType)}
            >
              <span className={styles.solitaireIcon} aria-hidden>
                <Icon size={20} />
              </span>
              <span className={styles.solitaireText}>
                <span className={styles.solitaireName}>
                  {t(`create.solitaire.kinds.${key}.name`, { defaultValue: kind.name })}
                  {kind.ready ? null : <span className={styles.soon}>{t('create.solitaire.soon')}</span>}
                </span>
                <span className={styles.solitaireSummary}>{t(`create.solitaire.kinds.${key}.summary`, { defaultValue: kind.summary })}</span>
              </span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
