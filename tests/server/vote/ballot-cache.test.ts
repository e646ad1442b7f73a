import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TVoteSettings } from '../../../schemas/vote/vote-rules';
import { VOTE_MESSAGES } from '../../../schemas/vote/vote-messages';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { runningVote, vote } from '../../helpers/vote-fixtures';

/**
 * The ballot reads the activity's rules from a per-process cache (ballot-cache.ts). Two apps on one database act as
 * two processes: `here` votes (and caches the rules), `there` changes them; `here`'s next ballot must follow the
 * new rules at once, never the cached ones.
 */
let here: TestApp;
let there: TestApp;
let owner: { headers: { token: string } };

beforeAll(async () => {
  here = await createTestApp();
  there = await siblingApp(here, {});
  owner = await loginNewUser(here, 7);
}, 60_000);
afterAll(async () => {
  await there.close();
  await here.close();
});

async function changeRules(voteId: string, change: Partial<TVoteSettings>) {
  const current = await there.call<{ settings: TVoteSettings }>('activity/vote/getVoteSetting', { voteId }, owner.headers);
  const saved = await there.call('activity/vote/saveOrUpdateVoteSetting', { voteId, settings: { ...current.data.settings, ...change } }, owner.headers);
  expect(saved.resultCode).toBe('200');
}

describe('ballots after another process changed the rules', () => {
  it('a lowered limit applies to the next ballot of a process that cached the old one', async () => {
    const { voteId, playerIds } = await runningVote(here, owner.headers, { settings: { votesPerVoter: 5, perPlayerPerDay: null } });
    const first = await vote(here, voteId, [playerIds[0]!], { deviceId: 'cache-voter' });
    expect(first.resultCode).toBe('200');
    expect(first.data.remaining).toBe(4);
    await changeRules(voteId, { votesPerVoter: 1 });
    const second = await vote(here, voteId, [playerIds[0]!], { deviceId: 'cache-voter' });
    expect(second.resultCode).toBe('409');
    expect(second.resultMsg).toBe(VOTE_MESSAGES.dayLimit);
    const counts = await here.call<{ list: { playerId: string; votes: number | null }[] }>('activity/player/getPlayerList', { voteId });
    expect(counts.data.list.find((p) => p.playerId === playerIds[0])?.votes).toBe(1);
  });

  it('a ballot of two players is accepted once another process allows two, though the cache said one', async () => {
    const { voteId, playerIds } = await runningVote(here, owner.headers, { settings: { votesPerVoter: 5, playersPerBallot: 1 } });
    expect((await vote(here, voteId, [playerIds[0]!, playerIds[1]!])).resultMsg).toBe(VOTE_MESSAGES.tooManyPlayers(1));
    await changeRules(voteId, { playersPerBallot: 2 });
    const both = await vote(here, voteId, [playerIds[0]!, playerIds[1]!], { deviceId: 'two-picks-voter' });
    expect(both.resultCode).toBe('200');
    expect(both.data.players.map((p) => p.votes)).toEqual([1, 1]);
    expect(both.data.remaining).toBe(3);
  });

  it('hidden counts and a suspension made elsewhere are what the next ballot shows', async () => {
    const { voteId, playerIds } = await runningVote(here, owner.headers, { settings: { votesPerVoter: 5 } });
    const shown = await vote(here, voteId, [playerIds[0]!], { deviceId: 'hidden-counts-voter-1' });
    expect(shown.resultCode).toBe('200');
    expect(shown.data.players[0]!.votes).toBe(1);
    await changeRules(voteId, { showCounts: false });
    const hidden = await vote(here, voteId, [playerIds[0]!], { deviceId: 'hidden-counts-voter-2' });
    expect(hidden.resultCode).toBe('200');
    expect(hidden.data.players[0]!.votes).toBeNull();
    expect((await there.call('activity/vote/getVoteSuspendOrStart', { voteId, action: 'suspend' }, owner.headers)).resultCode).toBe('200');
    const refused = await vote(here, voteId, [playerIds[0]!], { deviceId: 'hidden-counts-voter-3' });
    expect(refused.resultMsg).toBe(VOTE_MESSAGES.suspended);
  });
});
