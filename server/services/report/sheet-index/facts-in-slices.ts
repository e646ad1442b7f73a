import { factsFromRows, type FactRow, type Facts } from '../report-facts';
import { factRowsOf, type RoaringBitmap32, type SheetIndex } from './sheet-index';

/**
 * sheet-index's factsOf, giving the event loop a turn whenever `sliceMs` have passed (issue 54 item 6): on PGlite
 * the requests share the one thread, and counting every key of a 100,000-sheet index at once held it ~200–275 ms
 * (bench/report-index.ts). Same answer as factsOf; the index must stay acquired until the promise settles.
 */
export async function factsInSlices(index: SheetIndex, set: RoaringBitmap32, sliceMs = 20): Promise<Facts> {
  const rows: FactRow<number>[] = [];
  let since = performance.now();
  const rowsOf = factRowsOf(index, set);
  for (let next = rowsOf.next(); !next.done; next = rowsOf.next()) {
    rows.push(next.value);
    if (performance.now() - since > sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
  return factsFromRows(rows, (n) => n);
}
