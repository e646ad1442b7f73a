import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';

// The voting page is its own entry (vote.html): /v/{voteId} serves it with the HTML pages' headers, and a vote's
// short link /x/{voteId} opens it, while any other short link still opens the respondent page.
let t: TestApp;
let clientDir: string;
const VOTE_ID = 'vOtEpAgE123';

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-vote-page-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>问卷通</title><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'respond.html'), '<!doctype html><title>答题</title><div id="app"></div>');
  writeFileSync(path.join(clientDir, 'vote.html'), '<!doctype html><title>投票</title><div id="root" data-page="vote"></div>');
  t = await createTestApp({ clientDir });
  const phone = '13700001234';
  await t.call('activity/user/sendSms', { phone, type: 'register' });
  await t.call('activity/user/register', { phone, code: await lastCode(t.database, phone), password: 'vote1234' });
  const [owner] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
  await t.database.query('INSERT INTO vote_activities (public_id, owner_id, title, status) VALUES ($1, $2, $3, $4)', [
    VOTE_ID,
    owner!.id,
    '最美教师',
    'running',
  ]);
  await t.database.query('INSERT INTO vote_activities (public_id, owner_id, title, is_template) VALUES ($1, $2, $3, true)', ['tEmPlAtE123', owner!.id, '模板']);
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the voting page entry', () => {
  it('/v/{voteId} is vote.html with the CSP, Referrer-Policy and nosniff of every HTML page', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/v/${VOTE_ID}?source=qr` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-page="vote"');
    expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("a vote's short link opens the voting page; a template's or any other id the respondent page", async () => {
    const vote = await t.app.inject({ method: 'GET', url: `/x/${VOTE_ID}` });
    expect(vote.statusCode).toBe(302);
    expect(vote.headers.location).toBe(`/v/${VOTE_ID}`);
    const other = await t.app.inject({ method: 'GET', url: '/x/AbCdEfGh12' });
    expect(other.headers.location).toBe('/s/AbCdEfGh12');
    const template = await t.app.inject({ method: 'GET', url: '/x/tEmPlAtE123' });
    expect(template.headers.location).toBe('/s/tEmPlAtE123');
    const bad = await t.app.inject({ method: 'GET', url: "/x/'%20OR%201=1" });
    expect(bad.json()).toMatchObject({ resultCode: '404' });
  });

  it('says the page is not built when vote.html is missing, in the envelope', async () => {
    const bare = await createTestApp({ clientDir: '/nonexistent' });
    try {
      const response = await bare.app.inject({ method: 'GET', url: `/v/${VOTE_ID}` });
      expect(response.json()).toMatchObject({ resultCode: '404', resultMsg: '投票页面尚未构建，请先运行 npm run build' });
    } finally {
      await bare.close();
    }
  });
});
