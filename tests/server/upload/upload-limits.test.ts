import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TakeAllowance, UploadLimits } from '../../../server/services/uploads/upload-limits.service';
import { IMAGE_MAX_BYTES } from '../../../server/services/uploads/uploads.service';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { multipartBody, padPng, pngBomb, pngOf, uploadAnswerFile, uploadImage } from '../../helpers/uploads';

const apps: TestApp[] = [];
const open = async (limits: Partial<UploadLimits>, take?: TakeAllowance) => {
  const t = await createTestApp({
    jobs: 'manual',
    uploads: { limits, take },
    env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wenjuan-upload-limits-')) },
  });
  apps.push(t);
  return t;
};
afterAll(() => Promise.all(apps.map((t) => t.close())));

const doc = { ...makeSubject(13, 1, '材料'), maxCount: 50 } as TSubject;
const sign = makeSubject(33, 2, '签名');
const bytes = (n: number) => Buffer.alloc(n, 7);

/** The naive variant a test injects: read the count, then write count + amount — the gap lets parallel takes pass the cap. */
const naiveTake: TakeAllowance = async (database, key, amount, cap, windowSeconds) => {
  const [row] = await database.query<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1 AND window_start > now() - make_interval(secs => $2)', [
    key,
    windowSeconds,
  ]);
  const used = row?.count ?? 0;
  if (used + amount > cap) return false;
  await new Promise((resolve) => setImmediate(resolve));
  await database.query(
    'INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), $2) ON CONFLICT (key) DO UPDATE SET count = $2, window_start = now()',
    [key, used + amount],
  );
  return true;
};

describe(`upload limits answer the envelope on ${engineName()}`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof loginNewUser>>;
  beforeAll(async () => {
    t = await open({ answerFilesPerIpHour: 3, answerMbPerIpHour: 1, answerFilesPerProjectDay: 5, imagesPerUserHour: 2 });
    owner = await loginNewUser(t);
  });
  // The test app trusts no proxy: each address is a separate injected remote address.
  const send = (questionId: string, subjectId: string, size: number, ip: string) =>
    (async () => {
      const body = multipartBody({ questionId, subjectId }, { name: 'a.pdf', data: bytes(size) });
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/upload/file',
        payload: body.payload,
        headers: { 'content-type': body.contentType },
        remoteAddress: ip,
      });
      return r.json() as { resultCode: string; resultMsg: string };
    })();

  it('per address: files an hour, then bytes an hour, each with its own message', async () => {
    const questionId = await publishProject(t, owner.headers, { subjects: [doc] });
    for (let i = 0; i < 3; i++) expect((await send(questionId, doc.uuid, 100, '10.0.0.1')).resultCode).toBe('200');
    expect(await send(questionId, doc.uuid, 100, '10.0.0.1')).toEqual({ resultCode: '429', resultMsg: '上传太频繁，请稍后再试', data: null });
    expect((await send(questionId, doc.uuid, 600 * 1024, '10.0.0.2')).resultCode).toBe('200');
    expect(await send(questionId, doc.uuid, 600 * 1024, '10.0.0.2')).toEqual({
      resultCode: '429',
      resultMsg: '一小时内上传的文件已超过1MB，请稍后再试',
      data: null,
    });
    // A refused file is not stored.
    expect((await t.database.query('SELECT 1 FROM uploads')).length).toBe(4);
  });

  it('per project, whatever the address: files a day', async () => {
    const questionId = await publishProject(t, owner.headers, { subjects: [doc] });
    for (let i = 0; i < 5; i++) expect((await send(questionId, doc.uuid, 10, `10.1.0.${i}`)).resultCode).toBe('200');
    expect(await send(questionId, doc.uuid, 10, '10.1.0.99')).toEqual({
      resultCode: '429',
      resultMsg: '该问卷今日接收的文件已达上限，请稍后再试或联系发布者',
      data: null,
    });
    const other = await publishProject(t, owner.headers, { subjects: [doc] });
    expect((await send(other, doc.uuid, 10, '10.1.0.99')).resultCode).toBe('200');
  });

  it("creators' images are rate-limited per account", async () => {
    const creator = await loginNewUser(t);
    for (let i = 0; i < 2; i++) expect((await uploadImage(t, { name: 'a.png', data: await pngOf(8, 8) }, creator.headers)).resultCode).toBe('200');
    expect(await uploadImage(t, { name: 'a.png', data: await pngOf(8, 8) }, creator.headers)).toEqual({
      resultCode: '429',
      resultMsg: '上传图片太频繁，请稍后再试',
      data: null,
    });
  });
});

describe(`the byte allowance under concurrency on ${engineName()}`, () => {
  const race = async (take?: TakeAllowance) => {
    const t = await open({ answerFilesPerIpHour: 1_000, answerMbPerIpHour: 1 }, take);
    const owner = await loginNewUser(t);
    const questionId = await publishProject(t, owner.headers, { subjects: [doc] });
    // 24 files of 100 KiB from one address against 1 MiB an hour: 10 fit.
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => uploadAnswerFile(t, { questionId, subjectId: doc.uuid }, { name: 'a.pdf', data: bytes(100 * 1024) })),
    );
    return answers.filter((a) => a.resultCode === '200').length;
  };

  it('one conditional statement admits exactly the cap', async () => {
    expect(await race()).toBe(10);
  });

  it('the naive read-then-write variant, injected here, is caught passing it', async () => {
    expect(await race(naiveTake)).toBeGreaterThan(10);
  });
});

describe(`image size and pixels on ${engineName()}`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof loginNewUser>>;
  let base: Buffer;
  beforeAll(async () => {
    t = await open({ imagesPerUserHour: 1_000, imageMbPerUserHour: 10_000, imagesPerIpHour: 1_000 });
    owner = await loginNewUser(t);
    // An uncompressed PNG a little under 10 MB, padded to exact sizes below.
    base = await sharp({ create: { width: 1800, height: 1900, channels: 3, background: '#3a7' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  });

  it('an image of exactly 10 MB is taken; one byte more is refused every time, however the body arrives', async () => {
    expect(base.length).toBeLessThan(IMAGE_MAX_BYTES);
    const exact = padPng(base, IMAGE_MAX_BYTES);
    const over = padPng(base, IMAGE_MAX_BYTES + 1);
    expect((await uploadImage(t, { name: 'exact.png', data: exact, type: 'image/png' }, owner.headers)).resultCode).toBe('200');

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const chunk of [4096, 64 * 1024 + 7, 1024 * 1024, IMAGE_MAX_BYTES]) {
      const body = multipartBody({}, { name: 'over.png', data: over, type: 'image/png' });
      const answer = await postInChunks(`${address}/api/upload/image`, body, owner.token, chunk);
      expect(answer, `chunks of ${chunk}`).toEqual({ resultCode: '400', resultMsg: 'file: 图片不能超过10MB', data: { field: 'file' } });
    }
    for (let i = 0; i < 3; i++) {
      expect((await uploadImage(t, { name: 'over.png', data: over, type: 'image/png' }, owner.headers)).resultMsg).toBe('file: 图片不能超过10MB');
    }
  }, 120_000);

  it('a decompression bomb (16000×16000 in a few KB) is refused from its header, as an image and as a signature', async () => {
    const bomb = pngBomb(16_000, 16_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const message = 'file: 图片尺寸过大（16000×16000），请上传不超过5000万像素的图片';
    expect(await uploadImage(t, { name: 'bomb.png', data: bomb, type: 'image/png' }, owner.headers)).toMatchObject({ resultCode: '400', resultMsg: message });
    const questionId = await publishProject(t, owner.headers, { subjects: [sign] });
    expect(await uploadAnswerFile(t, { questionId, subjectId: sign.uuid }, { name: 'signature.png', data: bomb })).toMatchObject({
      resultCode: '400',
      resultMsg: message,
    });
    // Within the limit the same construction is a real image, decoded and stored.
    expect((await uploadImage(t, { name: 'wide.png', data: pngBomb(7000, 7000), type: 'image/png' }, owner.headers)).resultCode).toBe('200');
  });
});

/** POST over a real socket, writing the body `size` bytes at a time, each write flushed before the next. */
async function postInChunks(url: string, body: { payload: Buffer; contentType: string }, token: string, size: number): Promise<unknown> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { 'content-type': body.contentType, 'content-length': body.payload.length, token } },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (c: Buffer) => parts.push(c));
        response.on('end', () => resolve(JSON.parse(Buffer.concat(parts).toString('utf8'))));
      },
    );
    request.on('error', reject);
    void (async () => {
      for (let at = 0; at < body.payload.length; at += size) {
        await new Promise<void>((done) => request.write(body.payload.subarray(at, at + size), () => done()));
      }
      request.end();
    })();
  });
}
