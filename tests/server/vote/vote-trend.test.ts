import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { runningVote, vote } from '../../helpers/vote-fixtures';

/** getVotingTrendList: valid votes per Shanghai hour or day over the whole activity, for the players with the most. */
let t: TestApp;
let owner: { headers: { token: string } };

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 7);
}, 60_000);
afterAll(() => t.close());

type Trend = { unit: string; buckets: string[]; series: { playerId: string; name: string; votes: number; counts: number[] }[]; total: number };
const trend = async (voteId: string, extra: object = {}) => (await t.call<Trend>('activity/vote/getVotingTrendList', { voteId, ...extra }, owner.headers)).data;

/** Ballots for the players given, in order, then their vote rows moved to the instants given (UTC). */
async function votesAt(voteId: string, picks: Array<[playerId: string, iso: string]>) {
  for (const [i, [playerId, iso]] of picks.entries()) {
    const answer = await vote(t, voteId, [playerId], { deviceId: `trend-voter-${voteId}-${i}` });
    expect(answer.resultCode).toBe('200');
    await t.database.query(
      `UPDATE vote_ballots SET created_at = $2 WHERE id = (SELECT b.id FROM vote_ballots b JOIN vote_activities v ON v.id = b.vote_id WHERE v.public_id = $1 ORDER BY b.id DESC LIMIT 1)`,
      [voteId, iso],
    );
  }
}

describe('getVotingTrendList', () => {
  it('counts by Shanghai hour under two days, every hour between answered', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 5 } });
    const [a, b] = playerIds as [string, string];
    await votesAt(voteId, [
      [a, '2026-11-26T01:10:00Z'],
      [a, '2026-11-26T01:50:00Z'],
      [b, '2026-11-26T03:05:00Z'],
    ]);
    expect(await trend(voteId)).toEqual({
      unit: 'hour',
      buckets: ['2026-11-26 09:00', '2026-11-26 10:00', '2026-11-26 11:00'],
      series: [
        { playerId: a, no: 1, name: '张三', votes: 2, counts: [2, 0, 0] },
        { playerId: b, no: 2, name: '李四', votes: 1, counts: [0, 0, 1] },
      ],
      total: 3,
    });
  });

  it('counts by Shanghai day over days, the day turning at 16:00 UTC, and keeps the players with the most', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 5 }, players: ['甲', '乙', '丙'] });
    const [a, b, c] = playerIds as [string, string, string];
    await votesAt(voteId, [
      [a, '2026-11-20T02:00:00Z'],
      [a, '2026-11-20T15:59:00Z'],
      [a, '2026-11-20T16:00:00Z'],
      [b, '2026-11-22T08:00:00Z'],
      [b, '2026-11-23T15:59:59Z'],
      [c, '2026-11-23T16:00:00Z'],
    ]);
    const all = await trend(voteId);
    expect(all.unit).toBe('day');
    expect(all.buckets).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']);
    expect(all.series.map((s) => [s.name, s.counts])).toEqual([
      ['甲', [2, 1, 0, 0, 0]],
      ['乙', [0, 0, 1, 1, 0]],
      ['丙', [0, 0, 0, 0, 1]],
    ]);
    expect(all.total).toBe(6);
    const top2 = await trend(voteId, { top: 2 });
    expect(top2.series.map((s) => s.playerId)).toEqual([a, b]);
    expect(top2.total).toBe(6);
  });

  it('leaves a voided vote out, and answers nothing to a stranger or before any vote', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 5 } });
    expect(await trend(voteId)).toEqual({ unit: 'hour', buckets: [], series: [], total: 0 });
    await votesAt(voteId, [
      [playerIds[0]!, '2026-11-26T01:10:00Z'],
      [playerIds[0]!, '2026-11-26T02:10:00Z'],
    ]);
    const details = await t.call<{ list: { detailId: string; createTime: string }[] }>('activity/vote/getVotingDetailList', { voteId }, owner.headers);
    const later = details.data.list.find((d) => d.createTime.startsWith('2026-11-26T02'))!;
    expect((await t.call('activity/vote/getVotingDetailValid', { voteId, detailId: later.detailId, valid: false }, owner.headers)).resultCode).toBe('200');
    expect(await trend(voteId)).toMatchObject({ buckets: ['2026-11-26 09:00'], series: [{ votes: 1, counts: [1] }], total: 1 });
    const stranger = await loginNewUser(t);
    expect((await t.call('activity/vote/getVotingTrendList', { voteId }, stranger.headers)).resultCode).toBe('404');
  });
});
