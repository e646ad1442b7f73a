/**
 * What bench/submit and bench/vote share: autocannon in a child process (so this process's CPU time is the
 * server's), rounds taken in turns, and the CPU of the PostgreSQL backends read from /proc.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/db/client';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Clients sending at once, each its next request when the last is answered (BENCH_CONNECTIONS, default 10). */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const LOG = (process.env.BENCH_LOG ?? 'info') as 'info' | 'warn' | 'off' | 'fastify';
/** Where a bench's server logs (a file in the temp folder, not stdout). */
export const logFileOf = (bench: string) => path.join(tmpdir(), `bench-${bench}-${process.pid}.log`);

/** Fastify's request logging as it was before issue 29: a line when a request comes and one when it is answered. */
export function fastifyRequestLogging(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    request.log.info({ req: request }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (_request, reply, done) => {
    reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}

export interface Slice {
  total: number;
  p99: number;
  non2xx: number;
  cpuMs: number;
  /** CPU of the PostgreSQL backends serving this process, when they run on this machine (null on PGlite). */
  dbCpuMs: number | null;
}

export function load(url: string, body: string): Promise<Omit<Slice, 'cpuMs' | 'dbCpuMs'>> {
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/autocannon', [
      '-j',
      '-I',
      '-m',
      'POST',
      '-H',
      'content-type=application/json',
      '-b',
      body,
      '-c',
      String(CONNECTIONS),
      '-d',
      String(SECONDS),
      url,
    ]);
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', () => {
      try {
        const r = JSON.parse(out);
        resolve({ total: r.requests.total, p99: r.latency.p99, non2xx: r.non2xx });
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** CPU ms so far of each of this database's PostgreSQL backends, read from /proc (null on PGlite or a remote server). */
export async function backendCpuMs(database: Database): Promise<Map<number, number> | null> {
  if (database.engine !== 'postgres') return null;
  const pids = await database.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const ms = new Map<number, number>();
  try {
    for (const { pid } of pids) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ms.set(pid, (Number(fields[11]) + Number(fields[12])) * 10); // utime, stime (fields 14 and 15 of stat), 100 ticks a second
    }
  } catch {
    return null;
  }
  return ms;
}

export async function measure(database: Database, url: string, body: string): Promise<Slice> {
  const db = await backendCpuMs(database);
  const before = process.cpuUsage();
  const result = await load(url, body);
  const cpu = process.cpuUsage(before);
  const dbAfter = await backendCpuMs(database);
  // Per backend: one that started during the round counts whole; one that ended during it is not seen (an undercount).
  const dbCpuMs = db && dbAfter ? [...dbAfter].reduce((n, [pid, ms]) => n + ms - (db.get(pid) ?? 0), 0) : null;
  return { ...result, cpuMs: (cpu.user + cpu.system) / 1000, dbCpuMs };
}

/** A target's rounds summed: requests a second, the median round's p99, CPU a request (Node, and PostgreSQL's). */
export function summary(slices: Slice[]) {
  const total = slices.reduce((n, s) => n + s.total, 0);
  const p99s = slices.map((s) => s.p99).sort((a, b) => a - b);
  return {
    rps: Math.round(total / (SECONDS * slices.length)),
    total,
    p99: p99s[Math.floor(p99s.length / 2)]!,
    cpuMsPerRequest: slices.reduce((n, s) => n + s.cpuMs, 0) / Math.max(1, total),
    dbCpu: slices.some((s) => s.dbCpuMs === null)
      ? ''
      : `, PostgreSQL CPU ${(slices.reduce((n, s) => n + s.dbCpuMs!, 0) / Math.max(1, total)).toFixed(2)} ms/req`,
    non2xx: slices.reduce((n, s) => n + s.non2xx, 0),
  };
}
