/**
 * |a ∧ b| of two containers' 2,048 words, counted by a WebAssembly function of a few instructions (issue 54,
 * helper report): 64 bits at a time with i64.popcnt, one machine instruction, where JavaScript needs ~12 operations
 * per 32-bit word. With the containers copied in (8 KB memcpys) it is ~5× the JavaScript popcount
 * (bench/report-count.ts: ~0.6 against ~3 ns a word under load), which is most of a filtered report's work at a
 * million sheets. Stateless between calls: each call copies what it counts, so counters may interleave (PGlite's
 * factsInSlices yields between keys) and no copy outlives the call.
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
 *       (i32.wrap_i64 (local.get $total))))
 * `bytes` must be a multiple of 32 (a container is 8,192).
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
const [LOCAL_GET, LOCAL_SET, I32_CONST, I32_ADD, I32_GE_U] = [0x20, 0x21, 0x41, 0x6a, 0x4f];
const [BLOCK, LOOP, BR, BR_IF, END, VOID] = [0x02, 0x03, 0x0c, 0x0d, 0x0b, 0x40];
const [I64_LOAD, I64_AND, I64_POPCNT, I64_ADD, I32_WRAP_I64] = [0x29, 0x83, 0x7b, 0x7c, 0xa7];
const [A, B, BYTES, END_AT, TOTAL] = [0, 1, 2, 3, 4];

// prettier-ignore
/** total + popcnt(a[offset] ∧ b[offset]), the 64-bit words at byte `offset` of both (loads aligned to 8). */
const countWordAt = (offset: number) => [
  LOCAL_GET, A, I64_LOAD, 3, ...uleb(offset),
  LOCAL_GET, B, I64_LOAD, 3, ...uleb(offset),
  I64_AND, I64_POPCNT, I64_ADD,
];

// prettier-ignore
const body = [
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

// prettier-ignore
const MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  ...section(1, [1, 0x60, 3, I32, I32, I32, 1, I32]), // type 0: (i32, i32, i32) → i32
  ...section(3, [1, 0]), // function 0 has type 0
  ...section(5, [1, 0x00, 1]), // one memory of one 64 KB page
  ...section(7, [2, ...name('memory'), 0x02, 0, ...name('andCount'), 0x00, 0]),
  ...section(10, [1, ...uleb(body.length), ...body]),
]);

const instance = new WebAssembly.Instance(new WebAssembly.Module(MODULE));
const andCountAt = instance.exports.andCount as (a: number, b: number, bytes: number) => number;
/** Two containers' room at the start of the module's memory (one page, never grown, so the view stays valid). */
const heap = new Uint32Array((instance.exports.memory as WebAssembly.Memory).buffer, 0, 2 * WORDS);

/**
 * |part ∧ words| of each of `parts`, all 2,048-word containers: `words` is copied in once, each part in turn. Runs
 * to its end synchronously, so nothing else uses the module's memory meanwhile.
 */
export function andCounts(words: Uint32Array, parts: readonly Uint32Array[]): number[] {
  heap.set(words, WORDS);
  return parts.map((part) => {
    heap.set(part, 0);
    return andCountAt(0, WORDS * 4, WORDS * 4);
  });
}
