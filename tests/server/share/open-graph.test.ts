import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateResult } from '../../../schemas/api/question';
import { plainLine } from '../../../server/services/share/open-graph.service';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Share cards outside WeChat (issue 47 item 2): the server's HTML of /s/{questionId} (sign-up, check-in, group-buy
 * and every respondent page) and /v/{voteId} carries og:title, og:description and og:image of that project,
 * escaped; an unknown project gets the brand's name, slogan and logo.
 */
let t: TestApp;
let clientDir: string;
const page = (title: string) => `<!doctype html><html><head><meta charset="UTF-8" /><title>${title}</title></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-og-'));
  writeFileSync(path.join(clientDir, 'index.html'), page('问卷通'));
  writeFileSync(path.join(clientDir, 'respond.html'), page('问卷'));
  writeFileSync(path.join(clientDir, 'vote.html'), page('投票'));
  t = await createTestApp({ clientDir });
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: 'jielong.example.test', ...headers } });
/** The content of one meta tag, as a browser or WeChat's crawler reads it (entities decoded). */
function meta(html: string, property: string): string | null {
  const m = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html);
  if (!m) return null;
  return m[1]!
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

describe(`Open Graph tags of the public pages (${engineName()})`, () => {
  it("a sign-up chain's page carries its title, description and cover, escaped so the title cannot break out", async () => {
    const owner = await loginNewUser(t);
    const title = '周六"羽毛球"<script>alert(1)</script> & 约';
    const created = await t.call<TCreateResult>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 5, solitaireType: 4, title, subtitle: '<p>每周六&nbsp;下午 <b>3</b> 点</p>' },
      owner.headers,
    );
    expect(created.resultCode).toBe('200');
    const id = created.data.questionId!;
    await t.database.query(`UPDATE projects SET style = style || '{"coverImage": "/uploads/cover-1.png"}'::jsonb WHERE public_id = $1`, [id]);
    const response = await get(`/s/${id}?from=groupmessage`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const [stored] = await t.database.query<{ title: string }>('SELECT title FROM projects WHERE public_id = $1', [id]);
    expect(meta(html, 'og:title')).toBe(stored!.title);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(meta(html, 'og:description')).toBe('每周六 下午 3 点');
    expect(meta(html, 'og:image')).toBe('http://jielong.example.test/uploads/cover-1.png');
    expect(meta(html, 'og:url')).toBe(`http://jielong.example.test/s/${id}`);
    expect(html).toContain(`<title>${stored!.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</title>`);
  });

  it('uses the share title when the creator set one, and compresses the page as before', async () => {
    const owner = await loginNewUser(t);
    const created = await t.call<TCreateResult>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 5, solitaireType: 2, title: '水果团购' },
      owner.headers,
    );
    const id = created.data.questionId!;
    await t.database.query(`UPDATE projects SET share_title = '本周水果团，周五自提' WHERE public_id = $1`, [id]);
    const response = await get(`/s/${id}`, { 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(meta(html, 'og:title')).toBe('本周水果团，周五自提');
    expect(meta(html, 'og:image')).toBe('http://jielong.example.test/share-logo.png');
  });

  it("a vote's page carries the vote's title, description and first cover", async () => {
    const owner = await loginNewUser(t);
    const [user] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [owner.phone]);
    await t.database.query(
      `INSERT INTO vote_activities (public_id, owner_id, title, description, cover_images, status) VALUES ($1, $2, '最美教师', '为你心中的好老师投票', $3::jsonb, 'running')`,
      ['oGvOtE12345', user!.id, JSON.stringify(['https://cdn.example.test/a.jpg', '/uploads/b.jpg'])],
    );
    const html = (await get('/v/oGvOtE12345')).body;
    expect(meta(html, 'og:title')).toBe('最美教师');
    expect(meta(html, 'og:description')).toBe('为你心中的好老师投票');
    expect(meta(html, 'og:image')).toBe('https://cdn.example.test/a.jpg');
  });

  it("an unknown project gets the brand's name, slogan and logo (the brand of the host)", async () => {
    const html = (await get('/s/NoSuchProject1')).body;
    expect(meta(html, 'og:title')).toBe('接龙通');
    expect(meta(html, 'og:description')).toBe('接龙通 - 免费的接龙报名、团购收款与预约平台');
    expect(meta(html, 'og:image')).toBe('http://jielong.example.test/share-logo.png');
    const other = (await get('/v/NoSuchVote123', { host: 'toupiao.example.test' })).body;
    expect(meta(other, 'og:title')).toBe('投票通');
  });

  it('cuts a long description to one line a card shows', () => {
    expect(plainLine(`<p>${'长'.repeat(200)}</p>`)).toHaveLength(120);
    expect(plainLine('a &amp; b &lt;c&gt;')).toBe('a & b <c>');
  });
});
