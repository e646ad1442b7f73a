import type { RowOf } from '../../../db/rows';
import type { sheetIndexBitmaps, sheetIndexHeads } from '../../../db/tables-report-index';

/** The stored index's rows as raw SQL returns them (server/db/rows.ts RowOf). */
export type IndexHeadRow = RowOf<typeof sheetIndexHeads>;
export type IndexBitmapRow = RowOf<typeof sheetIndexBitmaps>;
