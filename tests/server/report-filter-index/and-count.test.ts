import { describe, expect, it } from 'vitest';
import { andCountIn, loadSet, lowsIn } from '../../../server/services/report/sheet-index/and-count';

/** Each part counted against `set` loaded alone (slot 1). */
function andCounts(set: Uint32Array, parts: readonly Uint32Array[]): number[] {
  loadSet([set]);
  return parts.map((part) => andCountIn(part, 1));
}

/**
 * Issue 54 (helper report): the WebAssembly counts (and-count.ts) against plain JavaScript ones: two containers'
 * common bits for random, empty, full and single-bit containers (the top bit of a word, the last word), several
 * parts against one set container, a set of many containers (the memory grows), and an array container's ids
 * looked up in a set's words. Pure (no database): the same on both engines.
 */

const WORDS = 2048;

function popcountOf(a: Uint32Array, b: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < WORDS; w++) for (let x = (a[w]! & b[w]!) >>> 0; x; x >>>= 1) n += x & 1;
  return n;
}

/** A container whose words are drawn with the given density of ones, from a seeded generator. */
function words(seed: number, density: number): Uint32Array {
  let a = seed >>> 0;
  const out = new Uint32Array(WORDS);
  for (let i = 0; i < WORDS * 32; i++) {
    a = (Math.imul(a, 1_103_515_245) + 12_345) >>> 0;
    if (a / 2 ** 32 < density) out[i >>> 5]! |= 1 << (i & 31);
  }
  return out;
}

describe('and-count: |a ∧ b| of two containers in WebAssembly', () => {
  it('equals a bit-by-bit count for random containers of every density', () => {
    const set = words(1, 0.5);
    const parts = [0.01, 0.1, 0.5, 0.9, 0.99].map((d, i) => words(10 + i, d));
    expect(andCounts(set, parts)).toEqual(parts.map((p) => popcountOf(p, set)));
  });

  it('counts empty, full and single-bit containers exactly', () => {
    const empty = new Uint32Array(WORDS);
    const full = new Uint32Array(WORDS).fill(0xffffffff);
    const topBit = new Uint32Array(WORDS);
    topBit[0] = 0x80000000;
    const lastWord = new Uint32Array(WORDS);
    lastWord[WORDS - 1] = 0x80000001;
    expect(andCounts(full, [full, empty, topBit, lastWord])).toEqual([WORDS * 32, 0, 1, 2]);
    expect(andCounts(empty, [full])).toEqual([0]);
    expect(andCounts(full, [])).toEqual([]);
  });

  it('counts each part against the same set, in order, whatever came before', () => {
    const set = words(2, 0.3);
    const parts = Array.from({ length: 6 }, (_, i) => words(20 + i, 0.2 * (i % 3) + 0.1));
    const first = andCounts(set, parts);
    andCounts(words(3, 0.7), parts.slice(0, 2));
    expect(andCounts(set, parts)).toEqual(first);
    expect(first).toEqual(parts.map((p) => popcountOf(p, set)));
  });

  it('counts against every container of a set of many (the memory grows past its first page)', () => {
    const containers = Array.from({ length: 40 }, (_, i) => words(100 + i, (i % 10) / 10));
    const part = words(7, 0.5);
    loadSet(containers);
    expect(containers.map((_, i) => andCountIn(part, i + 1))).toEqual(containers.map((c) => popcountOf(part, c)));
  });

  it("looks an array container's ids up in a set's words: none, some, all, the first and last bits", () => {
    const set = words(5, 0.5);
    const full = new Uint32Array(WORDS).fill(0xffffffff);
    loadSet([set, full, new Uint32Array(WORDS)]);
    const all = Uint16Array.from({ length: 4096 }, (_, i) => i * 16);
    const ends = Uint16Array.from([0, 31, 32, 65_535]);
    const bit = (w: Uint32Array, v: number) => (w[v >>> 5]! >>> (v & 31)) & 1;
    for (const lows of [new Uint16Array(0), ends, all]) expect(lowsIn(lows, 1)).toBe([...lows].reduce((n, v) => n + bit(set, v), 0));
    expect(lowsIn(all, 2)).toBe(4096);
    expect(lowsIn(ends, 2)).toBe(4);
    expect(lowsIn(all, 3)).toBe(0);
  });
});
