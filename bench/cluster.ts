/**
 * bench/cluster: submit throughput and p99 through nginx with 1, 2 and 3 server processes on one PostgreSQL,
 * same run, same survey (the 20-subject sheet of bench/submit), with the CPU each part used.
 *
 * Three processes are started once (the production bundle, NODE_ENV=production, LOG_LEVEL=info into files) and
 * three nginx instances in front of them — the shipped site file with 1, 2 or 3 upstream servers — so the
 * rounds take turns without restarts, and a busy neighbour on the machine slows every width alike. autocannon
 * (a child process) sends the same sheet with a new submissionId each time. CPU is read from /proc for each
 * server process, nginx, the PostgreSQL backends of the database and autocannon.
 *
 *   node --import tsx bench/cluster.ts      (BENCH_ROUNDS, default 3; BENCH_SECONDS, default 5;
 *                                            BENCH_CONNECTIONS, default 32; DATABASE_URL: the server to use)
 * Figures go to docs/benchmarks.md and docs/scaling.md by hand.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { subjectEntry, type TSubject } from '../schemas/subjects/registry';
import { openDatabase } from '../server/db/client';
import { createProject } from '../server/services/projects/projects.service';
import { ensureUser } from '../server/services/access/users.service';
import { buildServerBundle, createDatabase, freePort, mainConfig, NGINX, siteConfig, waitFor } from '../tests/cluster/harness';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WIDTHS = [1, 2, 3];

/** utime + stime of a process in ms (100 ticks a second), 0 when it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The pids of a process and its children (nginx: master and worker). */
function withChildren(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return [pid, ...children.flatMap(withChildren)];
  } catch {
    return [pid];
  }
}

interface Load {
  total: number;
  p99: number;
  non2xx: number;
  errors: number;
  autocannonMs: number;
}

function load(url: string, body: string): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve('node_modules/.bin/autocannon'), [
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
    let cpu = 0;
    const sample = setInterval(
      () =>
        (cpu = Math.max(
          cpu,
          withChildren(child.pid!).reduce((n, pid) => n + cpuMs(pid), 0),
        )),
      200,
    );
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', () => {
      clearInterval(sample);
      try {
        const r = JSON.parse(out);
        resolve({ total: r.requests.total, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, autocannonMs: cpu });
      } catch (error) {
        reject(error);
      }
    });
  });
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'wj-bench-cluster-'));
  const bundle = await buildServerBundle();
  const database = await createDatabase('wjbench');
  const procs: ChildProcess[] = [];
  const nginxes: ChildProcess[] = [];
  try {
    const ports = await Promise.all([1, 2, 3].map(() => freePort()));
    for (const [i, port] of ports.entries()) {
      const log = createWriteStream(path.join(dir, `n${i + 1}.log`));
      const proc = spawn(process.execPath, [bundle], {
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          PORT: String(port),
          NODE_NAME: `n${i + 1}`,
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
          TRUST_PROXY: '1',
          APP_SECRET: 'bench-cluster-secret-0123456789',
          DATA_DIR: path.join(dir, 'data'),
          CLIENT_DIR: path.join(dir, 'none'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc.stdout!.pipe(log);
      proc.stderr!.pipe(log);
      procs.push(proc);
    }
    for (const port of ports) await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, `process on ${port}`, 180_000);

    // One nginx per width, each with the shipped site file and one worker.
    const urls: string[] = [];
    for (const width of WIDTHS) {
      const listen = await freePort();
      const sub = path.join(dir, `nginx-${width}`);
      const site = path.join(sub, 'site.conf');
      mkdirSync(sub, { recursive: true });
      writeFileSync(site, siteConfig(ports.slice(0, width), listen));
      writeFileSync(path.join(sub, 'nginx.conf'), mainConfig(sub, site));
      nginxes.push(spawn(NGINX, ['-p', sub, '-c', path.join(sub, 'nginx.conf')], { stdio: 'ignore' }));
      urls.push(`http://127.0.0.1:${listen}`);
      await waitFor(async () => (await fetch(`http://127.0.0.1:${listen}/healthz`)).status === 200, `nginx ${width}`, 30_000);
    }

    // The survey: 20 single-choice subjects, published, no cap (bench/submit's uncapped target).
    const db = await openDatabase({ databaseUrl: database.url });
    const { user } = await ensureUser(db, '13900008889');
    let o = 0;
    const subjects: TSubject[] = Array.from({ length: 20 }, (_, i) =>
      subjectEntry(1).create({ uuid: `b${i}`, indexSort: i + 1, newId: () => `b${i}-o${++o}` }),
    );
    const owner = { id: user.id, publicId: user.public_id, phone: user.phone, username: user.username, memberLevel: 4, tokenHash: '', apiToken: null };
    const created = await db.transaction((q) => createProject(q, owner, { questionType: 1, title: '压测问卷', subjects }));
    await db.query('UPDATE projects SET status = 1 WHERE public_id = $1', [created.questionId]);
    const answers = Object.fromEntries(subjects.map((s, i) => [s.uuid, { optionIds: [(s as { options: { uuid: string }[] }).options[i % 2]!.uuid] }]));
    const body = JSON.stringify({ questionId: created.questionId, submissionId: 'bench-[<id>]', deviceId: 'bench', durationSeconds: 60, answers });
    const backends = async () =>
      (await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).map((r) => r.pid);

    interface Slice extends Load {
      nodeMs: number[];
      pgMs: number;
      nginxMs: number;
    }
    const slices = new Map<number, Slice[]>(WIDTHS.map((w) => [w, []]));
    for (const url of urls) await load(`${url}/api/active/write/submit`, body); // warm-up: pools fill, code gets hot
    const loads: number[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, width] of WIDTHS.entries()) {
        const nodePids = procs.map((p) => p.pid!);
        const ngPids = withChildren(nginxes[i]!.pid!);
        const pgBefore = new Map((await backends()).map((pid) => [pid, cpuMs(pid)]));
        const nodeBefore = nodePids.map(cpuMs);
        const ngBefore = ngPids.reduce((n, pid) => n + cpuMs(pid), 0);
        const result = await load(`${urls[i]}/api/active/write/submit`, body);
        const pgMs = (await backends()).reduce((n, pid) => n + cpuMs(pid) - (pgBefore.get(pid) ?? 0), 0);
        slices.get(width)!.push({
          ...result,
          nodeMs: nodePids.map((pid, k) => cpuMs(pid) - nodeBefore[k]!),
          pgMs,
          nginxMs: ngPids.reduce((n, pid) => n + cpuMs(pid), 0) - ngBefore,
        });
      }
      loads.push(loadavg());
    }

    const cores = cpus().length;
    console.log(
      `bench/cluster: submit of a 20-subject sheet through nginx, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS}s per width, taking turns; ${cores} cores; load average during the rounds ${loads.map((l) => l[0]!.toFixed(1)).join(' / ')}`,
    );
    const base = slices.get(1)!.reduce((n, s) => n + s.total, 0);
    for (const width of WIDTHS) {
      const s = slices.get(width)!;
      const total = s.reduce((n, x) => n + x.total, 0);
      const seconds = SECONDS * s.length;
      const per = (ms: number) => (ms / Math.max(1, total)).toFixed(3);
      const nodeMs = WIDTHS.map((_, k) => s.reduce((n, x) => n + x.nodeMs[k]!, 0)).slice(0, width);
      const pgMs = s.reduce((n, x) => n + x.pgMs, 0);
      const ngMs = s.reduce((n, x) => n + x.nginxMs, 0);
      const acMs = s.reduce((n, x) => n + x.autocannonMs, 0);
      const busy = (ms: number) => `${Math.round((ms / (seconds * 1000)) * 100)}%`;
      const p99s = s.map((x) => x.p99).sort((a, b) => a - b);
      console.log(
        `${width} process${width > 1 ? 'es' : '  '}: ${Math.round(total / seconds)} req/s (×${(total / base).toFixed(2)} of 1 process, linear ×${width}), p99 ${p99s[Math.floor(p99s.length / 2)]} ms, ` +
          `non-2xx ${s.reduce((n, x) => n + x.non2xx, 0)}, errors ${s.reduce((n, x) => n + x.errors, 0)}`,
      );
      console.log(
        `   CPU per request (ms): node ${nodeMs.map(per).join(' + ')}, PostgreSQL ${per(pgMs)}, nginx ${per(ngMs)}, autocannon ${per(acMs)}; ` +
          `busy (of one core): node ${nodeMs.map(busy).join(' + ')}, PostgreSQL ${busy(pgMs)}, nginx ${busy(ngMs)}, autocannon ${busy(acMs)}; ` +
          `all parts ${busy(nodeMs.reduce((a, b) => a + b, 0) + pgMs + ngMs + acMs)} of ${cores * 100}%`,
      );
    }
    await db.close();
  } finally {
    for (const n of nginxes) n.kill('SIGQUIT');
    await Promise.all(procs.map((p) => new Promise((resolve) => (p.exitCode !== null ? resolve(null) : (p.once('exit', resolve), p.kill('SIGTERM'))))));
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
