import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { addNames, draftVote, runningVote, vote } from '../../helpers/vote-fixtures';

let t: TestApp;
let owner: { headers: { token: string } };
let stranger: { headers: { token: string } };

beforeAll(async () => {
  t = await createTestApp();
  owner = await loginNewUser(t, 4);
  stranger = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

type List = { list: { voteId: string; title: string; isTop: boolean; status: string; playerCount: number; voteCount: number }[]; total: number };

describe('activity calls', () => {
  it('lists with search, status filter and the pinned first; strangers get 404, the logged out 401', async () => {
    const a = await draftVote(t, owner.headers, { title: '校园歌手大赛' });
    const b = await draftVote(t, owner.headers, { title: '最美护士评选' });
    await t.call('activity/vote/updateVoteTop', { voteId: a, top: true }, owner.headers);
    const list = await t.call<List>('activity/vote/getVoteList', {}, owner.headers);
    expect(list.data.list[0]!.voteId).toBe(a);
    expect(list.data.list[0]!.isTop).toBe(true);
    const found = await t.call<List>('activity/vote/getVoteList', { keyword: '护士' }, owner.headers);
    expect(found.data.list.map((v) => v.voteId)).toEqual([b]);
    expect((await t.call<List>('activity/vote/getVoteList', { status: 'running' }, owner.headers)).data.total).toBe(0);
    for (const path of ['getVote', 'getVoteSetting', 'getClearVotes', 'getCopeVote', 'getVotingDetailList'])
      expect((await t.call(`activity/vote/${path}`, { voteId: a }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call('activity/vote/getVote', { voteId: a })).resultCode).toBe('401');
    expect((await t.call('activity/player/addPlayer', { voteId: a, name: '外人' }, stranger.headers)).resultCode).toBe('404');
  });

  it('copies with groups and players but no votes; bins, restores, clears and deletes for good', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers, { players: ['甲', '乙'] });
    await vote(t, voteId, [playerIds[0]!]);
    const copy = await t.call<{ voteId: string }>('activity/vote/getCopeVote', { voteId }, owner.headers);
    const detail = await t.call<{ title: string; status: string; playerCount: number; voteCount: number }>(
      'activity/vote/getVote',
      { voteId: copy.data.voteId },
      owner.headers,
    );
    expect(detail.data).toMatchObject({ title: '最美教师评选（副本）', status: 'draft', playerCount: 2, voteCount: 0 });
    await t.call('activity/vote/getClearVotes', { voteId }, owner.headers);
    expect((await t.call<{ voteCount: number }>('activity/vote/getVote', { voteId }, owner.headers)).data.voteCount).toBe(0);
    expect((await t.call('activity/vote/getThoroughDelVote', { voteId }, owner.headers)).resultCode).toBe('409');
    await t.call('activity/vote/getDelVote', { voteId }, owner.headers);
    expect((await vote(t, voteId, [playerIds[0]!])).resultCode).toBe('404');
    const bin = await t.call<List>('activity/vote/getThoroughDelVoteList', {}, owner.headers);
    expect(bin.data.list.map((v) => v.voteId)).toContain(voteId);
    await t.call('activity/vote/getDelVote', { voteId, restore: true }, owner.headers);
    expect((await t.call<{ status: string }>('activity/vote/getVote', { voteId }, owner.headers)).data.status).toBe('running');
    await t.call('activity/vote/getDelVote', { voteId }, owner.headers);
    expect((await t.call('activity/vote/getThoroughDelVote', { voteId }, owner.headers)).data).toEqual({ deleted: 1 });
    expect((await t.call('activity/vote/getVote', { voteId }, owner.headers)).resultCode).toBe('404');
  });

  it('saves rules with their cross-field checks, and the voting page sees them with hidden counts', async () => {
    const { voteId, playerIds } = await runningVote(t, owner.headers);
    const bad = await t.call('activity/vote/saveOrUpdateVoteSetting', { voteId, settings: { whitelist: true, identity: 'none' } }, owner.headers);
    expect(bad.resultCode).toBe('400');
    const saved = await t.call(
      'activity/vote/saveOrUpdateVoteSetting',
      { voteId, settings: { showCounts: false, showRanking: false, votesPerVoter: 5 } },
      owner.headers,
    );
    expect(saved.resultCode).toBe('200');
    await vote(t, voteId, [playerIds[0]!], { deviceId: 'scene-device-1' });
    const scene = await t.call<{ voteCount: number | null; remaining: number | null; visitCount: number; phase: string }>('activity/vote/getSceneVoteSetting', {
      voteId,
      visit: true,
      deviceId: 'scene-device-1',
    });
    expect(scene.data).toMatchObject({ voteCount: null, remaining: 4, visitCount: 1, phase: 'running' });
    const players = await t.call<{ list: { votes: number | null; rank: number | null }[] }>('activity/player/getPlayerList', { voteId, sort: 'votes' });
    expect(players.data.list.every((p) => p.votes === null && p.rank === null)).toBe(true);
    const own = await t.call<{ list: { votes: number | null }[] }>('activity/player/getPlayerList', { voteId, sort: 'votes' }, owner.headers);
    expect(own.data.list[0]!.votes).toBe(1);
  });
});

describe('player calls', () => {
  it('numbers pasted names in order, imports Excel rows with groups, searches by name or number, previous/next', async () => {
    const voteId = await draftVote(t, owner.headers);
    const ids = await addNames(t, owner.headers, voteId, ['一号', '', '二号', '三号']);
    expect(ids).toHaveLength(3);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('选手');
    sheet.addRow(['姓名', '分组', '介绍']);
    sheet.addRow(['四号', '高一', '<b>歌手</b><script>x</script>']);
    sheet.addRow(['五号', '高二', '']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const imported = await t.call<{ added: number; players: { no: number }[] }>('activity/player/batchAddPlayer', { voteId, xlsx }, owner.headers);
    expect(imported.data.players.map((p) => p.no)).toEqual([4, 5]);
    const types = await t.call<{ name: string; playerCount: number }[]>('activity/player/getPlayerTypeList', { voteId }, owner.headers);
    expect(types.data.map((x) => x.name)).toEqual(['高一', '高二']);
    const byNo = await t.call<{ list: { name: string; description: string }[] }>('activity/player/getPlayerList', { voteId, keyword: '4' }, owner.headers);
    expect(byNo.data.list.map((p) => p.name)).toEqual(['四号']);
    expect(byNo.data.list[0]!.description).not.toContain('script');
    expect((await t.call<{ list: unknown[] }>('activity/player/getPlayerList', { voteId, keyword: '二' }, owner.headers)).data.list).toHaveLength(1);
    const one = await t.call<{ list: { name: string }[]; total: number }>('activity/player/getPlayerList', { voteId, playerId: ids[1] }, owner.headers);
    expect([one.data.list.map((p) => p.name), one.data.total]).toEqual([['二号'], 1]);
    const next = await t.call<{ name: string }>('activity/vote/getLastOrNext', { voteId, playerId: ids[0], direction: 'next' }, owner.headers);
    expect(next.data.name).toBe('二号');
    const none = await t.call('activity/vote/getLastOrNext', { voteId, playerId: ids[0], direction: 'last' }, owner.headers);
    expect(none.data).toBeNull();
    const updated = await t.call(
      'activity/player/updatePlayerByNoOrName',
      { voteId, rows: [{ no: 1, name: 'x', newName: '一号改' }, { name: '不存在' }] },
      owner.headers,
    );
    expect(updated.data).toEqual({ updated: 1, missing: ['不存在'] });
    const bad = await t.call('activity/player/batchAddPlayer', { voteId, xlsx: Buffer.from('not a workbook').toString('base64') }, owner.headers);
    expect(bad.resultCode).toBe('400');
  });

  it('reviews sign-ups: a pending player is hidden from the public and cannot be voted for until approved', async () => {
    const { voteId } = await runningVote(t, owner.headers, { players: ['甲'] });
    await t.database.query(
      `INSERT INTO vote_players (public_id, vote_id, no, name, review) SELECT 'pendingPlayer01', id, 99, '报名者', 'pending' FROM vote_activities WHERE public_id = $1`,
      [voteId],
    );
    expect((await t.call<{ total: number }>('activity/player/getPlayerList', { voteId })).data.total).toBe(1);
    expect((await vote(t, voteId, ['pendingPlayer01'])).resultCode).toBe('400');
    await t.call('activity/player/getPlayerVerify', { voteId, playerIds: ['pendingPlayer01'], review: 'approved' }, owner.headers);
    expect((await vote(t, voteId, ['pendingPlayer01'])).resultCode).toBe('200');
    const stats = await t.call<{ players: { name: string; votes: number; rank: number }[]; totals: { votes: number } }>(
      'activity/player/getStatisticsPlayerList',
      { voteId },
      owner.headers,
    );
    expect(stats.data.players[0]).toMatchObject({ name: '报名者', votes: 1, rank: 1 });
    expect(stats.data.totals.votes).toBe(1);
  });
});
