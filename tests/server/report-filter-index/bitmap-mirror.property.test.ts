import { describe, expect, it } from 'vitest';
import {
  counterWithin,
  countEach,
  extendMirror,
  mirrorOf,
  noteExtended,
  parsePortable,
  setMirrorOf,
} from '../../../server/services/report/sheet-index/bitmap-mirror';
import { factKey } from '../../../server/services/report/sheet-index/index-keys';
import { factsOf, RoaringBitmap32, type SheetIndex } from '../../../server/services/report/sheet-index/sheet-index';

/**
 * Issue 54 (helper filter): the filter index counts dense keys over JavaScript copies of their containers
 * (bitmap-mirror.ts) instead of roaring-wasm's andCardinality. For random bitmaps of every container kind (dense,
 * sparse, runs, across several 65,536-id segments, ids near 2^31) the counts equal roaring's exactly, a tail's
 * extended copy equals a fresh one, and factsOf over an index of such keys equals the facts roaring itself
 * counts. Pure (no database): the same on both engines. Fixed seeds.
 */

/** mulberry32, seeded, so a failing case replays. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}
type Rng = ReturnType<typeof rng>;

const SEGMENT = 65_536;
const BASES = [0, 3 * SEGMENT, 2 ** 31 - 2 * SEGMENT];

/** A bitmap whose segments are each dense, sparse, a few runs or absent; run-optimized half the time. */
function randomBitmap(r: Rng): RoaringBitmap32 {
  const bits = new RoaringBitmap32();
  const base = BASES[r.int(BASES.length)]!;
  for (let s = 0; s < 4; s++) {
    const from = base + s * SEGMENT;
    const kind = r.int(4);
    if (kind === 0) {
      const p = 0.1 + r.next() * 0.85;
      const ids: number[] = [];
      for (let i = 0; i < SEGMENT; i++) if (r.next() < p) ids.push(from + i);
      bits.addMany(ids);
    } else if (kind === 1) {
      const n = 1 + r.int(4096);
      for (let i = 0; i < n; i++) bits.add(from + r.int(SEGMENT));
    } else if (kind === 2) {
      for (let i = r.int(6); i >= 0; i--) {
        const start = from + r.int(SEGMENT - 1);
        bits.addRange(start, Math.min(from + SEGMENT, start + 1 + r.int(20_000)));
      }
    }
  }
  if (r.next() < 0.5) bits.runOptimize();
  return bits;
}

/** The ids a copy holds, rebuilt from its containers. */
function idsOfParts(parsed: { highs: number[]; parts: (Uint32Array | Uint16Array)[] }): number[] {
  const out: number[] = [];
  parsed.highs.forEach((high, i) => {
    const part = parsed.parts[i]!;
    if (part instanceof Uint32Array) {
      for (let v = 0; v < SEGMENT; v++) if ((part[v >>> 5]! >>> (v & 31)) & 1) out.push(high * SEGMENT + v);
    } else for (const v of part) out.push(high * SEGMENT + v);
  });
  return out;
}

describe('bitmap-mirror: counts over JavaScript copies equal roaring', () => {
  it('reads every container kind of the portable form as its ids', () => {
    const r = rng(54);
    for (let round = 0; round < 12; round++) {
      const bits = randomBitmap(r);
      expect(idsOfParts(parsePortable(bits.serialize('portable')))).toEqual([...bits.toUint32Array()]);
      bits.dispose();
    }
  });

  it('counts |key ∧ set| as andCardinality does, for dense, sparse and run keys and sets', () => {
    const r = rng(7);
    for (let round = 0; round < 6; round++) {
      const set = randomBitmap(r);
      const count = counterWithin(set);
      for (let k = 0; k < 6; k++) {
        const key = randomBitmap(r);
        expect(count.count(key)).toBe(key.andCardinality(set));
        // Counted again from the kept copy.
        expect(count.count(key)).toBe(key.andCardinality(set));
        key.dispose();
      }
      set.dispose();
    }
  });

  it("extends a stored key's copy by a tail of ids exactly as a fresh copy of the merged bitmap", () => {
    const r = rng(11);
    for (let round = 0; round < 8; round++) {
      const stored = randomBitmap(r);
      const set = randomBitmap(r);
      const top = stored.isEmpty ? r.int(SEGMENT) : stored.maximum();
      // A tail past the stored ids, crossing into the next segment now and then.
      const tail: number[] = [];
      for (let id = top + 1, n = r.int(9000); n > 0; n--, id += 1 + r.int(r.next() < 0.3 ? 40 : 3)) if (id < 2 ** 31) tail.push(id);
      const merged = stored.clone();
      merged.addMany(tail);
      const fresh = merged.clone();
      const base = round % 3 === 0 ? null : stored;
      if (base) noteExtended(merged, base, tail);
      else noteExtended(merged, null, tail); // a recipe that does not describe the bitmap: its size tells, a fresh copy is made
      const count = counterWithin(set);
      expect(count.count(merged)).toBe(fresh.andCardinality(set));
      const copy = mirrorOf(merged);
      if (copy) expect(idsOfParts(copy)).toEqual([...fresh.toUint32Array()]);
      const extended = extendMirror(null, tail);
      expect(idsOfParts(extended)).toEqual(tail);
      expect(extended.size).toBe(tail.length);
      for (const b of [stored, set, merged, fresh]) b.dispose();
    }
  });

  it('makes a new copy when a bitmap changed after its copy was kept', () => {
    const r = rng(3);
    const key = RoaringBitmap32.fromRange(0, 50_000);
    const set = randomBitmap(r);
    set.addRange(0, 50_000);
    expect(counterWithin(set).count(key)).toBe(50_000);
    key.removeRange(0, 10_000);
    expect(counterWithin(set).count(key)).toBe(key.andCardinality(set));
    key.dispose();
    set.dispose();
  });

  it("factsOf over dense and sparse keys equals roaring's own counts", () => {
    const r = rng(19);
    const sheets = 3 * SEGMENT + 1234;
    const lists = new Map<string, number[]>();
    const push = (key: string, id: number) => (lists.get(key) ?? lists.set(key, []).get(key)!).push(id);
    for (let id = 1; id <= sheets; id++) {
      push('all', id);
      push(factKey('c', String(1 + r.int(3)), 0), id);
      if (r.next() < 0.4) push(factKey('c', '9', 0), id);
      push(factKey('n', 'q', r.int(300)), id);
    }
    const bitmaps = new Map([...lists].map(([k, ids]) => [k, RoaringBitmap32.from(ids)]));
    const index: SheetIndex = { projectId: 1, shape: 't', watermark: sheets, version: 1, bitmaps, bin: new RoaringBitmap32(), suspect: new RoaringBitmap32() };
    const set = bitmaps.get(factKey('c', '2', 0))!.clone();
    set.orInPlace(RoaringBitmap32.fromRange(2 * SEGMENT, 2 * SEGMENT + 5000));
    const facts = factsOf(index, set);
    expect(facts.sheets).toBe(set.size);
    for (const [key, bits] of bitmaps) {
      if (key.startsWith('c')) expect(facts.options[key.slice(2)] ?? 0).toBe(bits.andCardinality(set));
    }
    const values = facts.values['n:q'] ?? {};
    for (let v = 0; v < 300; v++) expect(values[v] ?? 0).toBe(bitmaps.get(factKey('n', 'q', v))?.andCardinality(set) ?? 0);
    for (const b of [...bitmaps.values(), set, index.bin, index.suspect]) b.dispose();
  });

  it('counts many keys at once as one by one: empty set, full containers, the last partial one, keys absent', () => {
    const r = rng(23);
    const top = 3 * SEGMENT + 777; // the last container holds 778 ids at most: partial
    const full = RoaringBitmap32.fromRange(0, 2 * SEGMENT); // two full containers
    const lastPartial = RoaringBitmap32.fromRange(3 * SEGMENT, top + 1);
    const few = RoaringBitmap32.from([5, 70_000, 70_001, 3 * SEGMENT + 1, top]); // few ids: the set's lows path
    const elsewhere = RoaringBitmap32.fromRange(9 * SEGMENT, 10 * SEGMENT); // no container in common with the sets
    const randomKeys = Array.from({ length: 8 }, () => randomBitmap(r));
    const keys = [full, lastPartial, few, elsewhere, new RoaringBitmap32(), ...randomKeys];
    const halves = new RoaringBitmap32();
    for (let id = 0; id <= top; id += 2) halves.add(id);
    const sets = [new RoaringBitmap32(), RoaringBitmap32.fromRange(0, top + 1), few.clone(), halves, ...Array.from({ length: 4 }, () => randomBitmap(r))];
    for (const set of sets) {
      const expected = keys.map((k) => k.andCardinality(set));
      expect(counterWithin(set).countEach(keys)).toEqual(expected);
      expect(keys.map((k) => counterWithin(set).count(k))).toEqual(expected);
      expect(countEach([], setMirrorOf(set))).toEqual([]);
    }
    for (const b of [...keys, ...sets]) b.dispose();
  });

  it("counts a cross-tab's cells, |row ∧ column ∧ set|, as roaring does", () => {
    const r = rng(31);
    for (let round = 0; round < 4; round++) {
      const set = randomBitmap(r);
      const within = counterWithin(set);
      const rows = [randomBitmap(r), randomBitmap(r), new RoaringBitmap32(), set.clone()];
      const columns = [randomBitmap(r), randomBitmap(r), RoaringBitmap32.fromRange(0, 4 * SEGMENT)];
      for (const row of rows) {
        const inRow = within.and(row);
        const both = RoaringBitmap32.and(row, set);
        expect(inRow.countEach(columns)).toEqual(columns.map((c) => c.andCardinality(both)));
        expect(inRow.count(row)).toBe(both.size);
        both.dispose();
      }
      for (const b of [set, ...rows, ...columns]) b.dispose();
    }
  });
});
