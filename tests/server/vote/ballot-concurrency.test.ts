import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginNewUser } from '../../helpers/fixtures';
import { exactBallot } from '../../../server/services/vote/ballot-strategy';
import { naiveBallot } from '../../helpers/naive-strategies';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { runningVote, vote } from '../../helpers/vote-fixtures';

/**
 * Issue 19's figures: 300 parallel ballots of one voter against 3 a day → exactly 3; distinct voters on one hot
 * player → exactly their number (2,000 on PostgreSQL; 600 on PGlite, which runs every query on this process's
 * event loop); and the naive read-then-write ballot injected through Deps lets the one voter past the limit.
 */
let t: TestApp;
let naive: TestApp;
let single: TestApp;
let owner: { headers: { token: string } };
const DISTINCT = engineName() === 'postgres' ? 2_000 : 600;

beforeAll(async () => {
  t = await createTestApp();
  naive = await siblingApp(t, { strategies: { ballot: naiveBallot } });
  // One ballot a statement (wj_ballot): the path a batch falls back to.
  single = await siblingApp(t, { strategies: { ballot: exactBallot } });
  owner = await loginNewUser(t, 4);
}, 60_000);
afterAll(async () => {
  await naive.close();
  await single.close();
  await t.close();
});

const counted = async (app: TestApp, voteId: string) =>
  (
    await app.database.query<{ n: number }>(
      `SELECT coalesce(sum(c.n), 0)::int AS n FROM vote_player_counts c JOIN vote_activities v ON v.id = c.vote_id WHERE v.public_id = $1`,
      [voteId],
    )
  )[0]!.n;

describe('ballots under concurrency', () => {
  it('300 parallel ballots of one voter against 3 a day: exactly 3 counted', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 3, perPlayerPerDay: null } });
    const answers = await Promise.all(Array.from({ length: 300 }, () => vote(t, voteId, [playerIds[0]!], { deviceId: 'one-voter-device' })));
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(3);
    expect(answers.filter((a) => a.resultCode === '409' && a.data.reason === 'voterLimit')).toHaveLength(297);
    expect(await counted(t, voteId)).toBe(3);
  }, 120_000);

  it(`${DISTINCT} distinct voters on one player: exactly ${DISTINCT}`, async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 1 } });
    const answers = await Promise.all(Array.from({ length: DISTINCT }, (_, i) => vote(t, voteId, [playerIds[0]!], { deviceId: `voter-device-${i}` })));
    expect(answers.filter((a) => a.resultCode !== '200')).toEqual([]);
    expect(await counted(t, voteId)).toBe(DISTINCT);
    const shards = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vote_player_counts c JOIN vote_players p ON p.id = c.player_id WHERE p.public_id = $1',
      [playerIds[0]],
    );
    expect(shards[0]!.n).toBeGreaterThan(1);
  }, 300_000);

  it('50 parallel retries of one ballot id: counted once, every answer the same ballot', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 100, perPlayerPerDay: null } });
    const same = { ballotId: 'one-ballot-sent-50-times', deviceId: 'retrying-voter-device' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => vote(t, voteId, [playerIds[0]!], same)));
    expect(answers.map((a) => a.resultCode)).toEqual(Array(50).fill('200'));
    expect(answers.filter((a) => !a.data.replay)).toHaveLength(1);
    expect(answers.map((a) => a.data.remaining)).toEqual(Array(50).fill(99));
    expect(await counted(t, voteId)).toBe(1);
  }, 120_000);

  it('one ballot at the voter’s last vote sent 30 times at once, one ballot a statement: every send answers the one ballot, none is refused', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 1, perPlayerPerDay: null } });
    const same = { ballotId: 'last-vote-sent-30-times', deviceId: 'last-vote-device' };
    const answers = await Promise.all(Array.from({ length: 30 }, () => vote(single, voteId, [playerIds[0]!], same)));
    expect(answers.map((a) => a.resultCode)).toEqual(Array(30).fill('200'));
    expect(answers.filter((a) => !a.data.replay)).toHaveLength(1);
    expect(answers.map((a) => a.data.remaining)).toEqual(Array(30).fill(0));
    expect(await counted(t, voteId)).toBe(1);
  }, 120_000);

  it('200 parallel ballots of one voter for one player against 2 per player a day: exactly 2 counted', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 100, perPlayerPerDay: 2 } });
    const answers = await Promise.all(Array.from({ length: 200 }, () => vote(t, voteId, [playerIds[0]!], { deviceId: 'one-player-fan-device' })));
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(2);
    expect(answers.filter((a) => a.resultCode === '409' && a.data.reason === 'playerLimit')).toHaveLength(198);
    expect(await counted(t, voteId)).toBe(2);
  }, 120_000);

  it('the naive read-then-write ballot lets one voter past 3 a day', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 3, perPlayerPerDay: null } });
    const answers = await Promise.all(Array.from({ length: 50 }, () => vote(naive, voteId, [playerIds[0]!], { deviceId: 'one-voter-device' })));
    const ok = answers.filter((a) => a.resultCode === '200').length;
    expect(ok).toBeGreaterThan(3);
  }, 120_000);
});
