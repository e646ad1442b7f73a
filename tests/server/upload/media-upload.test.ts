import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { multipartBody } from '../../helpers/uploads';
import { MEDIA_MAX_BYTES } from '../../../server/services/uploads/media-uploads.service';

let t: TestApp;
let owner: Awaited<ReturnType<typeof loginNewUser>>;
let editor: Awaited<ReturnType<typeof loginNewUser>>;
let viewer: Awaited<ReturnType<typeof loginNewUser>>;
let stranger: Awaited<ReturnType<typeof loginNewUser>>;
let questionId: string;

const pad = (head: Buffer, size = 256) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x11)]);
const ftyp = (brand: string) => pad(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1')]));
const riff = (form: string) => pad(Buffer.from(`RIFF\x24\x00\x00\x00${form}`, 'latin1'));
const ASF = Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex');

/** One small, real-looking file of every format of spec §9, by extension. */
const MEDIA_SAMPLES: Record<'video' | 'audio', Record<string, Buffer>> = {
  video: {
    mp4: ftyp('isom'),
    flv: pad(Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x05, 0, 0, 0, 9])),
    wmv: pad(ASF),
    '3gp': ftyp('3gp4'),
    avi: riff('AVI '),
  },
  audio: {
    mp3: pad(Buffer.from('ID3\x04\x00\x00', 'latin1')),
    wma: pad(ASF),
    wav: riff('WAVE'),
    amr: pad(Buffer.from('#!AMR\n', 'latin1')),
    m4a: ftyp('M4A '),
    aac: pad(Buffer.from([0xff, 0xf1, 0x50, 0x80])),
  },
};

async function upload(kind: 'video' | 'audio', file: { name: string; data: Buffer }, headers: Record<string, string>, fields: Record<string, string> = {}) {
  const body = multipartBody(fields, file);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/upload/${kind}`,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...headers },
  });
  return response.json() as { resultCode: string; resultMsg: string; data: { url: string; viewUrl: string; fileSize: number; fileName: string } };
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wenjuan-media-')) } });
  [owner, editor, viewer, stranger] = [await loginNewUser(t), await loginNewUser(t), await loginNewUser(t), await loginNewUser(t)];
  questionId = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1, '您的年龄')] });
  for (const [user, powerType] of [
    [editor, 2],
    [viewer, 3],
  ] as const) {
    const code = await t.call<{ workCode: string }>('activity/question/getTeamWorkCode', { questionId, powerType }, owner.headers);
    expect((await t.call('code/joinTeamWork', { workCode: code.data.workCode }, user.headers)).resultCode).toBe('200');
  }
});
afterAll(() => t.close());

describe(`upload/video and upload/audio on ${engineName()}`, () => {
  for (const kind of ['video', 'audio'] as const) {
    for (const [ext, data] of Object.entries(MEDIA_SAMPLES[kind])) {
      it(`accepts a ${ext} ${kind} by its content and serves it to the project's members only`, async () => {
        const up = await upload(kind, { name: `样本.${ext}`, data }, owner.headers, { questionId });
        expect(up.resultMsg).toBe('上传成功');
        expect(up.data).toMatchObject({ fileName: `样本.${ext}`, fileSize: data.length });
        const mine = await get(up.data.url, owner.headers);
        expect(mine.statusCode).toBe(200);
        expect(mine.rawPayload.equals(data)).toBe(true);
        expect((await get(up.data.url, viewer.headers)).statusCode).toBe(200);
        expect((await get(up.data.url)).statusCode).toBe(401);
        expect((await get(up.data.url, stranger.headers)).statusCode).toBe(404);
        expect((await get(up.data.viewUrl)).statusCode).toBe(200);
      });
      it(`refuses a text file renamed .${ext}`, async () => {
        const up = await upload(kind, { name: `脚本.${ext}`, data: Buffer.from('<script>alert(1)</script> 这不是媒体文件') }, owner.headers);
        expect(up.resultCode).toBe('400');
        expect(up.resultMsg).toBe(
          `file: 文件内容不是有效的${kind === 'video' ? '视频' : '音频'}（${ext}），请上传 ${Object.keys(MEDIA_SAMPLES[kind]).join('、')} 格式的${kind === 'video' ? '视频' : '音频'}`,
        );
      });
    }
  }

  it('refuses an extension of the other kind, or none of §9, even with valid content', async () => {
    expect((await upload('video', { name: 'song.mp3', data: MEDIA_SAMPLES.audio.mp3! }, owner.headers)).resultMsg).toBe(
      'file: 仅支持 mp4、flv、wmv、3gp、avi 格式的视频',
    );
    expect((await upload('audio', { name: 'clip.mov', data: MEDIA_SAMPLES.video.mp4! }, owner.headers)).resultMsg).toBe(
      'file: 仅支持 mp3、wma、wav、amr、m4a、aac 格式的音频',
    );
    // A WAVE file named .avi is RIFF, but not AVI.
    expect((await upload('video', { name: 'a.avi', data: MEDIA_SAMPLES.audio.wav! }, owner.headers)).resultCode).toBe('400');
  });

  it('refuses an audio over its size limit and an empty file, storing nothing', async () => {
    const big = Buffer.concat([MEDIA_SAMPLES.audio.mp3!, Buffer.alloc(MEDIA_MAX_BYTES.audio)]);
    const over = await upload('audio', { name: 'long.mp3', data: big }, owner.headers);
    expect(over).toMatchObject({ resultCode: '400', resultMsg: 'file: 音频不能超过20MB' });
    const empty = await upload('audio', { name: 'empty.mp3', data: Buffer.alloc(0) }, owner.headers);
    expect(empty).toMatchObject({ resultCode: '400', resultMsg: 'file: 文件为空' });
    const rows = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM uploads WHERE original_name IN ('long.mp3', 'empty.mp3')`);
    expect(rows[0]!.n).toBe(0);
  });

  it('needs a login, and edit power on the project it names', async () => {
    expect((await upload('video', { name: 'a.mp4', data: MEDIA_SAMPLES.video.mp4! }, {})).resultCode).toBe('401');
    expect((await upload('video', { name: 'a.mp4', data: MEDIA_SAMPLES.video.mp4! }, viewer.headers, { questionId })).resultCode).toBe('403');
    expect((await upload('video', { name: 'a.mp4', data: MEDIA_SAMPLES.video.mp4! }, stranger.headers, { questionId })).resultCode).toBe('404');
    const byEditor = await upload('video', { name: 'a.mp4', data: MEDIA_SAMPLES.video.mp4! }, editor.headers, { questionId });
    expect(byEditor.resultCode).toBe('200');
    expect((await get(byEditor.data.url, owner.headers)).statusCode).toBe(200);
  });

  it("a file without a project is its uploader's alone", async () => {
    const up = await upload('audio', { name: '旁白.wav', data: MEDIA_SAMPLES.audio.wav! }, stranger.headers);
    expect((await get(up.data.url, stranger.headers)).statusCode).toBe(200);
    expect((await get(up.data.url, owner.headers)).statusCode).toBe(404);
  });
});
