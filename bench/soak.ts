/**
 * bench/soak (issue 54 item 6): a mixed load on PostgreSQL at a steady rate, open-loop — each request leaves at its
 * due time whatever the answers before it took; one that cannot leave on time (every client socket busy, or the
 * sender itself more than 100 ms late) is counted as shed, not sent later. Mix of the due requests: submits 40%,
 * ballots 30% (a new voter each), chain joins 10%, group-buy orders 10%, report calls 5% (statement, data detail's
 * first page, cross-tab in turn), live-feed pages 5% (each opens the chain's event stream and closes it 5 s later).
 *
 * The server is what `npm start` runs — the built dist/server.mjs in plain node with SERVER_NODE_FLAGS (scripts/start.ts;
 * build it first: `npm run build`, or `node --import tsx scripts/bundle.ts` for the server alone) — with
 * NODE_ENV=production and LOG_LEVEL=info into a file, in a child process on a database of its own (created on DATABASE_URL's server, dropped at the end). Each window prints p50/p99
 * per kind, the shed, the server's RSS and heap, its event loop's p99 delay (high: the machine starves it of CPU),
 * its open files, its PostgreSQL connections, the CPU of the server and of its backends, and what the backends were
 * doing (sampled every 250 ms). At the end: every acknowledged write is counted against the rows stored, and files
 * and connections after the load against before it.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/soak.ts
 *   SOAK_RATE (default 200 req/s), SOAK_SECONDS (default 720), SOAK_WINDOW (default 60 s), SOAK_PORT (default 5361),
 *   SOAK_SOCKETS (client sockets, default 64), SOAK_KEEP=1 (keep the database and the server's log),
 *   SOAK_EXPLAIN_MS (auto_explain the server's statements slower than this into PostgreSQL's log),
 *   SOAK_SERVER=source (run server/start.ts through tsx, as `npm run serve` does, instead of the build),
 *   SOAK_NODE_ARGS (more node flags for the server, e.g. `--trace-gc`, read by bench/soak/gc-trace.ts from the server's
 *   log; a later flag wins: `--allocation-site-pretenuring` undoes the start's `--no-…`),
 *   SOAK_SNAPSHOTS (seconds into the load, comma-separated: the server writes a heap snapshot into the log's folder),
 *   SOAK_PROMOTED=from,to (seconds into the load: the server samples what it allocates that outlives the young
 *   generation, from `from` to `to`, into promoted.heapprofile in the log's folder; bench/soak/heap-profile.ts reads it).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVER_NODE_FLAGS } from '../scripts/start';
import { openDatabase } from '../server/db/client';
import { createDatabase, waitFor } from '../tests/cluster/harness';
import { soakServerEnv } from './soak/server-env';
import { makeSoakData, storedCounts, type Call, type SoakData } from './soak/fixtures';
import { backends, cpuMs, gcLine, openFiles, pct, probe, rssMb, waitSample } from './soak/readings';

const RATE = Number(process.env.SOAK_RATE ?? 200);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 720);
const WINDOW = Number(process.env.SOAK_WINDOW ?? 60);
const PORT = Number(process.env.SOAK_PORT ?? 5361);
const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 64);
const LISTEN_MS = 5_000;
const LATE_MS = 100;
const EXPLAIN_MS = Number(process.env.SOAK_EXPLAIN_MS ?? 0);
const FROM_SOURCE = process.env.SOAK_SERVER === 'source';
const NODE_ARGS = (process.env.SOAK_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const PROMOTED = process.env.SOAK_PROMOTED?.split(',').map(Number) ?? [];
const SNAPSHOTS = (process.env.SOAK_SNAPSHOTS ?? '')
  .split(',')
  .filter(Boolean)
  .map(Number)
  .sort((a, b) => a - b);

const KINDS = ['submit', 'ballot', 'join', 'order', 'report', 'listen'] as const;
type Kind = (typeof KINDS)[number];
/** Twenty slots a cycle: 8 submits, 6 ballots, 2 joins, 2 orders, 1 report, 1 listener, spread through the cycle. */
const CYCLE: Kind[] = [
  'submit',
  'ballot',
  'join',
  'submit',
  'ballot',
  'order',
  'submit',
  'ballot',
  'report',
  'submit',
  'ballot',
  'join',
  'submit',
  'listen',
  'ballot',
  'submit',
  'order',
  'ballot',
  'submit',
  'submit',
];

const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS });

function post(path: string, body: object, token?: string): Promise<{ status: number; json: { resultCode: string; resultMsg: string; data: unknown } }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: `/api/${path}`,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(token ? { token } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (c: string) => (text += c));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) });
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const call: Call = async (path, body, token) => (await post(path, body, token)).json as never;

interface Window {
  latencies: Record<Kind, number[]>;
  failed: Record<Kind, number>;
  shed: number;
  lastError: string;
}
const newWindow = (): Window => ({
  latencies: Object.fromEntries(KINDS.map((k) => [k, []])) as unknown as Record<Kind, number[]>,
  failed: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>,
  shed: 0,
  lastError: '',
});

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('bench/soak measures PostgreSQL: set DATABASE_URL');
  if (!FROM_SOURCE && !existsSync('dist/server.mjs')) throw new Error('bench/soak runs the build: `npm run build` first (or SOAK_SERVER=source)');
  const db = await createDatabase('wjsoak');
  const dir = mkdtempSync(path.join(tmpdir(), 'wj-soak-'));
  const logFile = path.join(dir, 'server.log');
  const log = openSync(logFile, 'a');
  // The same command line as scripts/start.ts's (or `npm run serve`'s), the probe preloaded.
  const command = FROM_SOURCE
    ? ['--import', 'tsx', '--import', './bench/soak/probe.mjs', ...NODE_ARGS, 'server/start.ts']
    : [...SERVER_NODE_FLAGS, '--import', './bench/soak/probe.mjs', ...NODE_ARGS, 'dist/server.mjs'];
  const server = spawn(process.execPath, command, {
    env: soakServerEnv(db.url, PORT, dir),
    stdio: ['ignore', log, log, 'ipc'],
  });
  if (EXPLAIN_MS) {
    // auto_explain in the server's sessions: plans of statements slower than SOAK_EXPLAIN_MS, the function's own
    // statements too, go to PostgreSQL's log (read back with pg_read_file at the end).
    const admin = await openDatabase({ databaseUrl: db.url });
    const name = new URL(db.url).pathname.slice(1);
    await admin.query(`ALTER DATABASE ${name} SET session_preload_libraries = 'auto_explain'`);
    await admin.query(`ALTER DATABASE ${name} SET auto_explain.log_min_duration = ${EXPLAIN_MS}`);
    await admin.query(`ALTER DATABASE ${name} SET auto_explain.log_nested_statements = on`);
    await admin.close();
  }
  const database = await openDatabase({ databaseUrl: `${db.url}${db.url.includes('?') ? '&' : '?'}application_name=soak` });
  const acked: Record<Kind, number> = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const sent: Record<Kind, number> = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  let stopping = false;
  try {
    await waitFor(async () => (await fetch(`http://127.0.0.1:${PORT}/readyz`)).status === 200, 'the soak server', 180_000);
    const data: SoakData = await makeSoakData(call, database);
    const pid = server.pid!;
    const before = { files: openFiles(pid), connections: (await backends(database)).count };

    let window = newWindow();
    let inFlight = 0;
    const listeners = new Set<http.ClientRequest>();
    let seq = 0;
    const body = (kind: Kind): [string, object, string?] => {
      const n = seq++;
      switch (kind) {
        case 'submit':
          return [
            'active/write/submit',
            {
              questionId: data.survey.questionId,
              submissionId: `soak-sheet-${n}`,
              deviceId: `soak-device-${n}`,
              durationSeconds: 60,
              answers: data.survey.answers,
            },
          ];
        case 'ballot':
          return [
            'activity/vote/getVotePraise',
            {
              voteId: data.vote.publicId,
              playerIds: [data.vote.players[n % data.vote.players.length]],
              ballotId: `soak-ballot-${n}`,
              deviceId: `soak-voter-${n}`,
            },
          ];
        case 'join':
          return ['activity/question/solitaire/joinChain', { questionId: data.chain.questionId, deviceId: `joiner-${n}`, name: `j${n}` }];
        case 'order':
          return [
            'active/write/submit',
            {
              questionId: data.groupBuy.questionId,
              submissionId: `soak-order-${n}`,
              deviceId: `soak-buyer-${n}`,
              durationSeconds: 8,
              answers: data.groupBuy.answers,
            },
          ];
        default: {
          const [a, b] = data.survey.subjects;
          const q = data.survey.questionId;
          const turn = n % 3;
          if (turn === 0) return ['question/statement/getStatement', { questionId: q }, data.token];
          if (turn === 1) return ['question/statement/getDataDetail', { questionId: q }, data.token];
          return ['question/statement/getCrossTab', { questionId: q, rowSubject: a!.uuid, colSubject: b!.uuid }, data.token];
        }
      }
    };

    const open = (w: Window) => {
      const t0 = performance.now();
      const request = http.get(
        { host: '127.0.0.1', port: PORT, path: `/api/activity/question/solitaire/events?questionId=${data.chain.questionId}` },
        (response) => {
          w.latencies.listen.push(performance.now() - t0);
          if (response.statusCode === 200) acked.listen++;
          else w.failed.listen++;
          response.on('data', () => {});
          response.on('error', () => {});
        },
      );
      listeners.add(request);
      request.on('error', () => {});
      setTimeout(() => {
        request.destroy();
        listeners.delete(request);
      }, LISTEN_MS);
    };

    const send = (kind: Kind, w: Window) => {
      sent[kind]++;
      if (kind === 'listen') return open(w);
      const [p, b, token] = body(kind);
      const t0 = performance.now();
      inFlight++;
      post(p, b, token).then(
        ({ json }) => {
          inFlight--;
          w.latencies[kind].push(performance.now() - t0);
          if (json.resultCode === '200') acked[kind]++;
          else {
            w.failed[kind]++;
            w.lastError = `${kind}: ${json.resultCode} ${json.resultMsg}`;
          }
        },
        (error: Error) => {
          inFlight--;
          w.failed[kind]++;
          w.lastError = `${kind}: ${error.message}`;
        },
      );
    };

    // Sampling what the backends wait on, every 250 ms.
    let waits = new Map<string, number>();
    const sampler = setInterval(() => {
      void waitSample(database).then(
        (states) => states.forEach((s) => waits.set(s, (waits.get(s) ?? 0) + 1)),
        () => {},
      );
    }, 250);

    console.log(
      `bench/soak: ${RATE} req/s for ${SECONDS} s (submits 40%, ballots 30%, joins 10%, orders 10%, reports 5%, live pages 5% open ${LISTEN_MS / 1000} s), ${SOCKETS} sockets, PostgreSQL, server \`node ${command.join(' ')}\`, log ${logFile}`,
    );
    console.log(
      `start: RSS ${rssMb(pid).toFixed(0)} MB, heap ${(await probe(server)).heapMb.toFixed(0)} MB, files ${before.files}, PostgreSQL connections ${before.connections}, load ${loadavg()[0]!.toFixed(1)}`,
    );
    const t0 = performance.now();
    let due = 0;
    let windowStart = t0;
    let cpu = { node: cpuMs(pid), pg: (await backends(database)).cpuMs };
    let windowNo = 0;
    const report = async () => {
      const w = window;
      window = newWindow();
      const seconds = (performance.now() - windowStart) / 1000;
      windowStart = performance.now();
      const b = await backends(database);
      const node = cpuMs(pid);
      const busy = (ms: number) => `${Math.round((ms / (seconds * 1000)) * 100)}%`;
      const { heapMb: heap, loopP99Ms, gc } = await probe(server);
      windowNo++;
      const parts = KINDS.map((k) => {
        const s = w.latencies[k].sort((x, y) => x - y);
        return `${k} ${pct(s, 50).toFixed(0)}/${pct(s, 99).toFixed(0)}${w.failed[k] ? ` (${w.failed[k]} failed)` : ''}`;
      });
      const topWaits = [...waits]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 5)
        .map(([s, n]) => `${s} ${n}`)
        .join(', ');
      waits = new Map();
      console.log(
        `[${String(windowNo).padStart(2)} ${Math.round((performance.now() - t0) / 1000)}s] p50/p99 ms: ${parts.join(', ')}; shed ${w.shed}; ` +
          `RSS ${rssMb(pid).toFixed(0)} MB, heap ${heap.toFixed(0)} MB, event loop p99 ${loopP99Ms.toFixed(0)} ms, ${gcLine(gc)}, files ${openFiles(pid)}, PostgreSQL connections ${b.count}; CPU node ${busy(node - cpu.node)}, PostgreSQL ${busy(b.cpuMs - cpu.pg)}; load ${loadavg()[0]!.toFixed(1)}`,
      );
      console.log(`     backends: ${topWaits}${w.lastError ? `; last error ${w.lastError}` : ''}`);
      cpu = { node, pg: b.cpuMs };
    };

    // The sender: every 5 ms, every request now due leaves, or is shed.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const now = performance.now();
        const elapsed = (now - t0) / 1000;
        if (elapsed >= SECONDS) {
          clearInterval(timer);
          resolve();
          return;
        }
        while (due / RATE <= elapsed) {
          const kind = CYCLE[due % CYCLE.length]!;
          const late = now - (t0 + (due / RATE) * 1000);
          due++;
          if (late > LATE_MS || (kind !== 'listen' && inFlight >= SOCKETS)) window.shed++;
          else send(kind, window);
        }
        if (now - windowStart >= WINDOW * 1000) void report();
        if (SNAPSHOTS.length && elapsed >= SNAPSHOTS[0]!) {
          const file = path.join(dir, `heap-${SNAPSHOTS.shift()}s.heapsnapshot`);
          server.send({ snapshot: file });
          console.log(`heap snapshot at ${elapsed.toFixed(0)} s: ${file}`);
        }
        if (PROMOTED.length === 2 && elapsed >= PROMOTED[0]!) {
          server.send({ promoted: 'start' });
          PROMOTED.shift();
        } else if (PROMOTED.length === 1 && elapsed >= PROMOTED[0]!) {
          const file = path.join(dir, 'promoted.heapprofile');
          server.send({ promoted: file });
          PROMOTED.shift();
          console.log(`promoted-allocation profile at ${elapsed.toFixed(0)} s: ${file}`);
        }
      }, 5);
    });
    stopping = true;
    const drainUntil = Date.now() + 30_000;
    while (inFlight > 0 && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
    for (const l of listeners) l.destroy();
    clearInterval(sampler);
    if (performance.now() - windowStart > 1000) await report();
    agent.destroy();
    // Idle sockets and feeds close on the server's side, and the pool's idle connections after its 10 s idle timeout.
    await new Promise((r) => setTimeout(r, 12_000));
    const stored = await storedCounts(database, data);
    const after = { files: openFiles(pid), connections: (await backends(database)).count };
    console.log(`sent: ${KINDS.map((k) => `${k} ${sent[k]}`).join(', ')}; acknowledged: ${KINDS.map((k) => `${k} ${acked[k]}`).join(', ')}`);
    const check = (['submit', 'ballot', 'join', 'order'] as const).map((k) => ({ k, ok: stored[k] >= acked[k] && stored[k] <= sent[k] }));
    console.log(
      `data check: ${check.map(({ k }) => `${k} stored ${stored[k]} / acknowledged ${acked[k]}`).join(', ')} → ${
        check.every((c) => c.ok)
          ? 'every acknowledged write stored'
          : `MISMATCH in ${check
              .filter((c) => !c.ok)
              .map((c) => c.k)
              .join(', ')}`
      }`,
    );
    console.log(
      `after the load: files ${after.files} (start ${before.files}), PostgreSQL connections ${after.connections} (start ${before.connections}), RSS ${rssMb(pid).toFixed(0)} MB`,
    );
  } finally {
    void stopping;
    await database.close();
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : (server.once('exit', resolve), server.kill('SIGTERM'))));
    if (process.env.SOAK_KEEP !== '1') {
      await db.drop();
      rmSync(dir, { recursive: true, force: true });
    } else console.log(`kept: ${db.url}, ${dir}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
