/**
 * A filtered report's counts over containers, by two WebAssembly functions of a few instructions (issue 54, helper
 * report). andCount: |a ∧ b| of two containers' 2,048 words, 64 bits at a time with i64.popcnt (one machine
 * instruction, where JavaScript needs ~12 operations per 32-bit word); lowsIn: how many of an array container's
 * ids are set in a container's words (a load and a shift each, without JavaScript's bounds checks). With the key's
 * container copied in (an 8 KB memcpy at most) andCount is ~5× the JavaScript popcount (bench/report-count.ts),
 * which was most of a filtered report's work at a million sheets.
 *
 * Memory: slot 0 (8 KB) takes the key's container being counted; slots 1… the set's containers (loadSet), grown as
 * a set needs. A loaded set is good until the next loadSet: the caller counts everything it needs synchronously
 * after loading (bitmap-mirror's countEach), so counters may interleave between calls (PGlite's factsInSlices
 * yields between groups of keys) without ever seeing another's set.
 *
 * The module, written out because the project has no WebAssembly toolchain (its text form):
 *   (module
 *     (memory (export "memory") 1)
 *     (func (export "andCount") (param $a i32) (param $b i32) (param $bytes i32) (result i32)
 *       (local $end i32) (local $total i64)
 *       (local.set $end (i32.add (local.get $a) (local.get $bytes)))
 *       (block $done (loop $next
 *         (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
 *         ;; four 64-bit words of each: total += popcnt(a[i] & b[i])
 *         (local.set $total (i64.add … (i64.popcnt (i64.and (i64.load offset=8k (local.get $a)) (i64.load offset=8k (local.get $b))))))
 *         (local.set $a (i32.add (local.get $a) (i32.const 32)))
 *         (local.set $b (i32.add (local.get $b) (i32.const 32)))
 *         (br $next)))
 *       (i32.wrap_i64 (local.get $total)))
 *     (func (export "lowsIn") (param $words i32) (param $lows i32) (param $n i32) (result i32)
 *       (local $end i32) (local $total i32) (local $v i32)
 *       (local.set $end (i32.add (local.get $lows) (i32.shl (local.get $n) (i32.const 1))))
 *       (block $done (loop $next
 *         (br_if $done (i32.ge_u (local.get $lows) (local.get $end)))
 *         (local.set $v (i32.load16_u (local.get $lows)))
 *         ;; the word holding bit v, shifted by v (shr_u takes the count mod 32)
 *         (local.set $total (i32.add (local.get $total) (i32.and (i32.shr_u (i32.load (i32.add (local.get $words)
 *           (i32.shl (i32.shr_u (local.get $v) (i32.const 5)) (i32.const 2)))) (local.get $v)) (i32.const 1))))
 *         (local.set $lows (i32.add (local.get $lows) (i32.const 2)))
 *         (br $next)))
 *       (local.get $total)))
 * andCount's `bytes` must be a multiple of 32 (a container is 8,192).
 */

const WORDS = 2048;

/** An unsigned LEB128 number, as the binary format writes lengths. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

const section = (id: number, bytes: number[]) => [id, ...uleb(bytes.length), ...bytes];
const name = (s: string) => [s.length, ...[...s].map((c) => c.charCodeAt(0))];

// Opcodes (WebAssembly core spec, binary format).
const I32 = 0x7f;
const I64 = 0x7e;
const [LOCAL_GET, LOCAL_SET, I32_CONST, I32_ADD, I32_GE_U, I32_AND, I32_SHL, I32_SHR_U] = [0x20, 0x21, 0x41, 0x6a, 0x4f, 0x71, 0x74, 0x76];
const [I32_LOAD, I32_LOAD16_U] = [0x28, 0x2f];
const [BLOCK, LOOP, BR, BR_IF, END, VOID] = [0x02, 0x03, 0x0c, 0x0d, 0x0b, 0x40];
const [I64_LOAD, I64_AND, I64_POPCNT, I64_ADD, I32_WRAP_I64] = [0x29, 0x83, 0x7b, 0x7c, 0xa7];
const [A, B, BYTES, END_AT, TOTAL, V] = [0, 1, 2, 3, 4, 5];

// prettier-ignore
/** total + popcnt(a[offset] ∧ b[offset]), the 64-bit words at byte `offset` of both (loads aligned to 8). */
const countWordAt = (offset: number) => [
  LOCAL_GET, A, I64_LOAD, 3, ...uleb(offset),
  LOCAL_GET, B, I64_LOAD, 3, ...uleb(offset),
  I64_AND, I64_POPCNT, I64_ADD,
];

// prettier-ignore
const andCountBody = [
  2, 1, I32, 1, I64, // locals: $end i32, $total i64
  LOCAL_GET, A, LOCAL_GET, BYTES, I32_ADD, LOCAL_SET, END_AT,
  BLOCK, VOID, LOOP, VOID,
  LOCAL_GET, A, LOCAL_GET, END_AT, I32_GE_U, BR_IF, 1,
  LOCAL_GET, TOTAL, ...countWordAt(0), ...countWordAt(8), ...countWordAt(16), ...countWordAt(24), LOCAL_SET, TOTAL,
  LOCAL_GET, A, I32_CONST, 32, I32_ADD, LOCAL_SET, A,
  LOCAL_GET, B, I32_CONST, 32, I32_ADD, LOCAL_SET, B,
  BR, 0, END, END,
  LOCAL_GET, TOTAL, I32_WRAP_I64, END,
];

// lowsIn's parameters are ($words, $lows, $n): locals 0, 1, 2 as andCount's A, B, BYTES.
// prettier-ignore
const lowsInBody = [
  1, 3, I32, // locals: $end, $total, $v
  LOCAL_GET, B, LOCAL_GET, BYTES, I32_CONST, 1, I32_SHL, I32_ADD, LOCAL_SET, END_AT,
  BLOCK, VOID, LOOP, VOID,
  LOCAL_GET, B, LOCAL_GET, END_AT, I32_GE_U, BR_IF, 1,
  LOCAL_GET, B, I32_LOAD16_U, 1, 0, LOCAL_SET, V,
  LOCAL_GET, TOTAL,
  LOCAL_GET, A, LOCAL_GET, V, I32_CONST, 5, I32_SHR_U, I32_CONST, 2, I32_SHL, I32_ADD, I32_LOAD, 2, 0,
  LOCAL_GET, V, I32_SHR_U, I32_CONST, 1, I32_AND, I32_ADD, LOCAL_SET, TOTAL,
  LOCAL_GET, B, I32_CONST, 2, I32_ADD, LOCAL_SET, B,
  BR, 0, END, END,
  LOCAL_GET, TOTAL, END,
];

// prettier-ignore
const MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  ...section(1, [1, 0x60, 3, I32, I32, I32, 1, I32]), // type 0: (i32, i32, i32) → i32
  ...section(3, [2, 0, 0]), // functions 0 and 1 have type 0
  ...section(5, [1, 0x00, 1]), // one memory of one 64 KB page
  ...section(7, [3, ...name('memory'), 0x02, 0, ...name('andCount'), 0x00, 0, ...name('lowsIn'), 0x00, 1]),
  ...section(10, [2, ...uleb(andCountBody.length), ...andCountBody, ...uleb(lowsInBody.length), ...lowsInBody]),
]);

const instance = new WebAssembly.Instance(new WebAssembly.Module(MODULE));
const andCountAt = instance.exports.andCount as (a: number, b: number, bytes: number) => number;
const lowsInAt = instance.exports.lowsIn as (words: number, lows: number, n: number) => number;
const memory = instance.exports.memory as WebAssembly.Memory;
const SLOT = WORDS * 4;
/** Views of the module's memory, made again when it grows (growing detaches the old buffer). */
let words32 = new Uint32Array(memory.buffer);
let lows16 = new Uint16Array(memory.buffer);

/**
 * Copy a set's containers (each 2,048 words) into slots 1… in order: `slot` i + 1 for `containers[i]` in andCountIn
 * and lowsIn. Good until the next loadSet.
 */
export function loadSet(containers: readonly Uint32Array[]): void {
  const bytes = (containers.length + 1) * SLOT;
  if (memory.buffer.byteLength < bytes) {
    memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / 65_536));
    words32 = new Uint32Array(memory.buffer);
    lows16 = new Uint16Array(memory.buffer);
  }
  containers.forEach((c, i) => words32.set(c, (i + 1) * WORDS));
}

/** |part ∧ the loaded set's container in `slot`|, `part` a container's 2,048 words. */
export function andCountIn(part: Uint32Array, slot: number): number {
  words32.set(part, 0);
  return andCountAt(0, slot * SLOT, SLOT);
}

/** How many of `lows` (an array container's sorted low bits, at most 4,096) are set in the loaded set's `slot`. */
export function lowsIn(lows: Uint16Array, slot: number): number {
  lows16.set(lows, 0);
  return lowsInAt(slot * SLOT, 0, lows.length);
}
