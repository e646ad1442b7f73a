import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FlexRender, useTable, type Cell, type Header, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown, LoaderCircle } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDetailRow, TDetailSort, TReportFilterInput } from '../../../schemas/api/report';
import { dataDetailQuery } from '../../api/report';
import { cx } from '../../ui/cx';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { detailColumnDefs, detailFeatures } from './detail-columns';
import { sheetHref } from './detail-view';
import { useDuration } from './duration';
import { REPORT_NS } from './report-i18n';
import styles from './report-styles';
import { RiskScreenButton } from './risk-screen-button';

/** Rows per server page; the next page loads while the last rows come into view. */
export const DETAIL_PAGE_SIZE = 100;
const ROW_HEIGHT = 41;
const EMPTY_ROWS: TDetailRow[] = [];
type TFeatures = typeof detailFeatures;

/**
 * All answer sheets of the filter in one scrolling table: keyset pages from the server (sorted there), rows
 * and columns virtualised so 100,000 sheets and 200 subjects stay smooth. 序号 stays pinned on the left.
 */
export function DataDetailPanel({
  questionId,
  filter,
  exam,
  canScreen = false,
}: {
  questionId: string;
  filter?: TReportFilterInput;
  exam: boolean;
  /** Power 1 or 2: the 风控筛查 button (it changes sheets). */
  canScreen?: boolean;
}) {
  const { t } = useTranslation(REPORT_NS);
  const navigate = useNavigate();
  const duration = useDuration();
  const [sorting, setSorting] = useState<SortingState>([{ id: 'createTime', desc: true }]);
  const sort = (sorting[0]?.id ?? 'createTime') as TDetailSort;
  const order = sorting[0]?.desc === false ? 'asc' : 'desc';
  const view = useMemo(() => ({ sort, order, filter }) as const, [sort, order, filter]);
  // A new sort or filter keeps the old rows on screen until its first page arrives.
  const detail = useInfiniteQuery({ ...dataDetailQuery(questionId, { pageSize: DETAIL_PAGE_SIZE, ...view }), placeholderData: keepPreviousData });
  const pages = detail.data?.pages;
  const rows = useMemo(() => pages?.flatMap((p) => p.list) ?? EMPTY_ROWS, [pages]);
  const subjects = pages?.[0]?.columns;
  const total = pages?.[0]?.total ?? 0;
  const columns = useMemo(() => detailColumnDefs(subjects ?? [], exam, t, duration), [subjects, exam, t, duration]);
  const table = useTable({
    features: detailFeatures,
    columns,
    data: rows,
    getRowId: (r) => r.sheetId,
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
    enableSortingRemoval: false,
    sortDescFirst: true,
  });

  if (detail.isPending) return <LoadingState />;
  if (!detail.data) return <ErrorState title={t('loadError')} description={detail.error?.message} />;
  if (!rows.length) return <EmptyState title={t('detail.empty')} />;
  const open = (sheetId: string) => void navigate({ href: sheetHref(questionId, sheetId, view) });
  return (
    <div className={styles.detailWrap}>
      {canScreen ? <RiskScreenButton questionId={questionId} /> : null}
      <VirtualTable
        table={table}
        total={total}
        loading={detail.isFetchingNextPage}
        more={detail.hasNextPage && !detail.isPlaceholderData ? () => void detail.fetchNextPage() : null}
        onOpen={open}
        label={t('detail.tableLabel')}
        viewKey={JSON.stringify(view)}
      />
      <p className={styles.detailFoot} aria-live="polite">
        {detail.isFetching ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
        {t('detail.loaded', { loaded: rows.length, total })}
      </p>
    </div>
  );
}

interface TVirtualTableProps {
  table: ReturnType<typeof useTable<TFeatures, TDetailRow>>;
  total: number;
  loading: boolean;
  /** Fetches the next page; null after the last. */
  more: (() => void) | null;
  onOpen: (sheetId: string) => void;
  label: string;
  /** Changes with the sort and filter: the list starts again from the top. */
  viewKey: string;
}

function VirtualTable({ table, total, loading, more, onOpen, label, viewKey }: TVirtualTableProps) {
  const box = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const [pinned, ...scrolling] = table.getAllLeafColumns();
  const rowVirtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => box.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: scrolling.length,
    getScrollElement: () => box.current,
    estimateSize: (i) => scrolling[i]!.getSize(),
    overscan: 3,
  });
  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const padLeft = virtualColumns[0]?.start ?? 0;
  const padRight = columnVirtualizer.getTotalSize() - (virtualColumns.at(-1)?.end ?? 0);
  const width = (pinned?.getSize() ?? 0) + columnVirtualizer.getTotalSize();

  useEffect(() => {
    rowVirtualizer.scrollToOffset(0);
  }, [viewKey, rowVirtualizer]);

  const lastShown = virtualRows.at(-1)?.index ?? 0;
  useEffect(() => {
    if (more && !loading && lastShown >= rows.length - 30) more();
  }, [more, loading, lastShown, rows.length]);

  const spacer = (w: number, key: string) => (w > 0 ? <td key={key} aria-hidden className={styles.vSpacer} style={{ width: w }} /> : null);
  const headers = table.getHeaderGroups()[0]!.headers;
  return (
    <div ref={box} className={styles.vBox} tabIndex={-1}>
      <table
        className={styles.vTable}
        style={{ width }}
        aria-label={label}
        aria-rowcount={total + 1}
        aria-colcount={scrolling.length + 1}
        data-testid="data-detail"
      >
        <thead className={styles.vHead}>
          <tr className={styles.vRow} style={{ width }} aria-rowindex={1}>
            {pinned ? <HeaderCell header={headers[0]!} pinned /> : null}
            {spacer(padLeft, 'pl')}
            {virtualColumns.map((c) => (
              <HeaderCell key={c.key} header={headers[c.index + 1]!} />
            ))}
            {spacer(padRight, 'pr')}
          </tr>
        </thead>
        <tbody className={styles.vBody} style={{ height: rowVirtualizer.getTotalSize() }}>
          {virtualRows.map((v) => {
            const row = rows[v.index]!;
            const cells = row.getAllCells();
            return (
              <tr
                key={row.id}
                aria-rowindex={v.index + 2}
                tabIndex={0}
                className={cx(styles.vRow, styles.vDataRow, row.original.suspect && styles.suspectRow)}
                style={{ width, transform: `translateY(${v.start}px)` }}
                onClick={() => onOpen(row.original.sheetId)}
                onKeyDown={(e) => e.key === 'Enter' && onOpen(row.original.sheetId)}
              >
                <BodyCell cell={cells[0]!} pinned />
                {spacer(padLeft, 'pl')}
                {virtualColumns.map((c) => (
                  <BodyCell key={c.key} cell={cells[c.index + 1]!} />
                ))}
                {spacer(padRight, 'pr')}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const sized = (size: number, pinned?: boolean): CSSProperties => ({
  width: size,
  minWidth: size,
  maxWidth: size,
  ...(pinned ? { position: 'sticky', left: 0, zIndex: 1 } : {}),
});

function HeaderCell({ header, pinned }: { header: Header<TFeatures, TDetailRow, unknown>; pinned?: boolean }) {
  const { t } = useTranslation(REPORT_NS);
  const title = String(header.column.columnDef.header ?? '');
  const sorted = header.column.getIsSorted();
  const style = sized(header.getSize(), pinned);
  if (!header.column.getCanSort()) {
    return (
      <th scope="col" style={style} className={cx(styles.vTh, pinned && styles.vPinned)} title={title}>
        {title}
      </th>
    );
  }
  return (
    <th scope="col" style={style} className={styles.vTh} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
      <button type="button" className={cx(styles.sortButton, sorted && styles.sortOn)} onClick={header.column.getToggleSortingHandler()}>
        {title}
        {sorted === 'asc' ? (
          <ArrowUp size={12} aria-label={t('detail.sortAsc')} />
        ) : sorted === 'desc' ? (
          <ArrowDown size={12} aria-label={t('detail.sortDesc')} />
        ) : (
          <ArrowUpDown size={12} aria-hidden className={styles.muted} />
        )}
      </button>
    </th>
  );
}

function BodyCell({ cell, pinned }: { cell: Cell<TFeatures, TDetailRow, unknown>; pinned?: boolean }) {
  return (
    <td style={sized(cell.column.getSize(), pinned)} className={cx(styles.vTd, pinned && styles.vPinned)}>
      <FlexRender cell={cell} />
    </td>
  );
}
