import type { ReactNode } from 'react';
import type { TOption } from '../../schemas/subjects/base';
import { cx } from '../ui/cx';
import { plainOf } from '../ui/rich-text/sanitize';
import type { TChoiceMark } from './subject-look';
import styles from './preview.module.css';

// Pieces the canvas previews share (looks/*.tsx).

type Labelled = { uuid: string; title: string };
export const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/**
 * An option's mark: a circle (single choice), a square (multiple) or its place (ranking, from 1). The editor's option
 * rows draw the same mark (className: --mark-bg there, the row's own background showing through).
 */
export function ChoiceMark({ mark, index, className }: { mark: TChoiceMark; index: number; className?: string }) {
  return (
    <span className={cx(styles.mark, mark === 'check' && styles.square, mark === 'rank' && styles.rank, className)} aria-hidden>
      {mark === 'rank' ? index + 1 : null}
    </span>
  );
}

export function Choices({ options, mark, fillAll, exam }: { options: TOption[]; mark: TChoiceMark; fillAll?: boolean; exam?: boolean }) {
  return (
    <ul className={styles.choices}>
      {options.map((option, i) => (
        <li key={option.uuid} className={cx(option.hidden && styles.hidden)}>
          <ChoiceMark mark={mark} index={i} />
          <span className={styles.optionTitle}>{plainOf(option.title) || `选项${i + 1}`}</span>
          {option.fillIn || fillAll ? <span className={styles.fillLine} aria-hidden /> : null}
          {exam && option.isCorrect ? <span className={styles.correct}>正确答案</span> : null}
          {option.exclusive ? <span className={styles.tag}>互斥</span> : null}
          {option.hidden ? <span className={styles.tag}>已隐藏</span> : null}
        </li>
      ))}
    </ul>
  );
}

export const Box = ({ children, icon, tall }: { children?: ReactNode; icon?: ReactNode; tall?: boolean }) => (
  <div className={cx(styles.box, tall && styles.tall)}>
    <span>{children}</span>
    {icon}
  </div>
);

export function Grid({ rows, columns, cell }: { rows: Labelled[]; columns: string[]; cell: (row: number, column: number) => ReactNode }) {
  return (
    <div className={styles.gridWrap}>
      <table className={styles.grid}>
        <thead>
          <tr>
            <th aria-hidden />
            {columns.map((c, i) => (
              <th key={i}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={row.uuid}>
              <th scope="row">{plainOf(row.title)}</th>
              {columns.map((_, c) => (
                <td key={c}>{cell(r, c)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Points({ from, count, minLabel, maxLabel, labels }: { from: number; count: number; minLabel?: string; maxLabel?: string; labels?: string[] }) {
  return (
    <div className={styles.scale}>
      <div className={styles.points}>
        {Array.from({ length: count }, (_, i) => (
          <span key={i} className={styles.point} title={labels?.[i] || undefined}>
            {from + i}
          </span>
        ))}
      </div>
      {minLabel || maxLabel ? (
        <div className={styles.scaleLabels}>
          <span>{minLabel}</span>
          <span>{maxLabel}</span>
        </div>
      ) : null}
    </div>
  );
}

/** Labelled lines (rows, blanks, items) each followed by an answer line. */
export function BlankLines({ lines, note }: { lines: { uuid: string; label: string }[]; note?: ReactNode }) {
  return (
    <div className={styles.blanks}>
      {lines.map((line) => (
        <label key={line.uuid}>
          <span>{line.label}</span>
          <span className={styles.blankLine} />
        </label>
      ))}
      {note ? <p className={styles.note}>{note}</p> : null}
    </div>
  );
}
