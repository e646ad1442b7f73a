import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedBallot } from '../../../server/services/vote/ballot-batch';
import { exactBallot } from '../../../server/services/vote/ballot-strategy';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { runningVote, vote } from '../../helpers/vote-fixtures';

/**
 * The ballot's hot tables (vote rows, counts, voters' counters, receipts) have no foreign keys since migration 0045:
 * a ballot holds its vote's lock shared, and deleting a player or an activity (or clearing the votes) takes it
 * exclusively and removes their rows. Here those deletions race ballots in flight, through the batches and through
 * the one-ballot path, and nothing of a deleted player or activity may be left behind.
 */
let t: TestApp;
let batched: TestApp;
let single: TestApp;
let owner: { headers: { token: string } };
const failures: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const ballot = batchedBallot({ maxInFlight: 2, onBatch: (_size, error) => (error ? failures.push(error) : undefined) });
  batched = await siblingApp(t, { strategies: { ballot }, env: { NODE_ENV: 'development' } });
  single = await siblingApp(t, { strategies: { ballot: exactBallot }, env: { NODE_ENV: 'development' } });
  owner = await loginNewUser(t, 4);
}, 60_000);
afterAll(async () => {
  await single.close();
  await batched.close();
  await t.close();
});

/** Rows of the hot tables whose player or activity no longer exists. */
async function orphans(): Promise<Record<string, number>> {
  const [row] = await t.database.query<Record<string, number>>(
    `SELECT
       (SELECT count(*)::int FROM vote_ballots b WHERE NOT EXISTS (SELECT 1 FROM vote_players p WHERE p.id = b.player_id)
          OR NOT EXISTS (SELECT 1 FROM vote_activities a WHERE a.id = b.vote_id)) AS ballots,
       (SELECT count(*)::int FROM vote_player_counts c WHERE NOT EXISTS (SELECT 1 FROM vote_players p WHERE p.id = c.player_id)
          OR NOT EXISTS (SELECT 1 FROM vote_activities a WHERE a.id = c.vote_id)) AS counts,
       (SELECT count(*)::int FROM vote_voter_counters c WHERE NOT EXISTS (SELECT 1 FROM vote_activities a WHERE a.id = c.vote_id)) AS counters,
       (SELECT count(*)::int FROM vote_receipts r WHERE NOT EXISTS (SELECT 1 FROM vote_activities a WHERE a.id = r.vote_id)) AS receipts`,
  );
  return row!;
}

/** Each player's count and its valid vote rows. */
const tally = (voteId: string) =>
  t.database.query<{ name: string; n: number; rows: number }>(
    `SELECT p.name, coalesce((SELECT sum(c.n) FROM vote_player_counts c WHERE c.player_id = p.id), 0)::int AS n,
       (SELECT count(*)::int FROM vote_ballots b WHERE b.player_id = p.id AND b.valid) AS rows
     FROM vote_players p JOIN vote_activities v ON v.id = p.vote_id WHERE v.public_id = $1 ORDER BY p.no`,
    [voteId],
  );

describe(`the vote's lock on ${engineName()}`, () => {
  it('a player deleted while ballots for it are in the database: none of its rows are left, the other players count exactly', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 5 }, players: ['甲', '乙'] });
    const [doomed, kept] = playerIds as [string, string];
    const ballots = Array.from({ length: 80 }, (_, i) =>
      vote(i % 4 === 3 ? single : batched, voteId, [i % 2 ? kept : doomed], { deviceId: `lock-device-${i}` }),
    );
    // The deletion goes in among the ballots: some of 甲's are counted before it (then deleted with 甲), the rest refused.
    const deleted = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return t.call('activity/player/delWxPlayer', { voteId, playerIds: [doomed] }, owner.headers);
    })();
    const answers = await Promise.all(ballots);
    expect((await deleted).data).toEqual({ deleted: 1 });

    const forKept = answers.filter((_, i) => i % 2);
    expect(forKept.map((a) => a.resultCode)).toEqual(Array(40).fill('200'));
    for (const a of answers.filter((_, i) => i % 2 === 0)) expect(['200', '400']).toContain(a.resultCode);
    expect(await tally(voteId)).toEqual([{ name: '乙', n: 40, rows: 40 }]);
    expect(await orphans()).toEqual({ ballots: 0, counts: 0, counters: 0, receipts: 0 });
    // A ballot for the deleted player now is refused as one for a player the vote does not have.
    const late = await vote(batched, voteId, [doomed], { deviceId: 'lock-late-device' });
    expect(late.resultCode).toBe('400');
    const deadlocks = failures.filter((e) => (e as { code?: string }).code === '40P01');
    expect(deadlocks).toEqual([]);
  }, 120_000);

  it('a vote cleared while ballots are in the database: every count equals its vote rows, none is lost half-way', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 5 }, players: ['甲', '乙', '丙'] });
    const ballots = Array.from({ length: 90 }, (_, i) => vote(i % 3 === 2 ? single : batched, voteId, [playerIds[i % 3]!], { deviceId: `clear-device-${i}` }));
    const cleared = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return t.call('activity/vote/getClearVotes', { voteId }, owner.headers);
    })();
    const answers = await Promise.all(ballots);
    expect((await cleared).resultCode).toBe('200');
    // Ballots after the clear may meet the version it moved ('stale') and are taken again under the fresh rules.
    for (const a of answers) expect(a.resultCode).toBe('200');
    for (const row of await tally(voteId)) expect(row.n).toBe(row.rows);
    expect(await orphans()).toEqual({ ballots: 0, counts: 0, counters: 0, receipts: 0 });
  }, 120_000);

  it('a vote deleted for good takes its vote rows, counts, voters’ counters and receipts with it', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 5 } });
    const answers = await Promise.all(playerIds.map((p, i) => vote(batched, voteId, [p], { deviceId: `purge-device-${i}` })));
    expect(answers.map((a) => a.resultCode)).toEqual(['200', '200', '200']);
    const [{ id }] = (await t.database.query<{ id: number }>('SELECT id FROM vote_activities WHERE public_id = $1', [voteId])) as [{ id: number }];
    await t.call('activity/vote/getDelVote', { voteId }, owner.headers);
    expect((await t.call('activity/vote/getThoroughDelVote', { voteId }, owner.headers)).data).toEqual({ deleted: 1 });
    const [left] = await t.database.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM vote_ballots WHERE vote_id = $1) + (SELECT count(*) FROM vote_player_counts WHERE vote_id = $1)
         + (SELECT count(*) FROM vote_voter_counters WHERE vote_id = $1) + (SELECT count(*) FROM vote_receipts WHERE vote_id = $1) AS n`,
      [id],
    );
    expect(Number(left!.n)).toBe(0);
    expect(await orphans()).toEqual({ ballots: 0, counts: 0, counters: 0, receipts: 0 });
  }, 60_000);
});
