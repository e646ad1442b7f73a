import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUSIC_SCORES } from '../../../schemas/vote-music';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { creator, makeVote } from './vote-fixture';

let t: TestApp;
let owner: Awaited<ReturnType<typeof creator>>;
let voter: Awaited<ReturnType<typeof creator>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await creator(t);
  voter = await creator(t);
}, 60_000);
afterAll(() => t.close());

const V = 'activity/vote/';
type Page = { list: { commentId: string; content: string; status: string; playerName: string | null; nickname: string }[]; total: number; open: boolean };

describe('vote comments', () => {
  it('are refused while comments are off', async () => {
    const { voteId } = await makeVote(t, owner.id);
    const posted = await t.call(`${V}saveComment`, { voteId, content: '加油', deviceId: 'device-1' });
    expect(posted.resultCode).toBe('409');
    expect(posted.resultMsg).toBe('主办方未开启评论');
    expect((await t.call<Page>(`${V}getCommentList`, { voteId })).data).toMatchObject({ list: [], open: false });
  });

  it('with moderation wait for approval, then show; hidden and deleted ones leave the public list', async () => {
    const { voteId, players } = await makeVote(t, owner.id, { settings: { comments: true, commentReview: true } });
    const first = await t.call<{ commentId: string; status: string }>(`${V}saveComment`, {
      voteId,
      playerId: players[0],
      content: '<b>老师</b>真棒',
      deviceId: 'device-2',
    });
    expect(first.data.status).toBe('pending');
    const second = await t.call<{ commentId: string }>(`${V}saveComment`, { voteId, content: '支持', deviceId: 'device-3' }, voter.headers);
    expect((await t.call<Page>(`${V}getCommentList`, { voteId })).data.list).toEqual([]);

    const manage = await t.call<Page>(`${V}getCommentList`, { voteId, manage: true }, owner.headers);
    expect(manage.data.total).toBe(2);
    expect(manage.data.list.find((c) => c.commentId === first.data.commentId)).toMatchObject({ content: '老师真棒', status: 'pending', playerName: '选手1' });

    const shown = await t.call<{ updated: number }>(
      `${V}getCommentShow`,
      { voteId, commentIds: [first.data.commentId, second.data.commentId], show: true },
      owner.headers,
    );
    expect(shown.data.updated).toBe(2);
    const pub = await t.call<Page>(`${V}getCommentList`, { voteId, playerId: players[0] });
    expect(pub.data.list.map((c) => c.content)).toEqual(['老师真棒']);

    await t.call(`${V}getCommentShow`, { voteId, commentIds: [first.data.commentId], show: false }, owner.headers);
    await t.call(`${V}getCommentDel`, { voteId, commentIds: [second.data.commentId] }, owner.headers);
    expect((await t.call<Page>(`${V}getCommentList`, { voteId })).data.list).toEqual([]);
    expect((await t.call<Page>(`${V}getCommentList`, { voteId, manage: true }, owner.headers)).data.list.map((c) => c.status)).toEqual(['hidden']);
  });

  it('without moderation show at once; a player of another vote is refused; a flood is rate-limited', async () => {
    const { voteId } = await makeVote(t, owner.id, { settings: { comments: true, commentReview: false } });
    const other = await makeVote(t, owner.id);
    const ok = await t.call<{ status: string }>(`${V}saveComment`, { voteId, content: '好', deviceId: 'device-4' });
    expect(ok.data.status).toBe('shown');
    expect((await t.call(`${V}saveComment`, { voteId, playerId: other.players[0], content: '好', deviceId: 'device-4' })).resultCode).toBe('404');
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) codes.push((await t.call(`${V}saveComment`, { voteId, content: `第${i}条`, deviceId: 'device-5' })).resultCode);
    expect(codes.filter((c) => c === '200')).toHaveLength(5);
    expect(codes.at(-1)).toBe('429');
  });

  it('moderation calls answer "404" to strangers', async () => {
    const { voteId } = await makeVote(t, owner.id, { settings: { comments: true, commentReview: false } });
    const c = await t.call<{ commentId: string }>(`${V}saveComment`, { voteId, content: '好', deviceId: 'device-6' });
    expect((await t.call(`${V}getCommentShow`, { voteId, commentIds: [c.data.commentId], show: false }, voter.headers)).resultCode).toBe('404');
    expect((await t.call(`${V}getCommentDel`, { voteId, commentIds: [c.data.commentId] }, voter.headers)).resultCode).toBe('404');
    expect((await t.call(`${V}getCommentList`, { voteId, manage: true }, voter.headers)).resultCode).toBe('404');
    expect((await t.call<Page>(`${V}getCommentList`, { voteId })).data.total).toBe(1);
  });
});

describe('vote music', () => {
  it('lists the built-in tracks, whose files exist and are WAV', async () => {
    const list = await t.call<{ musicId: string; url: string; seconds: number }[]>(`${V}getMusicList`, {});
    expect(list.data.map((m) => m.musicId)).toEqual(MUSIC_SCORES.map((s) => s.musicId));
    const { readFileSync } = await import('node:fs');
    for (const m of list.data) {
      const file = readFileSync(`public${m.url}`);
      expect(file.subarray(0, 4).toString()).toBe('RIFF');
      expect(file.length).toBeGreaterThan(11_025 * m.seconds * 0.9);
    }
  });

  it('saves a built-in track and turns the rule on; the voting page reads it; a stranger cannot', async () => {
    const { voteId, id } = await makeVote(t, owner.id);
    expect((await t.call(`${V}getMusicByVoteId`, { voteId })).data).toMatchObject({ open: false, url: null });
    const saved = await t.call(`${V}saveOrUpdateMusic`, { voteId, open: true, source: 'builtin', musicId: 'warm-breeze' }, owner.headers);
    expect(saved.data).toMatchObject({ open: true, url: '/music/warm-breeze.wav', name: MUSIC_SCORES[1]!.name });
    expect((await t.call(`${V}getMusicByVoteId`, { voteId })).data).toMatchObject({ open: true, musicId: 'warm-breeze' });
    const [row] = await t.database.query<{ settings: { music: boolean } }>('SELECT settings FROM vote_activities WHERE id = $1', [id]);
    expect(row!.settings.music).toBe(true);
    await t.call(`${V}saveOrUpdateMusic`, { voteId, open: false }, owner.headers);
    expect((await t.call(`${V}getMusicByVoteId`, { voteId })).data).toMatchObject({ open: false, musicId: 'warm-breeze' });
    expect((await t.call(`${V}saveOrUpdateMusic`, { voteId, open: true, source: 'builtin', musicId: 'nope' }, owner.headers)).resultCode).toBe('400');
    expect((await t.call(`${V}saveOrUpdateMusic`, { voteId, open: true, source: 'builtin', musicId: 'cheer-up' }, voter.headers)).resultCode).toBe('404');
    expect((await t.call(`${V}getLocalMusicByVoteId`, { voteId }, voter.headers)).resultCode).toBe('404');
  });

  it('plays only the creator’s own uploaded audio', async () => {
    const { voteId } = await makeVote(t, owner.id);
    await t.database.query(
      `INSERT INTO uploads (name, user_id, original_name, mime, size) VALUES ('mine.mp3', $1, '校歌.mp3', 'audio/mpeg', 1000), ('theirs.mp3', $2, '别人的.mp3', 'audio/mpeg', 1000)`,
      [owner.id, voter.id],
    );
    const local = await t.call<{ url: string; name: string }[]>(`${V}getLocalMusicByVoteId`, { voteId }, owner.headers);
    expect(local.data).toEqual([expect.objectContaining({ url: '/uploads/mine.mp3', name: '校歌.mp3' })]);
    expect((await t.call(`${V}saveOrUpdateMusic`, { voteId, open: true, source: 'local', musicId: '/uploads/theirs.mp3' }, owner.headers)).resultCode).toBe(
      '400',
    );
    const ok = await t.call(`${V}saveOrUpdateMusic`, { voteId, open: true, source: 'local', musicId: '/uploads/mine.mp3' }, owner.headers);
    expect(ok.data).toMatchObject({ open: true, url: '/uploads/mine.mp3', name: '校歌.mp3' });
  });
});
