/**
 * bench/report.ts's survey (14 single choices, 3 multiple, NPS, a number of 1,000 values, a text answered three times
 * in ten, 3 sources) as an in-memory index of `rows` sheets, option ids subject × 10 + option, answers drawn from
 * `random` (each bench its own seeded one): bench/report-index.ts and bench/report-count.ts.
 */
import { ALL_KEY, factKey, sourceKey } from '../server/services/report/sheet-index/index-keys';
import { RoaringBitmap32, type SheetIndex } from '../server/services/report/sheet-index/sheet-index';

export function reportShapedIndex(rows: number, random: () => number): SheetIndex {
  const singles = Array.from({ length: 14 }, (_, i) => 3 + (i % 4));
  const multiples = [15, 16, 17].map((i) => 4 + (i % 2));
  const bitmaps = new Map<string, RoaringBitmap32>();
  // A segment's ids at a time, so a million sheets never sit in JavaScript arrays at once.
  for (let from = 1; from <= rows; from += 65_536) {
    const lists = new Map<string, number[]>();
    const push = (key: string, id: number) => (lists.get(key) ?? lists.set(key, []).get(key)!).push(id);
    for (let id = from; id < Math.min(from + 65_536, rows + 1); id++) {
      push(ALL_KEY, id);
      push(sourceKey(['link', 'qr', 'wechat'][id % 3]!), id);
      singles.forEach((n, s) => push(factKey('c', String((s + 1) * 10 + Math.floor(random() * n)), 0), id));
      multiples.forEach((n, m) => {
        const one = Math.floor(random() * n);
        for (let o = 0; o < n; o++) if (o === one || random() < 0.5) push(factKey('c', String((m + 15) * 10 + o), 0), id);
      });
      push(factKey('n', 'q18', Math.floor(random() * 11)), id);
      push(factKey('n', 'q19', Math.floor(random() * 1000)), id);
      if (random() < 0.3) push(factKey('a', 'q20', 0), id);
    }
    for (const [key, ids] of lists) (bitmaps.get(key) ?? bitmaps.set(key, new RoaringBitmap32()).get(key)!).addMany(ids);
  }
  return { projectId: 0, shape: 'bench', watermark: rows, version: 1, bitmaps, bin: new RoaringBitmap32(), suspect: new RoaringBitmap32() };
}
