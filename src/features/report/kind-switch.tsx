import { useTranslation } from 'react-i18next';
import { cx } from '../../ui/cx';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';

/** The segmented buttons that switch a card's chart kind (柱状图 / 饼图 / 表格 …). */
export function KindSwitch<K extends string>({ kinds, value, onChange, label }: { kinds: readonly K[]; value: K; onChange: (kind: K) => void; label: string }) {
  const { t } = useTranslation(REPORT_NS);
  return (
    <div className={styles.kinds} role="group" aria-label={label}>
      {kinds.map((k) => (
        <button key={k} type="button" className={cx(styles.kind, k === value && styles.kindOn)} aria-pressed={k === value} onClick={() => onChange(k)}>
          {t(`card.kind.${k}`)}
        </button>
      ))}
    </div>
  );
}
