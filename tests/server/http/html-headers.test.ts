import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/client';
import { openTestDatabase } from '../../helpers/test-db';

// Issue 16 item 9: /index.html and /respond.html went out as static files without the Content-Security-Policy
// the SPA fallback had, and no HTML page said Referrer-Policy or nosniff. Every way an HTML page is reached now
// carries all three; the CSP keeps images to this site, so a remote image cannot act as a tracking beacon.
let database: Database;
let clientDir: string;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-html-headers-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>问卷通</title><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'respond.html'), '<!doctype html><title>答题</title><div id="app"></div>');
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  app = await buildApp({ database, clientDir });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('HTML responses', () => {
  it.each(['/index.html', '/respond.html', '/', '/questionnaire/list.html', '/s/AbCdEfGh12', '/login?redirect=%2Fx'])(
    '%s carries CSP, Referrer-Policy and nosniff',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('hashed assets stay cacheable for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
