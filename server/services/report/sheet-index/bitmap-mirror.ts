import type { RoaringBitmap32 } from 'roaring-wasm';
import { andCountIn, loadSet, lowsIn } from './and-count';

/**
 * A JavaScript copy of a Roaring bitmap's containers, for counting (issue 54, helper filter). roaring-wasm's
 * andCardinality of two dense containers costs ~80 ns per 64-bit word here (bench/report-index.ts: ~1.3 ms per
 * key of a million sheets), which made a filtered report's facts at 1M sheets ~50–75 ms, nearly all of it in the
 * ~60 option keys; counted in JavaScript over the same containers it is ~10× less. A key's copy is made once,
 * from its 'portable' serialization (the container layout itself), and kept as long as the bitmap object lives;
 * the filter's set is copied per report, every container as 2,048 words so each key's low bits test it directly.
 * Issue 54 (helper report): every key has a copy, sparse ones too (no WebAssembly call per key into roaring), and
 * two dense containers are counted by a few WebAssembly instructions (and-count.ts: i64.popcnt), the keys counted
 * together (countEach) so each set container is copied in once; a cross-tab narrows the set by its row (and).
 */

/** One container: 2,048 words (more than 4,096 ids: a bit per id) or the sorted low 16 bits of its ids. */
type Part = Uint32Array | Uint16Array;

/** A bitmap's containers: `highs[i]` (id >>> 16) holds `parts[i]`; `size` is the bitmap's cardinality. */
export interface Mirror {
  readonly highs: number[];
  readonly parts: Part[];
  readonly size: number;
}

/**
 * A set to count within, by high 16 bits: every container as its 2,048 words (absent: no id of the set there), and
 * as its sorted low bits too where it holds at most LOWS_MAX ids (a dense key then tests those ids, not every word).
 */
export interface SetMirror {
  readonly words: (Uint32Array | undefined)[];
  readonly lows: (Uint16Array | undefined)[];
}

const WORDS = 2048;
const ARRAY_MAX = 4096;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Set bits [from, to) of a container's words. */
function setRange(words: Uint32Array, from: number, to: number): void {
  for (let v = from; v < to; v++) words[v >>> 5]! |= 1 << (v & 31);
}

/** A part's ids set in a container's words. */
function setPart(words: Uint32Array, part: Part): void {
  if (part instanceof Uint32Array) for (let w = 0; w < WORDS; w++) words[w]! |= part[w]!;
  else for (let i = 0; i < part.length; i++) words[part[i]! >>> 5]! |= 1 << (part[i]! & 31);
}

/** Count the ones of a 32-bit word. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * The containers of a 'portable' Roaring serialization (the format's spec: a cookie, each container's key and
 * cardinality, offsets, then arrays, 8 KB bitmaps and runs). Run containers become arrays or words by their size.
 */
export function parsePortable(bytes: Uint8Array): { highs: number[]; parts: Part[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const cookie = view.getUint32(0, true);
  let pos: number;
  let size: number;
  let runs: Uint8Array | null = null;
  if ((cookie & 0xffff) === 12347) {
    size = (cookie >>> 16) + 1;
    runs = bytes.subarray(4, 4 + ((size + 7) >>> 3));
    pos = 4 + runs.length;
  } else if (cookie === 12346) {
    size = view.getUint32(4, true);
    pos = 8;
  } else throw new Error('not a portable Roaring bitmap');
  const header = pos;
  pos += size * 4;
  if (!runs || size >= 4) pos += size * 4; // the offset header
  const highs: number[] = [];
  const parts: Part[] = [];
  for (let i = 0; i < size; i++) {
    highs.push(view.getUint16(header + i * 4, true));
    const card = view.getUint16(header + i * 4 + 2, true) + 1;
    if (runs && (runs[i >>> 3]! >>> (i & 7)) & 1) {
      const n = view.getUint16(pos, true);
      pos += 2;
      const words = new Uint32Array(WORDS);
      for (let r = 0; r < n; r++, pos += 4) {
        const start = view.getUint16(pos, true);
        setRange(words, start, start + view.getUint16(pos + 2, true) + 1);
      }
      parts.push(card > ARRAY_MAX ? words : lowsOf(words, card));
    } else if (card > ARRAY_MAX) {
      parts.push(littleEndian(bytes, pos, WORDS, Uint32Array));
      pos += WORDS * 4;
    } else {
      parts.push(littleEndian(bytes, pos, card, Uint16Array));
      pos += card * 2;
    }
  }
  return { highs, parts };
}

/**
 * `n` little-endian numbers of the serialization from `pos`, as a new (aligned) array: a copy of the bytes on a
 * little-endian host, read number by number on a big-endian one.
 */
function littleEndian<A extends Uint32Array | Uint16Array>(
  bytes: Uint8Array,
  pos: number,
  n: number,
  type: { new (n: number): A; BYTES_PER_ELEMENT: number },
): A {
  const out = new type(n);
  const width = type.BYTES_PER_ELEMENT;
  if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(bytes.subarray(pos, pos + n * width));
  else {
    const view = new DataView(bytes.buffer, bytes.byteOffset + pos, n * width);
    for (let i = 0; i < n; i++) out[i] = width === 4 ? view.getUint32(i * 4, true) : view.getUint16(i * 2, true);
  }
  return out;
}

/** The sorted low bits set in a container's words. */
function lowsOf(words: Uint32Array, card: number): Uint16Array {
  const lows = new Uint16Array(card);
  let n = 0;
  for (let w = 0; w < WORDS; w++) for (let bits = words[w]!; bits; bits &= bits - 1) lows[n++] = w * 32 + (31 - Math.clz32(bits & -bits));
  return lows;
}

const mirrors = new WeakMap<RoaringBitmap32, Mirror>();
/** Bitmaps made as another bitmap plus ascending ids (the index's tail): their copy is the other's, extended. */
const extended = new WeakMap<RoaringBitmap32, { base: RoaringBitmap32 | null; ids: readonly number[] }>();

/** A copy of `bits` made fresh (not kept). */
function mirrorFresh(bits: RoaringBitmap32): Mirror {
  return { ...parsePortable(bits.serialize('portable')), size: bits.size };
}

/**
 * `base`'s containers with ascending `ids` added: only the containers the ids fall in are copied, so a tail of
 * new sheets costs its own ids, not a copy of every key.
 */
export function extendMirror(base: Mirror | null, ids: readonly number[]): Mirror {
  const highs = base ? [...base.highs] : [];
  const parts = base ? [...base.parts] : [];
  let added = 0;
  for (let i = 0; i < ids.length;) {
    const high = ids[i]! >>> 16;
    let end = i;
    while (end < ids.length && ids[end]! >>> 16 === high) end++;
    let at = highs.indexOf(high);
    if (at < 0) {
      at = highs.findIndex((h) => h > high);
      if (at < 0) at = highs.length;
      highs.splice(at, 0, high);
      parts.splice(at, 0, new Uint16Array(0));
    }
    const words = new Uint32Array(WORDS);
    setPart(words, parts[at]!);
    const before = countWords(words);
    for (let j = i; j < end; j++) words[(ids[j]! & 0xffff) >>> 5]! |= 1 << (ids[j]! & 31);
    const card = countWords(words);
    added += card - before;
    parts[at] = card > ARRAY_MAX ? words : lowsOf(words, card);
    i = end;
  }
  return { highs, parts, size: (base?.size ?? 0) + added };
}

function countWords(words: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < WORDS; w++) n += popcount(words[w]!);
  return n;
}

/** Say that `bits` is `base` (null: empty) plus ascending `ids`, all past base's ids (withSheetIndex's tail). */
export function noteExtended(bits: RoaringBitmap32, base: RoaringBitmap32 | null, ids: readonly number[]): void {
  extended.set(bits, { base, ids });
}

/**
 * The kept copy of `bits`, made on first use, of every bitmap, sparse ones too: counting an array container in
 * JavaScript is a lookup per id, as roaring's is, without a WebAssembly call per key (a number subject of 1,000
 * values is 1,000 keys: ~0.9 µs a call, ~1 ms a report at 10k sheets, bench/report-count.ts). A copy whose size no
 * longer matches the bitmap's is made again (the index's bitmaps are not changed in place once loaded; this only
 * guards a future change).
 */
export function mirrorOf(bits: RoaringBitmap32): Mirror {
  const size = bits.size;
  const kept = mirrors.get(bits);
  if (kept && kept.size === size) return kept;
  const recipe = extended.get(bits);
  let made = recipe ? extendMirror(recipe.base ? mirrorOf(recipe.base) : null, recipe.ids) : null;
  if (!made || made.size !== size) made = mirrorFresh(bits);
  mirrors.set(bits, made);
  return made;
}

/**
 * A set container with at most this many ids is also kept as its ids: a dense key tests each of them (a lookup,
 * ~1–2 ns) rather than counting all 2,048 words of both (~0.3–0.6 ns a word in and-count.ts, ~1 µs a container).
 */
const LOWS_MAX = 512;

/** The set mirror of containers `highs` → `words` (each a full 2,048-word container). */
function setMirrorOfWords(highs: readonly number[], words: readonly Uint32Array[]): SetMirror {
  const out: SetMirror = { words: [], lows: [] };
  for (let i = 0; i < highs.length; i++) {
    const card = countWords(words[i]!);
    if (card === 0) continue;
    out.words[highs[i]!] = words[i]!;
    if (card <= LOWS_MAX) out.lows[highs[i]!] = lowsOf(words[i]!, card);
  }
  return out;
}

/** The set to count within (made per report: the filter's set is new each time). */
export function setMirrorOf(set: RoaringBitmap32): SetMirror {
  const { highs, parts } = parsePortable(set.serialize('portable'));
  const words = parts.map((part) => {
    if (part instanceof Uint32Array) return part;
    const out = new Uint32Array(WORDS);
    setPart(out, part);
    return out;
  });
  return setMirrorOfWords(highs, words);
}

/** `set` ∧ `key` as a set to count within (a cross-tab's row within the filter's sheets). */
export function narrowedSet(set: SetMirror, key: Mirror): SetMirror {
  const highs: number[] = [];
  const words: Uint32Array[] = [];
  for (let i = 0; i < key.highs.length; i++) {
    const within = set.words[key.highs[i]!];
    if (!within) continue;
    const part = key.parts[i]!;
    const out = new Uint32Array(WORDS);
    if (part instanceof Uint32Array) for (let w = 0; w < WORDS; w++) out[w] = part[w]! & within[w]!;
    else for (let j = 0; j < part.length; j++) out[part[j]! >>> 5]! |= within[part[j]! >>> 5]! & (1 << (part[j]! & 31));
    highs.push(key.highs[i]!);
    words.push(out);
  }
  return setMirrorOfWords(highs, words);
}

/** How many of the sorted low bits `lows` are set in `words`. */
function countLows(words: Uint32Array, lows: Uint16Array): number {
  let n = 0;
  for (let j = 0; j < lows.length; j++) n += (words[lows[j]! >>> 5]! >>> (lows[j]! & 31)) & 1;
  return n;
}

/**
 * |key ∧ set| of each key: roaring's andCardinality, counted in WebAssembly (and-count.ts) over the set's
 * containers copied in once: a dense key's container by popcount of the common words, an array container by a
 * lookup per id (a number subject's 1,000 sparse keys at a million sheets are a million lookups), a dense key
 * against a set container of few ids by a lookup per set id in JavaScript.
 */
export function countEach(keys: readonly Mirror[], set: SetMirror): number[] {
  const slots: number[] = [];
  const containers: Uint32Array[] = [];
  set.words.forEach((words, high) => {
    containers.push(words!);
    slots[high] = containers.length;
  });
  loadSet(containers);
  return keys.map((key) => {
    let n = 0;
    for (let i = 0; i < key.highs.length; i++) {
      const high = key.highs[i]!;
      const slot = slots[high];
      if (slot === undefined) continue;
      const part = key.parts[i]!;
      const lows = set.lows[high];
      if (!(part instanceof Uint32Array)) n += lowsIn(part, slot);
      else if (lows) n += countLows(part, lows);
      else n += andCountIn(part, slot);
    }
    return n;
  });
}

/** Counts within one set of sheets. `set` must not change while the counter is used. */
export interface Counter {
  /** |bits ∧ set| */
  count(bits: RoaringBitmap32): number;
  /** |bits ∧ set| of each of `bits`, in their order (countEach: quicker than one by one for many keys). */
  countEach(bits: readonly RoaringBitmap32[]): number[];
  /** A counter within set ∧ bits (a cross-tab's row): its cells are |row ∧ column ∧ set|. */
  and(bits: RoaringBitmap32): Counter;
}

const counterOver = (within: SetMirror): Counter => ({
  count: (bits) => countEach([mirrorOf(bits)], within)[0]!,
  countEach: (bits) => countEach(bits.map(mirrorOf), within),
  and: (bits) => counterOver(narrowedSet(within, mirrorOf(bits))),
});

/** |bits ∧ set| for many bitmaps and one set: the set copied once, each bitmap counted over its kept copy. */
export const counterWithin = (set: RoaringBitmap32): Counter => counterOver(setMirrorOf(set));
