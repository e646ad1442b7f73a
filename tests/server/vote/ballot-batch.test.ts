import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedBallot } from '../../../server/services/vote/ballot-batch';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { runningVote, vote } from '../../helpers/vote-fixtures';

/**
 * Ballots in batches (migrations 0043 and 0044, server/services/vote/ballot-batch.ts): ballots arriving together go as one
 * wj_ballots statement, each still checked on its own. Here the batches are watched (their sizes, and that none
 * failed and fell back to single ballots), while the mix inside them is one a real vote sees at once: one voter
 * pressing past the limit, a retried ballot id, a voter past the per-player limit and many distinct voters.
 */
let t: TestApp;
let batched: TestApp;
let other: TestApp;
const otherFailures: unknown[] = [];
let owner: { headers: { token: string } };
const sizes: number[] = [];
const failures: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const ballot = batchedBallot({
    maxInFlight: engineName() === 'postgres' ? 2 : 1,
    onBatch: (size, error) => (error ? failures.push(error) : sizes.push(size)),
  });
  // Not a test server: a test server reads the moved test clock from the database at the start of every request,
  // which on PGlite lines the requests up one by one before they reach the batcher.
  batched = await siblingApp(t, { strategies: { ballot }, env: { NODE_ENV: 'development' } });
  // A second batcher on the same database stands for another process.
  const second = batchedBallot({ maxInFlight: 2, onBatch: (_size, error) => (error ? otherFailures.push(error) : undefined) });
  other = await siblingApp(t, { strategies: { ballot: second }, env: { NODE_ENV: 'development' } });
  owner = await loginNewUser(t, 4);
}, 60_000);
afterAll(async () => {
  await other.close();
  await batched.close();
  await t.close();
});

const counts = async (voteId: string) =>
  t.database.query<{ name: string; n: number }>(
    `SELECT p.name, coalesce(sum(c.n), 0)::int AS n FROM vote_players p JOIN vote_activities v ON v.id = p.vote_id
     LEFT JOIN vote_player_counts c ON c.player_id = p.id WHERE v.public_id = $1 GROUP BY p.name ORDER BY p.name`,
    [voteId],
  );

describe(`ballots in batches on ${engineName()}`, () => {
  it('a mixed crowd in shared batches: every limit holds, a retried ballot counts once, nothing falls back', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 3, perPlayerPerDay: 2 }, players: ['甲', '乙'] });
    const [a, b] = playerIds as [string, string];
    const requests = [
      // One voter pressing six times for two players: 3 a day in all, 2 a day for one player.
      ...Array.from({ length: 4 }, () => vote(batched, voteId, [a], { deviceId: 'eager-voter' })),
      ...Array.from({ length: 2 }, () => vote(batched, voteId, [b], { deviceId: 'eager-voter' })),
      // One ballot sent ten times (a weak network retrying): counted once.
      ...Array.from({ length: 10 }, () => vote(batched, voteId, [b], { deviceId: 'retrying-voter', ballotId: 'retried-ballot-0001' })),
      // Eighty voters once each.
      ...Array.from({ length: 80 }, (_, i) => vote(batched, voteId, [i % 2 ? a : b], { deviceId: `crowd-device-${i}` })),
    ];
    const answers = await Promise.all(requests);
    const eager = answers.slice(0, 6);
    expect(eager.filter((x) => x.resultCode === '200')).toHaveLength(3);
    const eagerA = answers.slice(0, 4).filter((x) => x.resultCode === '200').length;
    expect(eagerA).toBeLessThanOrEqual(2);
    for (const refused of eager.filter((x) => x.resultCode !== '200')) expect(['voterLimit', 'playerLimit']).toContain(refused.data.reason);

    const retried = answers.slice(6, 16);
    expect(retried.map((x) => x.resultCode)).toEqual(Array(10).fill('200'));
    expect(retried.filter((x) => !x.data.replay)).toHaveLength(1);
    expect(answers.slice(16).filter((x) => x.resultCode !== '200')).toEqual([]);

    // 甲: the eager voter's (≤2) + 40 of the crowd; 乙: the rest of the eager voter's, the retried one, 40 of the crowd.
    const byName = Object.fromEntries((await counts(voteId)).map((r) => [r.name, r.n]));
    expect(byName['甲']! + byName['乙']!).toBe(3 + 1 + 80);
    expect(byName['甲']).toBe(40 + eagerA);
    const [counter] = await t.database.query<{ n: number }>(
      `SELECT c.n FROM vote_voter_counters c JOIN vote_activities v ON v.id = c.vote_id WHERE v.public_id = $1 AND c.voter_key LIKE '%eager-voter%'`,
      [voteId],
    );
    expect(counter?.n).toBe(3);
    // Every receipt holds its answer (filled in the batch's own transaction).
    const [blank] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vote_receipts r JOIN vote_activities v ON v.id = r.vote_id WHERE v.public_id = $1 AND r.result IS NULL`,
      [voteId],
    );
    expect(blank!.n).toBe(0);
    expect(failures).toEqual([]);
    expect(Math.max(...sizes)).toBeGreaterThan(1);
  }, 120_000);

  it('the totals a voter is answered include the vote just cast', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 1, showCounts: true } });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => vote(batched, voteId, [playerIds[0]!], { deviceId: `fan-device-${i}` })));
    const seen = answers.map((x) => x.data.players[0]!.votes!);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...seen)).toBe(30);
    expect(failures).toEqual([]);
  }, 120_000);

  it('two processes batching on one vote at once: exact counts, one vote per voter, no deadlock', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 1 }, players: ['甲', '乙', '丙'] });
    const requests = [];
    for (let i = 0; i < 120; i++) {
      const player = playerIds[i % 3]!;
      // Every voter presses in both processes (two ballot ids): one of the two counts.
      requests.push(vote(batched, voteId, [player], { deviceId: `two-tabs-device-${i}` }));
      requests.push(vote(other, voteId, [playerIds[(i + 1) % 3]!], { deviceId: `two-tabs-device-${i}` }));
    }
    // And one ballot id retried through both processes: counted once, answered alike.
    for (let i = 0; i < 6; i++)
      requests.push(vote(i % 2 ? other : batched, voteId, [playerIds[0]!], { deviceId: 'retry-both-device', ballotId: 'retried-across-0001' }));
    const answers = await Promise.all(requests);
    const pairs = answers.slice(0, 240);
    for (let i = 0; i < 120; i++) expect([pairs[2 * i]!.resultCode, pairs[2 * i + 1]!.resultCode].sort()).toEqual(['200', '409']);
    expect(answers.slice(240).map((x) => x.resultCode)).toEqual(Array(6).fill('200'));
    expect(answers.slice(240).filter((x) => !x.data.replay)).toHaveLength(1);
    const total = (await counts(voteId)).reduce((n, r) => n + r.n, 0);
    expect(total).toBe(121);
    const deadlocks = [...failures, ...otherFailures].filter((e) => (e as { code?: string }).code === '40P01');
    expect(deadlocks).toEqual([]);
  }, 120_000);

  it('one device voting in two activities through both processes at once: one vote in each, none lost', async () => {
    const first = await runningVote(t, owner.headers, { settings: { votesPerVoter: 1 }, title: '十佳歌手' });
    const second = await runningVote(t, owner.headers, { settings: { votesPerVoter: 1 }, title: '优秀班干部' });
    const requests = [];
    for (let i = 0; i < 60; i++) {
      const deviceId = `two-votes-device-${i}`;
      // Opposite orders in the two processes (a batch sorted by voter key alone would keep them and could lock the
      // device's two counter rows crosswise; the window is too narrow to hit on purpose, so this checks exactness).
      requests.push(vote(batched, first.voteId, [first.playerIds[0]!], { deviceId }), vote(batched, second.voteId, [second.playerIds[0]!], { deviceId }));
      requests.push(vote(other, second.voteId, [second.playerIds[1]!], { deviceId }), vote(other, first.voteId, [first.playerIds[1]!], { deviceId }));
    }
    const answers = await Promise.all(requests);
    expect(answers.filter((x) => x.resultCode === '200')).toHaveLength(120);
    for (const { voteId } of [first, second]) expect((await counts(voteId)).reduce((n, r) => n + r.n, 0)).toBe(60);
    const deadlocks = [...failures, ...otherFailures].filter((e) => (e as { code?: string }).code === '40P01');
    expect(deadlocks).toEqual([]);
  }, 120_000);

  it('a batch never holds one voter twice; one that does (an older process) is refused whole, writes nothing, and its ballots go alone', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 2, perPlayerPerDay: null } });
    const [row] = await t.database.query<{ id: number; version: number }>('SELECT id, version FROM vote_activities WHERE public_id = $1', [voteId]);
    const input = (ballotId: string) => ({
      voteId: row!.id,
      version: row!.version,
      ballotId,
      hash: ballotId,
      voterKey: 'device:twice-voter',
      period: 'all',
      day: '2026-11-27',
      now: new Date(),
      players: [playerIds[0]],
      perVoter: 2,
      perPlayer: null,
      whitelist: false,
      userId: null,
      phone: null,
      ip: '10.0.0.1',
      ipArea: '',
      device: 'twice-voter',
      shard: 0,
      burstIp: 30,
      burstDevice: 5,
      minGapMs: 1000,
    });
    await expect(t.database.query('SELECT wj_ballots($1::jsonb)', [JSON.stringify([input('twice-1'), input('twice-2')])])).rejects.toThrow('voter twice');
    expect((await counts(voteId)).reduce((n, r) => n + r.n, 0)).toBe(0);
    const [stored] = await t.database.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM vote_receipts WHERE vote_id = $1) + (SELECT count(*) FROM vote_voter_counters WHERE vote_id = $1)::int AS n`,
      [row!.id],
    );
    expect(Number(stored!.n)).toBe(0);

    // Through the batcher, one voter's five ballots at once: each in a batch of its own turn, two counted, none failed.
    const before = failures.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => vote(batched, voteId, [playerIds[0]!], { deviceId: 'five-times-voter' })));
    expect(answers.filter((x) => x.resultCode === '200')).toHaveLength(2);
    expect(answers.filter((x) => x.resultCode !== '200').map((x) => x.data.reason)).toEqual(['voterLimit', 'voterLimit', 'voterLimit']);
    expect(failures.length).toBe(before);
  }, 120_000);

  it('wj_ballots keeps one plan per statement (migration 0046; the setting is in server/db/functions/wj_ballots.sql)', async () => {
    // CREATE OR REPLACE FUNCTION resets the function's settings: its file must set plan_cache_mode, or a batch of
    // five is planned again on every call (1.6-2.0 ms instead of 0.9-1.1 ms).
    const [fn] = await t.database.query<{ config: string[] | null }>(`SELECT proconfig AS config FROM pg_proc WHERE proname = 'wj_ballots'`);
    expect(fn!.config).toContain('plan_cache_mode=force_generic_plan');
  });

  it('flags voters of one address and one browser fingerprint counting the database’s and the batch’s earlier ballots', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 1, limitScope: 'activity' } });
    const fingerprint = 'abcdefabcdef0123';
    for (let i = 0; i < 2; i++) expect((await vote(batched, voteId, [playerIds[0]!], { deviceId: `fp-first-${i}`, fingerprint })).resultCode).toBe('200');
    // Three more windows of the same browser at once (one batch or several): each sees at least the two before it.
    const wave = await Promise.all(Array.from({ length: 3 }, (_, i) => vote(batched, voteId, [playerIds[0]!], { deviceId: `fp-wave-${i}`, fingerprint })));
    expect(wave.map((x) => x.resultCode)).toEqual(['200', '200', '200']);
    const rows = await t.database.query<{ device: string; suspect_reason: string | null; fingerprint: string }>(
      `SELECT b.device, b.suspect_reason, b.fingerprint FROM vote_ballots b JOIN vote_activities a ON a.id = b.vote_id WHERE a.public_id = $1 ORDER BY b.device`,
      [voteId],
    );
    expect(rows.map((r) => [r.device, r.suspect_reason])).toEqual([
      ['fp-first-0', null],
      ['fp-first-1', null],
      ['fp-wave-0', 'burstFingerprint'],
      ['fp-wave-1', 'burstFingerprint'],
      ['fp-wave-2', 'burstFingerprint'],
    ]);
    expect(rows.every((r) => r.fingerprint === fingerprint)).toBe(true);
  });
});
