import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byteRangeOf } from '../../../server/services/uploads/byte-range';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { multipartBody } from '../../helpers/uploads';

// Video and audio uploads answer HTTP range requests (issue 49), so a phone's player seeks without the whole file.
let t: TestApp;
let owner: Awaited<ReturnType<typeof loginNewUser>>;
let questionId: string;

/** An mp4 of 10 000 bytes whose every byte tells its place (i % 251). */
const VIDEO = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(10_000 - 12)]);
for (let i = 12; i < VIDEO.length; i++) VIDEO[i] = i % 251;
const MP3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00', 'latin1'), Buffer.alloc(994, 0x22)]);

async function upload(kind: 'video' | 'audio', name: string, data: Buffer): Promise<string> {
  const body = multipartBody({ questionId }, { name, data });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/upload/${kind}`,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...owner.headers },
  });
  const answer = response.json() as { resultCode: string; resultMsg: string; data: { url: string } };
  expect(answer.resultCode, answer.resultMsg).toBe('200');
  return answer.data.url;
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...owner.headers, ...headers } });

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wenjuan-range-')) } });
  owner = await loginNewUser(t);
  questionId = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1, '您的年龄')] });
});
afterAll(() => t.close());

describe(`media range requests on ${engineName()}`, () => {
  it('answers the whole file with Accept-Ranges, then 206 pieces: a span, an open end, a suffix, a span past the end', async () => {
    const url = await upload('video', '课程.mp4', VIDEO);
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe('10000');
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);

    const cases: [string, number, number][] = [
      ['bytes=0-1023', 0, 1023],
      ['bytes=5000-', 5000, 9999],
      ['bytes=-500', 9500, 9999],
      ['bytes=9990-20000', 9990, 9999],
      ['bytes=-20000', 0, 9999],
      ['bytes=1234-1234', 1234, 1234],
    ];
    for (const [range, start, end] of cases) {
      const part = await get(url, { range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
      expect(part.headers['content-length']).toBe(String(end - start + 1));
      expect(part.headers['content-type']).toBe('video/mp4');
      expect(part.rawPayload.equals(VIDEO.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('416 with Content-Range for a range that starts past the end; syntax it does not know is ignored (200)', async () => {
    const url = await upload('audio', '录音.mp3', MP3);
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const refused = await get(url, { range });
      expect(refused.statusCode, range).toBe(416);
      expect(refused.headers['content-range']).toBe('bytes */1000');
    }
    for (const range of ['bytes=0-1,5-9', 'items=0-9', 'bytes=9-3', 'bytes=-', 'bytes=abc']) {
      const whole = await get(url, { range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload.length).toBe(1000);
    }
  });

  it('If-Range: the piece while the file is unchanged, the whole file otherwise; ranges stay private', async () => {
    const url = await upload('video', '片段.mp4', VIDEO);
    const lastModified = String((await get(url)).headers['last-modified']);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': lastModified })).statusCode).toBe(206);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': 'Thu, 01 Jan 1970 00:00:00 GMT' })).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the parser: the edges of RFC 9110 byte ranges', () => {
    expect(byteRangeOf(undefined, 10)).toBeNull();
    expect(byteRangeOf('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(byteRangeOf('bytes=0-', 0)).toBe('unsatisfiable');
    expect(byteRangeOf('bytes=-5', 0)).toBe('unsatisfiable');
    expect(byteRangeOf('BYTES = 2 - 4', 10)).toEqual({ start: 2, end: 4 });
    expect(byteRangeOf(`bytes=0-${'9'.repeat(30)}`, 10)).toBeNull();
    expect(byteRangeOf('bytes=10-12', 10)).toBe('unsatisfiable');
  });
});
