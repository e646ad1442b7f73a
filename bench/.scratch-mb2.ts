import { performance } from 'node:perf_hooks';
import { factKey, ALL_KEY, parseFactKey } from '../server/services/report/sheet-index/index-keys';
import { RoaringBitmap32 } from '../server/services/report/sheet-index/sheet-index';
import { countWithin, mirrorOf, setMirrorOf } from '../server/services/report/sheet-index/bitmap-mirror';
let seed = 54;
const random = () => { seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31; return seed / 2 ** 31; };
const rows = Number(process.env.R ?? 1_000_000);
const out = new Map<string, number[]>();
const push = (k: string, id: number) => { const l = out.get(k); if (l) l.push(id); else out.set(k, [id]); };
for (let id = 1; id <= rows; id++) {
  push(ALL_KEY, id);
  for (let s = 0; s < 14; s++) push(factKey('c', String(s * 10 + Math.floor(random() * 4)), 0), id);
  push(factKey('n', 'q19', Math.floor(random() * 1000)), id);
}
const bitmaps = new Map<string, RoaringBitmap32>();
for (const [k, l] of out) bitmaps.set(k, RoaringBitmap32.from(l));
const set = bitmaps.get(factKey('c', '11', 0))!.clone();
const mins = { oldC: Infinity, oldN: Infinity, newC: Infinity, newN: Infinity, set: Infinity };
for (let r = 0; r < 15; r++) {
  let a = performance.now();
  const within = setMirrorOf(set);
  mins.set = Math.min(mins.set, performance.now() - a);
  let oc = 0, on = 0, nc = 0, nn = 0;
  for (const [key, bits] of bitmaps) {
    const isN = key.startsWith('n');
    a = performance.now(); bits.andCardinality(set); const b = performance.now();
    const m = mirrorOf(bits); if (m) countWithin(m, within); else bits.andCardinality(set); const c = performance.now();
    if (isN) { on += b - a; nn += c - b; } else { oc += b - a; nc += c - b; }
  }
  mins.oldC = Math.min(mins.oldC, oc); mins.oldN = Math.min(mins.oldN, on); mins.newC = Math.min(mins.newC, nc); mins.newN = Math.min(mins.newN, nn);
}
console.log(rows, Object.fromEntries(Object.entries(mins).map(([k, v]) => [k, v.toFixed(2)])));
