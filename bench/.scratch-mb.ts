import { performance } from 'node:perf_hooks';
import { factKey, ALL_KEY, sourceKey } from '../server/services/report/sheet-index/index-keys';
import { factsOf, RoaringBitmap32, type SheetIndex } from '../server/services/report/sheet-index/sheet-index';
import { filterBitmap } from '../server/services/report/sheet-index/filter-bitmap';

let seed = 54;
const random = () => { seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31; return seed / 2 ** 31; };
function build(rows: number) {
  const out = new Map<string, number[]>();
  const push = (k: string, id: number) => { const l = out.get(k); if (l) l.push(id); else out.set(k, [id]); };
  let opt = 1000;
  const singles = Array.from({ length: 14 }, (_, i) => Array.from({ length: 3 + (i % 4) }, () => opt++));
  const multis = [15, 16, 17].map((i) => Array.from({ length: 4 + (i % 2) }, () => opt++));
  for (let id = 1; id <= rows; id++) {
    push(ALL_KEY, id);
    push(sourceKey(['link','qr','wechat'][id % 3]!), id);
    for (const s of singles) push(factKey('c', String(s[Math.floor(random() * s.length)]), 0), id);
    for (const s of multis) for (const o of s) if (random() < 0.5) push(factKey('c', String(o), 0), id);
    push(factKey('n', 'q18', Math.floor(random() * 11)), id);
    push(factKey('n', 'q19', Math.floor(random() * 1000)), id);
    if (random() < 0.3) push(factKey('a', 'q20', 0), id);
  }
  const bitmaps = new Map<string, RoaringBitmap32>();
  for (const [k, l] of out) bitmaps.set(k, RoaringBitmap32.from(l));
  return { bitmaps, singles };
}
for (const rows of [10_000, 100_000, 1_000_000]) {
  const { bitmaps, singles } = build(rows);
  const index: SheetIndex = { projectId: 1, shape: 'x', watermark: rows, version: 1, bitmaps, bin: new RoaringBitmap32(), suspect: new RoaringBitmap32() };
  const base = { scope: 'valid' as const, otherStatus: [], sqlIds: null, sources: null, suspect: 'all' as const, match: 'all' as const };
  const one = { ...base, conditions: [{ op: 'chose' as const, option: singles[1]![1]! }] };
  const two = { ...base, conditions: [{ op: 'chose' as const, option: singles[1]![1]! }, { op: 'chose' as const, option: singles[3]![0]! }] };
  for (const [name, f] of [['one', one], ['two', two]] as const) {
    const times: number[] = [];
    for (let r = 0; r < 7; r++) {
      const t0 = performance.now();
      const set = filterBitmap(index, f);
      const t1 = performance.now();
      factsOf(index, set);
      const t2 = performance.now();
      set.dispose();
      times.push(t2 - t0);
      if (r === 6) console.log(`${rows} ${name}: bitmap ${(t1 - t0).toFixed(2)} facts ${(t2 - t1).toFixed(2)} `);
    }
    times.sort((a, b) => a - b);
    console.log(`${rows} ${name}: median ${times[3]!.toFixed(2)} ms keys ${bitmaps.size}`);
  }
  for (const b of bitmaps.values()) b.dispose();
}
