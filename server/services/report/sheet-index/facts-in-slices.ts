import { factsFromRows, type Facts } from '../report-facts';
import { parseFactKey } from './index-keys';
import type { RoaringBitmap32, SheetIndex } from './sheet-index';

/**
 * sheet-index's factsOf, giving the event loop a turn whenever `sliceMs` have passed (issue 54 item 6): on PGlite
 * the requests share the one thread, and counting every key of a 100,000-sheet index at once held it ~200–275 ms
 * (bench/report-index.ts). Same answer as factsOf; the index must stay acquired until the promise settles.
 */
export async function factsInSlices(index: SheetIndex, set: RoaringBitmap32, sliceMs = 20): Promise<Facts> {
  const rows: { t: string; k: string; v: number; n: number }[] = [];
  let since = performance.now();
  for (const [key, bits] of index.bitmaps) {
    const fact = parseFactKey(key);
    if (!fact) continue;
    const n = bits.andCardinality(set);
    if (n > 0) rows.push({ ...fact, n });
    if (performance.now() - since > sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
  return factsFromRows(rows, (n) => n);
}
