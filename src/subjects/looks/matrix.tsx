import { Grid3x3, LayoutGrid, Table, TableProperties } from 'lucide-react';
import { cx } from '../../ui/cx';
import { plainOf } from '../../ui/rich-text/sanitize';
import { pointLabels } from '../fields';
import styles from '../preview.module.css';
import { Grid } from '../preview-parts';
import type { Look } from './look-types';

// 矩阵题: rows × columns (their titles are the generic 行标题 / 列标题 fields).

const titles = (parts: { title: string }[]) => parts.map((c) => plainOf(c.title));

export const matrixSingle: Look<'matrixSingle'> = {
  icon: Grid3x3,
  palette: { group: '矩阵题', at: 0 },
  Preview: ({ subject }) => <Grid rows={subject.rows} columns={titles(subject.columns)} cell={() => <span className={styles.mark} />} />,
};

export const matrixMultiple: Look<'matrixMultiple'> = {
  icon: LayoutGrid,
  palette: { group: '矩阵题', at: 1 },
  Preview: ({ subject }) => <Grid rows={subject.rows} columns={titles(subject.columns)} cell={() => <span className={cx(styles.mark, styles.square)} />} />,
};

export const matrixScale: Look<'matrixScale'> = {
  icon: Table,
  palette: { group: '矩阵题', at: 2 },
  Preview: ({ subject }) => (
    <Grid
      rows={subject.rows}
      columns={Array.from({ length: subject.points }, (_, i) => String(subject.start + i))}
      cell={() => <span className={styles.mark} />}
    />
  ),
  fields: (ctx) => [pointLabels(ctx)],
};

export const matrixText: Look<'matrixText'> = {
  icon: TableProperties,
  palette: { group: '矩阵题', at: 3 },
  Preview: ({ subject }) => <Grid rows={subject.rows} columns={titles(subject.columns)} cell={() => <span className={styles.cellInput} />} />,
};
