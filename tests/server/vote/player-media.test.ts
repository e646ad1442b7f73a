import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { multipartBody } from '../../helpers/uploads';
import { creator, makeVote } from '../vote-extras/vote-fixture';

let t: TestApp;
let owner: Awaited<ReturnType<typeof creator>>;
let voter: Awaited<ReturnType<typeof creator>>;

const pad = (head: Buffer, size = 256) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x11)]);
const MP4 = pad(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1')]));
const MP3 = pad(Buffer.from('ID3\x04\x00\x00', 'latin1'));

type Player = { playerId: string; videoUrl: string; audioUrl: string };

async function upload(kind: 'video' | 'audio', name: string, data: Buffer): Promise<string> {
  const body = multipartBody({}, { name, data });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/upload/${kind}`,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...owner.headers },
  });
  const answer = response.json() as { resultCode: string; data: { url: string } };
  expect(answer.resultCode).toBe('200');
  return answer.data.url;
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const listOf = async (voteId: string, headers?: Record<string, string>) =>
  (await t.call<{ list: Player[] }>('activity/player/getPlayerList', { voteId, page: 1, pageSize: 10 }, headers)).data.list;

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wenjuan-player-media-')) } });
  owner = await creator(t);
  voter = await creator(t);
}, 60_000);
afterAll(() => t.close());

describe(`a player's uploaded video and audio on the voting page (${engineName()})`, () => {
  it('voters get a signed address that plays the private file; the owner keeps the plain one', async () => {
    const { voteId } = await makeVote(t, owner.id, { players: 1 });
    const video = await upload('video', '参赛视频.mp4', MP4);
    const audio = await upload('audio', '参赛歌曲.mp3', MP3);
    const added = await t.call<Player>('activity/player/addPlayer', { voteId, name: '王小明', videoUrl: video, audioUrl: audio }, owner.headers);
    expect(added.resultCode).toBe('200');
    expect(added.data).toMatchObject({ videoUrl: video, audioUrl: audio });

    // The file is private: a voter (anonymous or another account) cannot open its plain address.
    expect((await get(video)).statusCode).toBe(401);
    expect((await get(video, voter.headers)).statusCode).toBe(404);

    for (const headers of [undefined, voter.headers]) {
      const shown = (await listOf(voteId, headers)).find((p) => p.playerId === added.data.playerId)!;
      expect(shown.videoUrl).toMatch(new RegExp(`^${video}\\?t=[0-9a-z]+\\.[0-9a-f]+$`));
      expect(shown.audioUrl).toMatch(new RegExp(`^${audio}\\?t=`));
      const played = await get(shown.videoUrl, { range: 'bytes=0-15' });
      expect(played.statusCode).toBe(206);
      expect(played.headers['content-type']).toBe('video/mp4');
      expect((await get(shown.audioUrl)).rawPayload.equals(MP3)).toBe(true);
    }
    // 上一位 / 下一位 hand the neighbour over the same way.
    const [first] = await listOf(voteId);
    const next = await t.call<Player>('activity/vote/getLastOrNext', { voteId, playerId: first!.playerId, direction: 'next', sort: 'no' });
    expect(next.data.videoUrl).toMatch(/\?t=/);

    const mine = (await listOf(voteId, owner.headers)).find((p) => p.playerId === added.data.playerId)!;
    expect(mine).toMatchObject({ videoUrl: video, audioUrl: audio });
    expect((await get(video, owner.headers)).statusCode).toBe(200);
  });

  it('a signed address saved back is stored as the plain one; links stay as typed', async () => {
    const { voteId } = await makeVote(t, owner.id, { players: 0 });
    const video = await upload('video', '片段.mp4', MP4);
    const signed = `${video}?t=zzzzzzzz.0123456789abcdef0123456789abcdef`;
    const added = await t.call<Player>(
      'activity/player/addPlayer',
      { voteId, name: '李华', videoUrl: signed, audioUrl: 'https://music.example.com/a.mp3' },
      owner.headers,
    );
    expect(added.data).toMatchObject({ videoUrl: video, audioUrl: 'https://music.example.com/a.mp3' });
    const [shown] = await listOf(voteId);
    expect(shown!.audioUrl).toBe('https://music.example.com/a.mp3');
  });

  it("the vote's uploaded music plays for voters by a signed address", async () => {
    const { voteId } = await makeVote(t, owner.id);
    const track = await upload('audio', '背景音乐.mp3', MP3);
    const saved = await t.call('activity/vote/saveOrUpdateMusic', { voteId, open: true, source: 'local', musicId: track }, owner.headers);
    expect(saved.resultCode).toBe('200');
    const music = await t.call<{ url: string; musicId: string }>('activity/vote/getMusicByVoteId', { voteId });
    expect(music.data.musicId).toBe(track);
    expect(music.data.url).toMatch(new RegExp(`^${track}\\?t=`));
    expect((await get(music.data.url)).statusCode).toBe(200);
  });
});
