import type { RoaringBitmap32 } from 'roaring-wasm';

/**
 * A JavaScript copy of a Roaring bitmap's containers, for counting (issue 54, helper filter). roaring-wasm's
 * andCardinality of two dense containers costs ~80 ns per 64-bit word here (bench/report-index.ts: ~1.3 ms per
 * key of a million sheets), which made a filtered report's facts at 1M sheets ~50–75 ms, nearly all of it in the
 * ~60 option keys; counted in JavaScript over the same containers it is ~10× less. A key's copy is made once,
 * from its 'portable' serialization (the container layout itself), and kept as long as the bitmap object lives;
 * the filter's set is copied per report, every container as 2,048 words so each key's low bits test it directly.
 */

/** One container: 2,048 words (more than 4,096 ids: a bit per id) or the sorted low 16 bits of its ids. */
type Part = Uint32Array | Uint16Array;

/** A bitmap's containers: `highs[i]` (id >>> 16) holds `parts[i]`; `size` is the bitmap's cardinality. */
export interface Mirror {
  readonly highs: number[];
  readonly parts: Part[];
  readonly size: number;
}

/** A set to count within: high 16 bits → its 2,048 words (absent: no id of the set there). */
export type SetMirror = (Uint32Array | undefined)[];

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
      // slice copies, so the words are aligned; the serialization is little-endian, as the host (LITTLE_ENDIAN).
      parts.push(new Uint32Array(bytes.slice(pos, pos + WORDS * 4).buffer));
      pos += WORDS * 4;
    } else {
      parts.push(new Uint16Array(bytes.slice(pos, pos + card * 2).buffer));
      pos += card * 2;
    }
  }
  return { highs, parts };
}

/** The sorted low bits set in a container's words. */
function lowsOf(words: Uint32Array, card: number): Uint16Array {
  const lows = new Uint16Array(card);
  let n = 0;
  for (let w = 0; w < WORDS; w++) for (let bits = words[w]!; bits; bits &= bits - 1) lows[n++] = w * 32 + (31 - Math.clz32(bits & -bits));
  return lows;
}

const mirrors = new WeakMap<RoaringBitmap32, Mirror | null>();
/** The size a bitmap had when it was found to have no dense container (mirrors holds null for it). */
const sparseSize = new WeakMap<RoaringBitmap32, number>();
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
 * The kept copy of `bits`, made on first use, or null when none of its containers is dense (then roaring's own
 * andCardinality is quicker: an array container against a bitmap is a lookup per id there too, without the copy).
 * A copy whose size no longer matches the bitmap's is made again (the index's bitmaps are not changed in place
 * once loaded; this only guards a future change).
 */
export function mirrorOf(bits: RoaringBitmap32): Mirror | null {
  const size = bits.size;
  if (size <= ARRAY_MAX) return null;
  const kept = mirrors.get(bits);
  if (kept !== undefined && (kept === null ? sparseSize.get(bits) === size : kept.size === size)) return kept;
  const recipe = extended.get(bits);
  const base = recipe?.base ? mirrorOf(recipe.base) : null;
  // A base without a copy (all sparse) or none at all: the bitmap is read whole.
  let made = recipe && (base || !recipe.base) ? extendMirror(base, recipe.ids) : null;
  if (!made || made.size !== size) made = mirrorFresh(bits);
  const dense = made.parts.some((p) => p instanceof Uint32Array);
  mirrors.set(bits, dense ? made : null);
  if (!dense) sparseSize.set(bits, size);
  return dense ? made : null;
}

/** The set to count within, every container as words (made per report: the filter's set is new each time). */
export function setMirrorOf(set: RoaringBitmap32): SetMirror {
  const { highs, parts } = parsePortable(set.serialize('portable'));
  const out: SetMirror = [];
  for (let i = 0; i < highs.length; i++) {
    const part = parts[i]!;
    if (part instanceof Uint32Array) out[highs[i]!] = part;
    else {
      const words = new Uint32Array(WORDS);
      setPart(words, part);
      out[highs[i]!] = words;
    }
  }
  return out;
}

/** |key ∧ set|: roaring's andCardinality, counted in JavaScript. */
export function countWithin(key: Mirror, set: SetMirror): number {
  let n = 0;
  for (let i = 0; i < key.highs.length; i++) {
    const words = set[key.highs[i]!];
    if (!words) continue;
    const part = key.parts[i]!;
    if (part instanceof Uint32Array) for (let w = 0; w < WORDS; w++) n += popcount(part[w]! & words[w]!);
    else for (let j = 0; j < part.length; j++) n += (words[part[j]! >>> 5]! >>> (part[j]! & 31)) & 1;
  }
  return n;
}

/**
 * |bits ∧ set| for many bitmaps and one set: the set copied once, each dense bitmap counted over its kept copy,
 * a sparse one (or every one on a big-endian host, which cannot read the words in place) by roaring itself.
 * `set` must not change while the counter is used.
 */
export function counterWithin(set: RoaringBitmap32): (bits: RoaringBitmap32) => number {
  const within = LITTLE_ENDIAN ? setMirrorOf(set) : null;
  return (bits) => {
    const copy = within ? mirrorOf(bits) : null;
    return copy && within ? countWithin(copy, within) : bits.andCardinality(set);
  };
}
