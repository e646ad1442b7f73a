/** What the soak reads of the server process and of PostgreSQL each window: /proc, the probe's heap, pg_stat_activity. */
import { readdirSync, readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import type { Database } from '../../server/db/client';

export const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

/** utime + stime of a process in ms (100 ticks a second), 0 when it is gone. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
export const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

/** The main thread's collections since the last probe: counts, summed and longest pauses in ms (wall clock). */
export interface GcPauses {
  minor: number;
  minorMs: number;
  minorMaxMs: number;
  major: number;
  majorMs: number;
  majorMaxMs: number;
  other: number;
  otherMs: number;
}
export interface Probe {
  heapMb: number;
  loopP99Ms: number;
  gc: GcPauses | null;
}

/** One window's collections as the soak prints them: `scavenges 21 (94 ms, max 9), full 1 (max 23 ms)`. */
export const gcLine = (gc: GcPauses | null) =>
  gc
    ? `scavenges ${gc.minor} (${gc.minorMs.toFixed(0)} ms, max ${gc.minorMaxMs.toFixed(0)}), full ${gc.major}${gc.major ? ` (max ${gc.majorMaxMs.toFixed(0)} ms)` : ''}`
    : 'GC unknown';

/**
 * The server's heap in MB, its event loop's p99 delay in ms and its collections since the last call (through
 * bench/soak/probe.mjs); NaN and null when it does not answer within a second.
 */
export function probe(child: ChildProcess): Promise<Probe> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done({ heapMb: NaN, loopP99Ms: NaN, gc: null }), 1000);
    const onMessage = (m: unknown) => {
      const { memory, loopP99Ms, gc } = m as { memory?: NodeJS.MemoryUsage; loopP99Ms?: number; gc?: GcPauses };
      if (memory) done({ heapMb: memory.heapUsed / 2 ** 20, loopP99Ms: loopP99Ms ?? NaN, gc: gc ?? null });
    };
    const done = (answer: Probe) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(answer);
    };
    child.on('message', onMessage);
    child.send('memory');
  });
}

/** The server's connections to its database (the soak's own reader excluded), and their PostgreSQL CPU so far. */
export async function backends(database: Database): Promise<{ count: number; cpuMs: number; pids: number[] }> {
  const rows = await database.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> 'soak'`,
  );
  return { count: rows.length, cpuMs: rows.reduce((n, r) => n + cpuMs(r.pid), 0), pids: rows.map((r) => r.pid) };
}

/** One sample of what the server's backends are doing: 'active:Lock/transactionid', 'idle', 'idle in transaction'… */
export async function waitSample(database: Database): Promise<string[]> {
  const rows = await database.query<{ s: string }>(
    `SELECT state || coalesce(':' || wait_event_type || '/' || wait_event, '') AS s FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name <> 'soak' AND backend_type = 'client backend'`,
  );
  return rows.map((r) => r.s);
}
