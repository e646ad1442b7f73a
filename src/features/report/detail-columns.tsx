import { columnSizingFeature, createColumnHelper, rowSortingFeature, tableFeatures, type ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { formatProjectTime } from '../../../schemas/project-time';
import type { TDetailColumn, TDetailRow } from '../../../schemas/api/report';
import { plainText } from '../../ui/subject-preview';
import styles from './report-styles';

/** The data detail table's features: sizes for the virtual layout, sorting state (the server sorts). */
export const detailFeatures = tableFeatures({ columnSizingFeature, rowSortingFeature });
type TFeatures = typeof detailFeatures;
const helper = createColumnHelper<TFeatures, TDetailRow>();

export const subjectLabel = (s: { index: number | null; title: string }) => `${s.index ? `${s.index}. ` : ''}${plainText(s.title)}`;
/** Times in the project's zone, as the exported files write them. */
export const formatTime = (iso: string) => formatProjectTime(iso);

/** Fixed columns (序号 pinned first, then time, duration, source, score for exams), then one per subject. */
export function detailColumnDefs(
  subjects: TDetailColumn[],
  exam: boolean,
  t: TFunction,
  duration: (s: number) => string,
): ColumnDef<TFeatures, TDetailRow, unknown>[] {
  const fixed = [
    helper.display({
      id: 'no',
      header: t('detail.no'),
      size: 96,
      cell: ({ row }) => (
        <>
          {row.index + 1}
          {row.original.suspect ? (
            <span className={styles.badgeWarn} title={row.original.suspectReason ? t('risk.reason', { reason: row.original.suspectReason }) : undefined}>
              {t('detail.suspect')}
            </span>
          ) : null}
          {row.original.status === 0 ? <span className={styles.badge}>{t('detail.inBin')}</span> : null}
        </>
      ),
    }),
    helper.accessor('createTime', {
      id: 'createTime',
      header: t('detail.time'),
      size: 176,
      enableSorting: true,
      cell: ({ getValue }) => formatTime(getValue()),
    }),
    helper.accessor('durationSeconds', {
      id: 'duration',
      header: t('detail.duration'),
      size: 116,
      enableSorting: true,
      cell: ({ getValue }) => duration(getValue()),
    }),
    helper.accessor('source', {
      id: 'source',
      header: t('detail.source'),
      size: 92,
      enableSorting: false,
      cell: ({ getValue }) => t(`sources.${getValue()}`, { defaultValue: getValue() }),
    }),
  ];
  const score = exam
    ? [helper.accessor('score', { id: 'score', header: t('detail.score'), size: 88, enableSorting: true, cell: ({ getValue }) => getValue() ?? '-' })]
    : [];
  const answers = subjects.map((c) =>
    helper.accessor((row) => row.cells[c.uuid] ?? '', {
      id: c.uuid,
      header: subjectLabel(c),
      size: 200,
      enableSorting: false,
      cell: ({ getValue }) => (getValue() ? <span title={getValue()}>{getValue()}</span> : <span className={styles.muted}>-</span>),
    }),
  );
  return [...fixed, ...score, ...answers] as ColumnDef<TFeatures, TDetailRow, unknown>[];
}
