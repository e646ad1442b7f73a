/**
 * bench/access-log: the CPU a request's logging costs, isolated from everything else — a Fastify route answering
 * a submit-sized envelope, called in-process (`inject`, the whole request lifecycle without sockets) with four
 * logging set-ups, taking turns round after round, CPU time per call from process.cpuUsage():
 *   none     no logger
 *   fastify  Fastify's own request logging at info, as the server had it before issue 29: two lines a request
 *            through the redaction paths, written synchronously (pino's default destination)
 *   access   the server now (server/logger.ts + plugins/access-log.ts): one plain line a request, buffered and
 *            written asynchronously
 *   warn     the server now at LOG_LEVEL=warn (no access line)
 * CPU time is what a busy machine distorts least (throughput benches need a quiet one), so this is the figure
 * for "what does logging cost a request". Lines go to files in the temp folder.
 *   node --import tsx bench/access-log.ts   (BENCH_CALLS per round, default 20000; BENCH_ROUNDS, default 5)
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { createLogger, REDACT } from '../server/logger';
import { accessLogPlugin } from '../server/plugins/access-log';
import { createLifecycle, lifecyclePlugin } from '../server/plugins/lifecycle';

const CALLS = Number(process.env.BENCH_CALLS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MODES = ['none', 'fastify', 'access', 'warn'] as const;
type Mode = (typeof MODES)[number];

const answers = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`b${i}`, { optionIds: [`b${i}-o${(i % 2) + 1}`] }]));
const payload = { questionId: 'q'.repeat(22), submissionId: 'bench-submission-0001', deviceId: 'bench', durationSeconds: 60, answers };
const files: string[] = [];
const database = { engine: 'postgres' as const, query: async () => [] } as never;

async function appFor(mode: Mode): Promise<FastifyInstance> {
  const file = path.join(tmpdir(), `bench-access-log-${process.pid}-${mode}.log`);
  files.push(file);
  const app: FastifyInstance =
    mode === 'none'
      ? Fastify({ logger: false })
      : mode === 'fastify'
        ? Fastify({ logger: { level: 'info', redact: REDACT, stream: pino.destination({ dest: file, sync: true }) } })
        : (Fastify({
            loggerInstance: createLogger(mode === 'access' ? 'info' : 'warn', 'bench', file),
            logController: new LogController({ disableRequestLogging: true }),
          }) as unknown as FastifyInstance);
  if (mode !== 'fastify' && mode !== 'none') {
    lifecyclePlugin(app, createLifecycle('bench'), database);
    accessLogPlugin(app);
  }
  app.post('/api/active/write/submit', async (request) => ({
    resultCode: '200',
    resultMsg: '提交成功',
    data: { sheetId: 'x'.repeat(16), echo: (request.body as { submissionId: string }).submissionId },
  }));
  await app.ready();
  return app;
}

async function round(app: FastifyInstance): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) await app.inject({ method: 'POST', url: '/api/active/write/submit', payload });
  const used = process.cpuUsage(before);
  return (used.user + used.system) / CALLS;
}

async function main() {
  const apps = new Map<Mode, FastifyInstance>();
  for (const mode of MODES) apps.set(mode, await appFor(mode));
  for (const mode of MODES) await round(apps.get(mode)!); // warm-up
  const results = new Map<Mode, number[]>(MODES.map((m) => [m, []]));
  for (let r = 0; r < ROUNDS; r++) for (const mode of MODES) results.get(mode)!.push(await round(apps.get(mode)!));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const none = median(results.get('none')!);
  console.log(`bench/access-log: ${ROUNDS} rounds × ${CALLS} in-process calls per set-up, taking turns; CPU µs per call (median of rounds)`);
  for (const mode of MODES) {
    const m = median(results.get(mode)!);
    console.log(
      `${mode.padEnd(8)} ${m.toFixed(1)} µs  (logging: ${(m - none).toFixed(1)} µs; rounds ${results
        .get(mode)!
        .map((x) => x.toFixed(1))
        .join(' / ')})`,
    );
  }
  for (const app of apps.values()) await app.close();
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const file of files) rmSync(file, { force: true });
}

void main();
