/**
 * The filtered report's in-memory step, phase by phase (issue 54, helper report): an index shaped as bench/report.ts's
 * survey (14 single choices, 3 multiple, NPS, a number of 1,000 values, a text three in ten answer, 3 sources) at
 * each of BENCH_COUNT_ROWS sheets (default 10,000 and 1,000,000), and for one and two conditions: the filter's
 * bitmap, then every fact key's count within it (factsOf), and a cross-tab's counts (q1 × q3). CPU time of this
 * process (user + sys, process.cpuUsage), median and minimum of BENCH_RUNS (default 9) runs after a warm one; the
 * machine is shared, so CPU time is the figure, wall time beside it.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { factKey, ALL_KEY, sourceKey } from '../server/services/report/sheet-index/index-keys';
import { factsOf, RoaringBitmap32, validSheets, type SheetIndex } from '../server/services/report/sheet-index/sheet-index';
import { filterBitmap, type ResolvedFilter } from '../server/services/report/sheet-index/filter-bitmap';
import { counterWithin } from '../server/services/report/sheet-index/bitmap-mirror';

const SIZES = (process.env.BENCH_COUNT_ROWS ?? '10000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);

let seed = 54;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

/** bench/report.ts's survey as an index of `rows` sheets (option ids: subject × 10 + option), as bench/report-index.ts. */
function reportShapedIndex(rows: number): SheetIndex {
  const singles = Array.from({ length: 14 }, (_, i) => 3 + (i % 4));
  const multiples = [15, 16, 17].map((i) => 4 + (i % 2));
  const bitmaps = new Map<string, RoaringBitmap32>();
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

/** CPU and wall ms of `work`, median and minimum of RUNS after a warm run. */
function measure(work: () => unknown): string {
  work();
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    work();
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  return `cpu ${med(cpu).toFixed(2)} ms (min ${Math.min(...cpu).toFixed(2)}), wall ${med(wall).toFixed(2)} ms`;
}

const chose = (option: number) => ({ op: 'chose' as const, option });
const base: Omit<ResolvedFilter, 'conditions'> = { scope: 'valid', otherStatus: [], sqlIds: null, sources: null, suspect: 'all', match: 'all' };
const FILTERS: [string, ResolvedFilter][] = [
  ['one condition', { ...base, conditions: [chose(11)] }],
  ['two conditions', { ...base, conditions: [chose(11), chose(30)] }],
];

for (const rows of SIZES) {
  const index = reportShapedIndex(rows);
  const label = (what: string) => `${rows.toLocaleString('en')} sheets, ${what}`.padEnd(52);
  console.log(`${rows} sheets: ${index.bitmaps.size} keys, load ${loadavg()[0]!.toFixed(1)}`);
  for (const [name, filter] of FILTERS) {
    console.log(`${label(`${name}: filter bitmap`)} ${measure(() => filterBitmap(index, filter).dispose())}`);
    const set = filterBitmap(index, filter);
    console.log(`${label(`${name}: facts`)} ${measure(() => factsOf(index, set))}`);
    set.dispose();
  }
  // As report.service's crossTab counts: the row within the set, then each column within that.
  const cross = () => {
    const set = validSheets(index);
    const within = counterWithin(set);
    for (let r = 10; r < 13; r++) {
      const inRow = within.and(index.bitmaps.get(factKey('c', String(r), 0))!);
      inRow.countEach([30, 31, 32, 33, 34].map((c) => index.bitmaps.get(factKey('c', String(c), 0))!));
    }
    set.dispose();
  };
  console.log(`${label('cross-tab q1 × q3 counts')} ${measure(cross)}`);
  for (const bits of index.bitmaps.values()) bits.dispose();
}
