import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/client';
import { acceptedEncodings } from '../../../server/plugins/client-app';
import { precompress } from '../../../scripts/precompress';
import { openTestDatabase } from '../../helpers/test-db';

// Issue 17.10a: the respondent bundle (80 KB gzip) went out as 249 KB because nothing was compressed. The build
// now writes .br/.gz copies and the server sends the one the browser accepts; hashed assets stay immutable.
const bundle = `export const subjects = [${Array.from({ length: 400 }, (_, i) => `{"id":${i},"title":"第${i}题 您对本次服务满意吗"}`).join(',')}];\n`;
const html = `<!doctype html><html lang="zh-CN"><head><title>答题</title>${'<meta name="x" content="respondent page">'.repeat(40)}</head><body><div id="app"></div><script type="module" src="/assets/respond-AbC123.js"></script></body></html>`;
let database: Database;
let clientDir: string;
let app: FastifyInstance;
beforeAll(async () => {
  database = await openTestDatabase();
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-compression-'));
  writeFileSync(path.join(clientDir, 'index.html'), html.replace('respond-AbC123', 'index-Xyz789'));
  writeFileSync(path.join(clientDir, 'respond.html'), html);
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'respond-AbC123.js'), bundle);
  writeFileSync(path.join(clientDir, 'assets', 'tiny-1.js'), 'console.log(1)');
  writeFileSync(path.join(clientDir, 'logo.png'), Buffer.alloc(4096, 7));
  precompress(clientDir);
  app = await buildApp({ database, clientDir });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('precompress', () => {
  it('writes br and gz beside text files of 1 KB and more, not beside tiny or binary ones', () => {
    expect(readdirSync(path.join(clientDir, 'assets')).sort()).toEqual(['respond-AbC123.js', 'respond-AbC123.js.br', 'respond-AbC123.js.gz', 'tiny-1.js']);
    expect(readdirSync(clientDir)).not.toContain('logo.png.br');
  });
});

describe('compressed serving', () => {
  it('sends the respondent bundle as brotli to a browser that accepts br and gzip', async () => {
    const response = await get('/assets/respond-AbC123.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers['content-type'])).toMatch(/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(bundle.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(bundle);
  });

  it('sends gzip when only gzip is accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/respond-AbC123.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle);
    const plain = await get('/assets/respond-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/s/AbCdEfGh12', '/questionnaire/list.html', '/respond.html'])('compresses the HTML page %s and keeps its headers', async (url) => {
    const response = await get(url, 'gzip, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="app">');
  });

  it('honours q=0', async () => {
    const response = await get('/s/AbCdEfGh12', 'br;q=0, gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(acceptedEncodings('br;q=0, gzip;q=0.5, *')).toEqual(new Set(['gzip']));
  });
});
