import styles from './quick-styles';

export interface TBasics {
  title: string;
  description: string;
}

interface Props {
  /** 接龙 / 打卡 / 团购: the fields are 「接龙标题」, 「接龙说明（选填）」 … */
  noun: string;
  value: TBasics;
  onChange: (value: TBasics) => void;
  /** Once the chain exists its title and description are the editor's to change (what was created is what is shown). */
  locked: boolean;
  example: string;
  detail: string;
}

/** Title and description, the first fields of every quick chain screen. */
export function QuickBasics({ noun, value, onChange, locked, example, detail }: Props) {
  return (
    <>
      <label className={styles.field}>
        <span>{noun}标题</span>
        <input
          value={value.title}
          maxLength={200}
          placeholder={example}
          readOnly={locked}
          onChange={(event) => onChange({ ...value, title: event.target.value })}
        />
      </label>
      <label className={styles.field}>
        <span>{noun}说明（选填）</span>
        <textarea
          value={value.description}
          rows={3}
          maxLength={5000}
          placeholder={detail}
          readOnly={locked}
          onChange={(event) => onChange({ ...value, description: event.target.value })}
        />
      </label>
    </>
  );
}
