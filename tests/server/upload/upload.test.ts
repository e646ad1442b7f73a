import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wenjuan-upload-')) } });
  token = (await loginNewUser(t)).token;
});
afterAll(() => t.close());

function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----wenjuan' + Date.now();
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, token } };
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#1f6feb' } })
    .png()
    .toBuffer();

describe('/upload/image', () => {
  it('stores an image, rotates it 90° on request, and serves it with its type', async () => {
    const body = multipart({ rotate: '90' }, { name: '封面.png', type: 'image/png', data: await png(40, 20) });
    const answer = (await t.app.inject({ method: 'POST', url: '/api/upload/image', ...body })).json();
    expect(answer.resultCode).toBe('200');
    expect(answer.data).toMatchObject({ url: expect.stringMatching(/^\/uploads\/[\w-]+\.png$/), width: 20, height: 40 });
    const served = await t.app.inject({ method: 'GET', url: answer.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses something that is not an image, even named .png, and an SVG', async () => {
    for (const file of [
      { name: 'x.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script>') },
      { name: 'x.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
    ]) {
      const answer = (await t.app.inject({ method: 'POST', url: '/api/upload/image', ...multipart({}, file) })).json();
      expect(answer).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining('file') });
    }
  });

  it('needs a login and a multipart body; a bad rotation is "400"', async () => {
    const body = multipart({}, { name: 'a.png', type: 'image/png', data: await png(4, 4) });
    expect(
      (
        await t.app.inject({ method: 'POST', url: '/api/upload/image', payload: body.payload, headers: { 'content-type': body.headers['content-type'] } })
      ).json().resultCode,
    ).toBe('401');
    expect((await t.call('upload/image', { file: 'x' }, { token })).resultCode).toBe('400');
    const rotated = multipart({ rotate: '45' }, { name: 'a.png', type: 'image/png', data: await png(4, 4) });
    expect((await t.app.inject({ method: 'POST', url: '/api/upload/image', ...rotated })).json().resultCode).toBe('400');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/nope.png' })).statusCode).toBe(404);
  });
});
