import { RoaringBitmap32 } from 'roaring-wasm';
import { factsFromRows, type Facts } from '../report-facts';
import { counterWithin } from './bitmap-mirror';
import { ALL_KEY, parseFactKey } from './index-keys';

export { RoaringBitmap32 };

/**
 * A project's filter index as one process holds it (issue 54 item 1): every fact key's sheet ids (index-keys.ts),
 * complete for the sheets up to `watermark` plus whatever tail the loader added, and the sheets' mutable flags
 * read fresh (`bin`: status <> 1, `suspect`). Bitmaps live in WebAssembly memory: whoever builds an index
 * disposes it (the cache in index-store.ts, or the caller of a one-off build).
 */
export interface SheetIndex {
  readonly projectId: number;
  /** The fact plan the keys were made for (report-facts' planShape). */
  readonly shape: string;
  /** Every sheet id up to here is in the bitmaps. */
  readonly watermark: number;
  /** The persisted version this copy was loaded at. */
  readonly version: number;
  /** Fact key → sheet ids holding it. A key nobody holds is absent. */
  readonly bitmaps: ReadonlyMap<string, RoaringBitmap32>;
  /** Sheets not valid (status <> 1: the answer bin and any other state). */
  readonly bin: RoaringBitmap32;
  /** Sheets marked suspect. */
  readonly suspect: RoaringBitmap32;
}

const EMPTY = new RoaringBitmap32();

/** A key's bitmap, or an empty one (never dispose what this returns). */
export const bitmapOf = (index: SheetIndex, key: string): RoaringBitmap32 => index.bitmaps.get(key) ?? EMPTY;

/** Every sheet of the project the index holds. */
export const allSheets = (index: SheetIndex): RoaringBitmap32 => bitmapOf(index, ALL_KEY);

/** The valid sheets (status 1): all minus the bin. A new bitmap: the caller disposes it. */
export function validSheets(index: SheetIndex): RoaringBitmap32 {
  const out = allSheets(index).clone();
  out.andNotInPlace(index.bin);
  return out;
}

/** Keys counted together (bitmap-mirror's countEach); factsInSlices can yield between groups. */
const KEYS_AT_ONCE = 128;

/**
 * Each fact key's cardinality within `set`, as report-facts' fact rows (keys nobody in the set holds are left out),
 * counted over the bitmaps' JavaScript copies (bitmap-mirror.ts: ~10× roaring-wasm's andCardinality at 1M sheets),
 * KEYS_AT_ONCE keys at a time.
 */
export function* factRowsOf(index: SheetIndex, set: RoaringBitmap32): Generator<{ t: string; k: string; v: number; n: number }> {
  const within = counterWithin(set);
  const keys: { fact: { t: string; k: string; v: number }; bits: RoaringBitmap32 }[] = [];
  for (const [key, bits] of index.bitmaps) {
    const fact = parseFactKey(key);
    if (fact) keys.push({ fact, bits });
  }
  for (let from = 0; from < keys.length; from += KEYS_AT_ONCE) {
    const group = keys.slice(from, from + KEYS_AT_ONCE);
    const counts = within.countEach(group.map((g) => g.bits));
    for (let i = 0; i < group.length; i++) if (counts[i]! > 0) yield { ...group[i]!.fact, n: counts[i]! };
  }
}

/** The report's Facts of a sheet set: each fact key's cardinality within `set` (report-facts' factsFromRows). */
export const factsOf = (index: SheetIndex, set: RoaringBitmap32): Facts => factsFromRows([...factRowsOf(index, set)], (n) => n);

/** Release an index's WebAssembly memory (its bitmaps and flags). */
export function disposeIndex(index: SheetIndex): void {
  for (const bits of index.bitmaps.values()) bits.dispose();
  index.bin.dispose();
  index.suspect.dispose();
}
