import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS, brandFromHost, type TBrandId } from '../../../schemas/brands';
import { readEnv } from '../../../server/env';
import { FOREIGN_PAGE_MESSAGE } from '../../../server/plugins/origin-guard';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { uploadAnswerFile } from '../../helpers/uploads';

/**
 * Issue 42 item 6: a state-changing call carrying the session cookie from a page of another site is refused with
 * HTTP 403 before anything is written, beside SameSite=Lax. The site's own pages (each brand on its host, through
 * nginx or the dev server), the pages ALLOWED_ORIGINS names, scripts with the `token` header, reads and callers
 * that name no page pass.
 */
let t: TestApp;
/** The same database behind one trusted proxy (TRUST_PROXY=1) that sends X-Forwarded-Host. */
let proxied: TestApp;
let user: Awaited<ReturnType<typeof loginNewUser>>;
let cookie: string;

beforeAll(async () => {
  const env = readEnv({ NODE_ENV: 'test', ALLOWED_ORIGINS: 'https://admin.example.org, partner.example.net' });
  t = await createTestApp({ jobs: 'manual', env: { ALLOWED_ORIGINS: env.ALLOWED_ORIGINS, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wenjuan-origin-')) } });
  proxied = await siblingApp(t, { env: { TRUST_PROXY: 1 } });
  user = await loginNewUser(t);
  cookie = `token=${user.token}; wj_login=1`;
}, 60_000);
afterAll(async () => {
  await proxied.close();
  await t.close();
});

let names = 0;
/** Renames the user as the page would (the cookie, the dev server's host) with these headers; the answer and whether the name took. */
async function rename(headers: Record<string, string>, app: TestApp = t) {
  const username = `改名${names++}`;
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/activity/user/upDateUserName',
    payload: { username },
    headers: { host: 'localhost:8080', cookie, ...headers },
  });
  const [row] = await t.database.query<{ username: string }>('SELECT username FROM users WHERE phone = $1', [user.phone]);
  return { status: response.statusCode, envelope: response.json() as { resultCode: string; resultMsg: string }, written: row!.username === username };
}

const REFUSED = { status: 403, envelope: { resultCode: '403', resultMsg: FOREIGN_PAGE_MESSAGE }, written: false };
const PASSED = { status: 200, envelope: { resultCode: '200' }, written: true };

describe(`cookie calls from a foreign page on ${engineName()}`, () => {
  it('a foreign Origin with the cookie is refused 403 and nothing is written; so are Origin: null and look-alike hosts', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example:8080', 'http://evil.example/localhost', 'not a url'])
      expect(await rename({ origin }), origin).toMatchObject(REFUSED);
    // The browser's own cross-site mark (the cookie is then not even read) changes nothing.
    expect(await rename({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).toMatchObject(REFUSED);
    // Uploads (multipart) are refused before their body is read.
    const upload = await uploadAnswerFile(
      t,
      { questionId: 'q', subjectId: 's' },
      { name: 'a.txt', data: Buffer.from('x') },
      { cookie, origin: 'https://evil.example' },
    );
    expect(upload).toMatchObject({ resultCode: '403', resultMsg: FOREIGN_PAGE_MESSAGE });
  });

  it('the same call with the token header passes, whatever page it names', async () => {
    expect(await rename({ origin: 'https://evil.example', token: user.token })).toMatchObject(PASSED);
    expect(await rename({ origin: 'https://evil.example', token: user.token, cookie: '' })).toMatchObject(PASSED);
  });

  it("each brand's own host passes: directly, through the dev server, and through nginx (Host without the port)", async () => {
    const hosts: Record<TBrandId, string[]> = {
      wenjuan: ['localhost:8080', 'www.wenjuan.cn', 'survey.wenjuan.cn'],
      toupiao: ['toupiao.localhost:8080', 'www.toupiao.cn'],
      jielong: ['jielong.localhost:5173', 'yuyue.jielong.cn'],
    };
    for (const [brand, list] of Object.entries(hosts) as [TBrandId, string[]][])
      for (const host of list) {
        expect(brandFromHost(host)).toBe(BRANDS[brand]);
        expect(await rename({ host, origin: `http://${host}` }), host).toMatchObject(PASSED);
        // nginx's `proxy_set_header Host $host` drops the port the page was loaded with.
        const name = host.replace(/:\d+$/, '');
        expect(await rename({ host: name, origin: `https://${name}:8443` }), name).toMatchObject(PASSED);
      }
    // One brand's page does not write with another brand's cookie (host-only cookies: no page of ours does).
    expect(await rename({ host: 'www.toupiao.cn', origin: 'https://www.wenjuan.cn' })).toMatchObject(REFUSED);
  });

  it('behind a trusted proxy the X-Forwarded-Host it writes is the own host; an untrusted one is not believed', async () => {
    const forwarded = { host: '127.0.0.1:8081', 'x-forwarded-host': 'www.jielong.cn', origin: 'https://www.jielong.cn' };
    expect(await rename(forwarded, proxied)).toMatchObject(PASSED);
    expect(await rename(forwarded)).toMatchObject(REFUSED);
  });

  it('an origin ALLOWED_ORIGINS names passes, by origin or host name; others of its domain do not', async () => {
    expect(await rename({ origin: 'https://admin.example.org' })).toMatchObject(PASSED);
    expect(await rename({ origin: 'https://partner.example.net:9443' })).toMatchObject(PASSED);
    expect(await rename({ origin: 'https://evil.example.org' })).toMatchObject(REFUSED);
  });

  it('without Origin the Referer decides; a call naming no page at all (curl, a server) passes', async () => {
    expect(await rename({ referer: 'http://localhost:8080/workbench?tab=1' })).toMatchObject(PASSED);
    expect(await rename({ referer: 'https://admin.example.org/page' })).toMatchObject(PASSED);
    expect(await rename({ referer: 'https://evil.example/localhost:8080' })).toMatchObject(REFUSED);
    // Origin wins over Referer.
    expect(await rename({ origin: 'https://evil.example', referer: 'http://localhost:8080/' })).toMatchObject(REFUSED);
    expect(await rename({})).toMatchObject(PASSED);
  });

  it('a foreign origin on a GET is not refused: a private file the cookie opens is served', async () => {
    const doc = makeSubject(13, 1, '上传材料');
    const questionId = await publishProject(t, user.headers, { subjects: [doc] });
    const up = await uploadAnswerFile(t, { questionId, subjectId: doc.uuid }, { name: 'a.pdf', data: Buffer.from('%PDF-1.4 x %%EOF') });
    expect(up.resultCode).toBe('200');
    const served = await t.app.inject({
      method: 'GET',
      url: up.data.fileUrl,
      headers: { cookie, origin: 'https://evil.example', referer: 'https://evil.example/' },
    });
    expect(served.statusCode).toBe(200);
  });

  it("the providers' notifies (no cookie) are not concerned", async () => {
    const notify = await t.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: {}, headers: { origin: 'https://evil.example' } });
    expect(notify.statusCode).not.toBe(403);
    expect(notify.body).not.toContain(FOREIGN_PAGE_MESSAGE);
  });
});
