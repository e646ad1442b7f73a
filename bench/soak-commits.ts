/**
 * bench/soak-commits (issue 54, helper soak): per request kind of bench/soak, what one request costs PostgreSQL in
 * counts that do not depend on the machine's load — the transactions it commits, those of them that wrote (each
 * of these waits for a WAL flush: the `IO/WALSync` and `LWLock/WALWrite` waits of the soak), the WAL records and
 * bytes it writes. The server is `npm run serve` on a fresh database, as in bench/soak; each kind is driven
 * SOAK_N times (default 40) one after the other, then the counts are read:
 *   - commits: pg_stat_database.xact_commit of the server's database (read from another database, after the
 *     backends' 1 s stats flush), every committed transaction, read-only ones included;
 *   - writing commits, WAL records and bytes: pg_walinspect over the flushed LSNs the kind spanned, the transactions that
 *     touched a block of this database only (other databases on the cluster are not counted); records without a
 *     transaction (heap pruning, FPIs of hint bits) that name this database are counted too.
 * An idle stretch as long as a kind's is measured first (background jobs), to show what is the requests' own.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/soak-commits.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { ADMIN_URL, createDatabase, waitFor } from '../tests/cluster/harness';
import { soakServerEnv } from './soak/server-env';
import { makeSoakData, type Call, type SoakData } from './soak/fixtures';

const N = Number(process.env.SOAK_N ?? 40);
const PORT = Number(process.env.SOAK_PORT ?? 5362);

const call: Call = async (p, body, token) => {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as never;
};

type Kind = 'submit' | 'ballot' | 'join' | 'order' | 'statement' | 'detail' | 'crosstab';
const KINDS: Kind[] = ['submit', 'ballot', 'join', 'order', 'statement', 'detail', 'crosstab'];

function request(kind: Kind, n: number, data: SoakData): [string, object, string?] {
  const q = data.survey.questionId;
  switch (kind) {
    case 'submit':
      return [
        'active/write/submit',
        { questionId: q, submissionId: `c-sheet-${n}`, deviceId: `c-device-${n}`, durationSeconds: 60, answers: data.survey.answers },
      ];
    case 'ballot':
      return [
        'activity/vote/getVotePraise',
        { voteId: data.vote.publicId, playerIds: [data.vote.players[n % data.vote.players.length]], ballotId: `c-ballot-${n}`, deviceId: `c-voter-${n}` },
      ];
    case 'join':
      return ['activity/question/solitaire/joinChain', { questionId: data.chain.questionId, deviceId: `c-joiner-${n}`, name: `j${n}` }];
    case 'order':
      return [
        'active/write/submit',
        { questionId: data.groupBuy.questionId, submissionId: `c-order-${n}`, deviceId: `c-buyer-${n}`, durationSeconds: 8, answers: data.groupBuy.answers },
      ];
    case 'statement':
      return ['question/statement/getStatement', { questionId: q }, data.token];
    case 'detail':
      return ['question/statement/getDataDetail', { questionId: q }, data.token];
    case 'crosstab':
      return [
        'question/statement/getCrossTab',
        { questionId: q, rowSubject: data.survey.subjects[0]!.uuid, colSubject: data.survey.subjects[1]!.uuid },
        data.token,
      ];
  }
}

interface Counts {
  commits: number;
  writing: number;
  records: number;
  bytes: number;
}

async function main() {
  const db = await createDatabase('wjcommits');
  const name = new URL(db.url).pathname.slice(1);
  const dir = mkdtempSync(path.join(tmpdir(), 'wj-commits-'));
  const log = openSync(path.join(dir, 'server.log'), 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: soakServerEnv(db.url, PORT, dir),
    stdio: ['ignore', log, log],
  });
  // The counts are read from the cluster's admin database, so reading them commits nothing in the server's.
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const database = await openDatabase({ databaseUrl: db.url });
  try {
    await database.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
    const [{ oid }] = (await database.query<{ oid: number }>('SELECT oid::int FROM pg_database WHERE datname = current_database()')) as [{ oid: number }];
    await waitFor(async () => (await fetch(`http://127.0.0.1:${PORT}/readyz`)).status === 200, 'the server', 180_000);
    const data = await makeSoakData(call, database);
    // Warm every kind once (first-use plans and caches are not what a steady request costs).
    for (const kind of KINDS) {
      const [p, b, t] = request(kind, 1_000_000, data);
      const answer = await call<unknown>(p, b, t);
      if (answer.resultCode !== '200') throw new Error(`${kind}: ${answer.resultCode} ${answer.resultMsg}`);
    }
    const settle = () => new Promise((r) => setTimeout(r, 1_500));
    const commits = async () => {
      const { rows } = await admin.query<{ n: string }>('SELECT pg_stat_clear_snapshot(), xact_commit AS n FROM pg_stat_database WHERE datname = $1', [name]);
      return Number(rows[0]!.n);
    };
    const lsn = async () => (await admin.query<{ l: string }>('SELECT pg_current_wal_flush_lsn()::text AS l')).rows[0]!.l;
    const measure = async (work: () => Promise<void>): Promise<Counts> => {
      await settle();
      const c0 = await commits();
      const l0 = await lsn();
      await work();
      await settle();
      const l1 = await lsn();
      const c1 = await commits();
      // pg_walinspect refuses a start that is not before the last flushed LSN: nothing written, nothing to read.
      if (l1 === l0) return { commits: c1 - c0, writing: 0, records: 0, bytes: 0 };
      const [wal] = await database.query<{ writing: number; records: number; bytes: number }>(
        `WITH r AS (SELECT * FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)),
              mine AS (SELECT DISTINCT xid FROM r WHERE xid <> '0'::xid AND block_ref LIKE $3),
              counted AS (SELECT * FROM r WHERE xid IN (SELECT xid FROM mine) OR (xid = '0'::xid AND block_ref LIKE $3))
         SELECT (SELECT count(*)::int FROM counted WHERE resource_manager = 'Transaction' AND record_type LIKE 'COMMIT%') AS writing,
                count(*)::int AS records, coalesce(sum(record_length), 0)::int AS bytes FROM counted`,
        [l0, l1, `%/${oid}/%`],
      );
      if (process.env.SOAK_DETAIL === '1') {
        // What the records were, by kind and relation (the first block each names), for the kind's N requests.
        const detail = await database.query<{ what: string; n: number; bytes: number }>(
          `WITH r AS (SELECT * FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)),
                mine AS (SELECT DISTINCT xid FROM r WHERE xid <> '0'::xid AND block_ref LIKE $3),
                counted AS (SELECT * FROM r WHERE xid IN (SELECT xid FROM mine) OR (xid = '0'::xid AND block_ref LIKE $3))
           SELECT resource_manager || '/' || record_type || ' ' ||
                  coalesce(pg_filenode_relation(0, (regexp_match(block_ref, 'rel \\d+/\\d+/(\\d+)'))[1]::oid)::text, '-') AS what,
                  count(*)::int AS n, sum(record_length)::int AS bytes
             FROM counted GROUP BY 1 ORDER BY 3 DESC LIMIT 14`,
          [l0, l1, `%/${oid}/%`],
        );
        for (const d of detail) console.log(`    ${d.what}: ${(d.n / N).toFixed(2)} records, ${(d.bytes / N).toFixed(0)} bytes per request`);
      }
      return { commits: c1 - c0, ...wal! };
    };
    const per = (c: Counts, n: number) =>
      `commits ${(c.commits / n).toFixed(2)}, writing commits ${(c.writing / n).toFixed(2)}, WAL records ${(c.records / n).toFixed(1)}, WAL bytes ${(c.bytes / n).toFixed(0)}`;
    console.log(`bench/soak-commits: ${N} requests of each kind one after the other, per request; load ${loadavg()[0]!.toFixed(1)}`);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = await measure(() => new Promise((r) => setTimeout(r, 2_000)));
    console.log(
      `idle ${((Date.now() - t0) / 1000).toFixed(0)} s (background jobs, whole stretch): commits ${idle.commits}, writing ${idle.writing}, WAL records ${idle.records}, bytes ${idle.bytes}`,
    );
    for (const kind of KINDS) {
      let failed = 0;
      const counts = await measure(async () => {
        for (let i = 0; i < N; i++) {
          const [p, b, t] = request(kind, i, data);
          if ((await call<unknown>(p, b, t)).resultCode !== '200') failed++;
        }
      });
      console.log(`${kind.padEnd(9)} ${per(counts, N)}${failed ? ` (${failed} failed)` : ''}`);
    }
    console.log(`load ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await database.close();
    await admin.end();
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : (server.once('exit', resolve), server.kill('SIGTERM'))));
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
