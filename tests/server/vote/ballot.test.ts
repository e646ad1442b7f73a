import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';
import { ballotId, runningVote, vote } from '../../helpers/vote-fixtures';

let t: TestApp;
let owner: { headers: { token: string } };

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
}, 60_000);
afterAll(() => t.close());

const votesOf = async (voteId: string, playerId: string) => {
  const list = await t.call<{ list: { playerId: string; votes: number }[] }>('activity/player/getPlayerList', { voteId, pageSize: 50 }, owner.headers);
  return list.data.list.find((p) => p.playerId === playerId)!.votes;
};

describe('getVotePraise', () => {
  it('counts within the daily limit and refuses past it with the reason and a clear message', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 2, perPlayerPerDay: 5 } });
    const first = await vote(t, voteId, [playerIds[0]!]);
    expect(first.resultMsg).toBe('投票成功');
    expect(first.resultMsg).toBe('投票成功');
    expect(first.data).toMatchObject({ remaining: 1, replay: false, players: [{ playerId: playerIds[0], votes: 1 }] });
    expect((await vote(t, voteId, [playerIds[1]!])).data.remaining).toBe(0);
    const third = await vote(t, voteId, [playerIds[0]!]);
    expect(third).toMatchObject({ resultCode: '409', resultMsg: '今日投票次数已用完，明天再来吧', data: { reason: 'voterLimit' } });
    // Another device is another voter under identity 'none'.
    expect((await vote(t, voteId, [playerIds[0]!], { deviceId: 'device-two' })).resultCode).toBe('200');
    expect(await votesOf(voteId, playerIds[0]!)).toBe(2);
  });

  it('limits one voter per player per day, and picks per ballot', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 5, perPlayerPerDay: 1, playersPerBallot: 2 } });
    expect((await vote(t, voteId, [playerIds[0]!, playerIds[1]!])).data.remaining).toBe(3);
    expect(await vote(t, voteId, [playerIds[0]!])).toMatchObject({ resultCode: '409', data: { reason: 'playerLimit' } });
    expect((await vote(t, voteId, playerIds.slice(0, 3))).resultCode).toBe('400');
    expect((await vote(t, voteId, [playerIds[2]!, playerIds[2]!])).resultMsg).toBe('同一位选手每次只能选一次');
    // The refused ballot took nothing: one vote is still left for player 3 and three in the day.
    expect((await vote(t, voteId, [playerIds[2]!])).data.remaining).toBe(2);
  });

  it('a per-player limit set later in the day counts the votes the voter already gave that day', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 10, perPlayerPerDay: null } });
    const fan = { deviceId: 'late-limit-device' };
    for (let i = 0; i < 2; i++) expect((await vote(t, voteId, [playerIds[0]!], fan)).resultCode).toBe('200');
    const saved = await t.call(
      'activity/vote/saveOrUpdateVote',
      { voteId, title: '最美教师评选', settings: { votesPerVoter: 10, perPlayerPerDay: 2 } },
      owner.headers,
    );
    expect(saved.resultCode).toBe('200');
    expect(await vote(t, voteId, [playerIds[0]!], fan)).toMatchObject({ resultCode: '409', data: { reason: 'playerLimit' } });
    // Another player is still open to the same voter, and another voter to the first player.
    expect((await vote(t, voteId, [playerIds[1]!], fan)).resultCode).toBe('200');
    expect((await vote(t, voteId, [playerIds[0]!], { deviceId: 'late-limit-other' })).resultCode).toBe('200');
    expect(await votesOf(voteId, playerIds[0]!)).toBe(3);
  });

  it('is idempotent by ballotId: a retry answers the same and counts once; the id with another body is refused', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 3 } });
    const id = ballotId();
    const once = await vote(t, voteId, [playerIds[0]!], { ballotId: id });
    const again = await vote(t, voteId, [playerIds[0]!], { ballotId: id });
    expect(again.data).toMatchObject({ replay: true, remaining: once.data.remaining });
    expect(await votesOf(voteId, playerIds[0]!)).toBe(1);
    expect((await vote(t, voteId, [playerIds[1]!], { ballotId: id })).resultCode).toBe('409');
  });

  it('refuses a player of another vote, a forged player id, a suspended, draft or ended vote', async () => {
    const a = await runningVote(t, owner.headers);
    const b = await runningVote(t, owner.headers);
    expect(await vote(t, a.voteId, [b.playerIds[0]!])).toMatchObject({ resultCode: '400', resultMsg: '选手不存在或未通过审核' });
    expect((await vote(t, a.voteId, ['forgedPlayerId123'])).resultCode).toBe('400');
    expect((await vote(t, 'forgedVoteId123', [a.playerIds[0]!])).resultCode).toBe('404');
    await t.call('activity/vote/getVoteSuspendOrStart', { voteId: a.voteId, action: 'suspend' }, owner.headers);
    expect(await vote(t, a.voteId, [a.playerIds[0]!])).toMatchObject({ resultCode: '409', resultMsg: '投票活动已暂停', data: { reason: 'suspended' } });
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const ended = await runningVote(t, owner.headers, { basics: { startTime: new Date(Date.now() - 7_200_000).toISOString(), endTime: past } });
    expect(await vote(t, ended.voteId, [ended.playerIds[0]!])).toMatchObject({ resultCode: '409', resultMsg: '投票活动已结束', data: { reason: 'ended' } });
    const future = await runningVote(t, owner.headers, { basics: { startTime: new Date(Date.now() + 3_600_000).toISOString() } });
    expect(await vote(t, future.voteId, [future.playerIds[0]!])).toMatchObject({ data: { reason: 'notStarted' } });
  });

  it("follows the whitelist: a voter on another vote's list is refused", async () => {
    const settings = { identity: 'login' as const, whitelist: true };
    const a = await runningVote(t, owner.headers, { settings });
    const b = await runningVote(t, owner.headers, { settings });
    const voter = await loginNewUser(t);
    await t.database.query(`INSERT INTO vote_whitelist (vote_id, phone) SELECT id, $2 FROM vote_activities WHERE public_id = $1`, [b.voteId, voter.phone]);
    expect(await vote(t, a.voteId, [a.playerIds[0]!], {}, voter.headers)).toMatchObject({ resultCode: '403', data: { reason: 'notWhitelisted' } });
    expect((await vote(t, b.voteId, [b.playerIds[0]!], {}, voter.headers)).resultCode).toBe('200');
    expect(await vote(t, b.voteId, [b.playerIds[0]!])).toMatchObject({ resultCode: '409', data: { reason: 'loginRequired' } });
  });

  it('proves a phone by SMS once, then by the voterToken; the limit is per phone', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { identity: 'sms', votesPerVoter: 2, perPlayerPerDay: null } });
    expect(await vote(t, voteId, [playerIds[0]!])).toMatchObject({ resultCode: '409', data: { reason: 'phoneRequired' } });
    const phone = '13912345678';
    expect((await t.call('activity/user/sendSms', { phone, type: 'vote' })).resultCode).toBe('200');
    const first = await vote(t, voteId, [playerIds[0]!], { phone, code: await lastCode(t.database, phone), deviceId: 'phone-device-a' });
    expect(first.resultMsg).toBe('投票成功');
    expect(first.data.voterToken).toBeTruthy();
    // Another device, same phone (by token): the same voter.
    const second = await vote(t, voteId, [playerIds[0]!], { voterToken: first.data.voterToken, deviceId: 'phone-device-b' });
    expect(second.data.remaining).toBe(0);
    expect((await vote(t, voteId, [playerIds[0]!], { voterToken: 'x'.repeat(40) })).data.reason).toBe('phoneRequired');
  });

  it('voids a vote (the count drops) and restores it; voiding twice changes nothing', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 3, perPlayerPerDay: 3 } });
    await vote(t, voteId, [playerIds[0]!]);
    await vote(t, voteId, [playerIds[0]!]);
    const details = await t.call<{ list: { detailId: string; valid: boolean; ipArea: string; voter: string }[]; total: number }>(
      'activity/vote/getVotingDetailList',
      { voteId },
      owner.headers,
    );
    expect(details.data.total).toBe(2);
    const detailId = details.data.list[0]!.detailId;
    const voided = await t.call<{ votes: number }>('activity/vote/getVotingDetailValid', { voteId, detailId, valid: false }, owner.headers);
    expect(voided.data).toMatchObject({ valid: false, votes: 1 });
    expect((await t.call<{ votes: number }>('activity/vote/getVotingDetailValid', { voteId, detailId, valid: false }, owner.headers)).data.votes).toBe(1);
    expect(await votesOf(voteId, playerIds[0]!)).toBe(1);
    expect((await t.call<{ votes: number }>('activity/vote/getVotingDetailValid', { voteId, detailId, valid: true }, owner.headers)).data.votes).toBe(2);
    const stranger = await loginNewUser(t);
    expect((await t.call('activity/vote/getVotingDetailValid', { voteId, detailId, valid: false }, stranger.headers)).resultCode).toBe('404');
  });

  it('flags bursts from one device as suspect without dropping them', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 50, perPlayerPerDay: null } });
    for (let i = 0; i < 12; i++) expect((await vote(t, voteId, [playerIds[i % 3]!], { deviceId: 'burst-device' })).resultCode).toBe('200');
    const flagged = await t.call<{ total: number; list: { suspectReason: string }[] }>(
      'activity/vote/getVotingDetailList',
      { voteId, suspect: true, pageSize: 50 },
      owner.headers,
    );
    expect(flagged.data.total).toBeGreaterThan(0);
    expect(flagged.data.list[0]!.suspectReason).toMatch(/投票间隔过短|同一设备短时间大量投票/);
    const all = await t.call<{ total: number }>('activity/vote/getVotingDetailList', { voteId }, owner.headers);
    expect(all.data.total).toBe(12);
  });

  it('flags the third and later voters of one address with one browser fingerprint, and no one of another browser', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { settings: { votesPerVoter: 1, limitScope: 'activity' } });
    const sameBrowser = 'f1e2d3c4b5a69788';
    // Five "voters" of one PC: private windows or cleared storage, each a new device id, the same browser.
    for (let i = 0; i < 5; i++)
      expect((await vote(t, voteId, [playerIds[0]!], { deviceId: `private-window-${i}`, fingerprint: sameBrowser })).resultCode).toBe('200');
    expect((await vote(t, voteId, [playerIds[1]!], { deviceId: 'another-browser', fingerprint: '0123456789abcdef' })).resultCode).toBe('200');
    const details = await t.call<{ list: { deviceId?: string; suspect: boolean; suspectReason: string | null }[] }>(
      'activity/vote/getVotingDetailList',
      { voteId, pageSize: 50 },
      owner.headers,
    );
    const reasons = details.data.list.map((d) => d.suspectReason).sort();
    // Shown, not dropped: all six count; three are flagged with the rule named as the results page shows it.
    expect(details.data.list).toHaveLength(6);
    expect(reasons.filter((r) => r === '同一IP同一浏览器短时间多人投票')).toHaveLength(3);
    expect(reasons.filter((r) => r === null)).toHaveLength(3);
    expect(await votesOf(voteId, playerIds[0]!)).toBe(5);
    const bad = await vote(t, voteId, [playerIds[0]!], { deviceId: 'bad-fingerprint', fingerprint: 'not hex!' });
    expect(bad.resultCode).toBe('400');
  });
});
