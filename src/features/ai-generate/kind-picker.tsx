import { AI_KIND_NAMES, AI_KINDS, type TAiKindName } from '../../../schemas/ai/kinds';
import styles from './ai-generate-styles';

/** The six kinds the AI writes, each with its one-line summary (a radio group). */
export function KindPicker({ value, onChange, disabled }: { value: TAiKindName; onChange: (kind: TAiKindName) => void; disabled?: boolean }) {
  return (
    <fieldset className={styles.kinds} disabled={disabled}>
      <legend className={styles.legend}>生成类型</legend>
      {AI_KIND_NAMES.map((name) => {
        const kind = AI_KINDS[name];
        return (
          <label key={name} className={styles.kind} data-checked={value === name || undefined}>
            <input type="radio" name="ai-kind" value={name} checked={value === name} onChange={() => onChange(name)} className={styles.kindRadio} />
            <span className={styles.kindName}>{kind.name}</span>
            <span className={styles.kindSummary}>{kind.summary}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
