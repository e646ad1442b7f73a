/**
 * Reads a server log written with `--trace-gc` (SOAK_NODE_ARGS=--trace-gc SOAK_KEEP=1 bench/soak.ts) and sums up the
 * main thread's collections: per kind the count and pause (ms, wall clock: p50 / p99 / max / sum), every full
 * collection (when, heap before → after, its pause, its incremental marking), and how fast the heap grew between
 * full collections (what the scavenges promoted). Worker threads (their own isolates) are left out.
 *
 *   node --import tsx bench/soak/gc-trace.ts /tmp/wj-soak-XXXX/server.log [from-ms]
 */
import { readFileSync } from 'node:fs';

export interface GcEvent {
  isolate: string;
  atMs: number;
  kind: string;
  beforeMb: number;
  afterMb: number;
  pauseMs: number;
  stepsMs: number;
  biggestStepMs: number;
  markingWallMs: number;
}

const LINE =
  /^\[\d+:(0x[0-9a-f]+)\]\s+(\d+) ms: (Scavenge|Mark-Compact(?: \(reduce\))?|Minor Mark-Sweep|Mark-Sweep|Minor Mark-Compact)\s+([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms(?:\s+\(\+ ([\d.]+) ms in \d+ steps since start of marking, biggest step ([\d.]+) ms, walltime since start of marking ([\d.]+) ms\))?/;

export function parseGcTrace(text: string): GcEvent[] {
  const events: GcEvent[] = [];
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    events.push({
      isolate: m[1]!,
      atMs: Number(m[2]),
      kind: m[3]!.startsWith('Mark-Compact') ? 'Mark-Compact' : m[3]!,
      beforeMb: Number(m[4]),
      afterMb: Number(m[5]),
      pauseMs: Number(m[6]),
      stepsMs: Number(m[7] ?? 0),
      biggestStepMs: Number(m[8] ?? 0),
      markingWallMs: Number(m[9] ?? 0),
    });
  }
  // The main thread is the isolate with the most collections.
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.isolate, (counts.get(e.isolate) ?? 0) + 1);
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return events.filter((e) => e.isolate === main);
}

const q = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const f = (n: number) => n.toFixed(1);

export function summary(events: GcEvent[], fromMs = 0): string[] {
  const out: string[] = [];
  const seen = events.filter((e) => e.atMs >= fromMs);
  for (const kind of [...new Set(seen.map((e) => e.kind))]) {
    const pauses = seen
      .filter((e) => e.kind === kind)
      .map((e) => e.pauseMs)
      .sort((a, b) => a - b);
    const sum = pauses.reduce((a, b) => a + b, 0);
    out.push(`${kind}: ${pauses.length}, pause ms p50 ${f(q(pauses, 0.5))} / p99 ${f(q(pauses, 0.99))} / max ${f(pauses.at(-1)!)}, sum ${sum.toFixed(0)}`);
  }
  let last: GcEvent | undefined;
  for (const e of seen.filter((x) => x.kind === 'Mark-Compact')) {
    // Growth between full collections: from the last one's "after" to this one's "before".
    const growth = last ? ` (grew ${f((e.beforeMb - last.afterMb) / ((e.atMs - last.atMs) / 1000))} MB/s since the last)` : '';
    out.push(
      `  full at ${(e.atMs / 1000).toFixed(1)} s: ${f(e.beforeMb)} → ${f(e.afterMb)} MB, pause ${f(e.pauseMs)} ms + ${f(e.stepsMs)} ms of incremental steps (biggest ${f(e.biggestStepMs)}) over ${e.markingWallMs.toFixed(0)} ms${growth}`,
    );
    last = e;
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, from] = process.argv.slice(2);
  if (!file) throw new Error('usage: bench/soak/gc-trace.ts <server.log> [from-ms]');
  for (const line of summary(parseGcTrace(readFileSync(file, 'utf8')), Number(from ?? 0))) console.log(line);
}
