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
import { factKey } from '../server/services/report/sheet-index/index-keys';
import { factsOf, validSheets } from '../server/services/report/sheet-index/sheet-index';
import { filterBitmap, type ResolvedFilter } from '../server/services/report/sheet-index/filter-bitmap';
import { counterWithin } from '../server/services/report/sheet-index/bitmap-mirror';
import { reportShapedIndex } from './report-shaped-index';

const SIZES = (process.env.BENCH_COUNT_ROWS ?? '10000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);

let seed = 54;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

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
  const index = reportShapedIndex(rows, random);
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
