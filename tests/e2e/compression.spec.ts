import { expect, test } from '@playwright/test';

// Issue 17.10a on the real build: the respondent page's bundle and the creator app's go out compressed
// (precompressed brotli at build time) and hashed assets are cached for a year.
const scriptOf = (html: string) => html.match(/<script[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1];

test('the respondent bundle is sent as brotli to a browser that accepts br and gzip', async ({ request }) => {
  const page = await request.get('/s/AbCdEfGh12', { headers: { 'accept-encoding': 'br, gzip' } });
  const src = scriptOf(await page.text());
  expect(src).toMatch(/\/assets\/respond-[\w-]+\.js$/);
  const plain = await request.get(src!, { headers: { 'accept-encoding': 'identity' } });
  const compressed = await request.fetch(src!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(compressed.headers()['content-encoding']).toBe('br');
  expect(compressed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // Playwright decodes the body; the wire size is what the server says it sent.
  const wireBytes = Number(compressed.headers()['content-length']);
  const plainBytes = (await plain.body()).length;
  expect(wireBytes).toBeLessThan(plainBytes / 2.5);
  expect((await compressed.body()).equals(await plain.body())).toBe(true);
});

test('the creator app and its HTML are compressed too', async ({ request }) => {
  const home = await request.get('/', { headers: { 'accept-encoding': 'gzip' } });
  expect(home.headers()['content-encoding']).toBe('gzip');
  const src = scriptOf(await home.text());
  expect(src).toMatch(/\/assets\/index-[\w-]+\.js$/);
  const bundle = await request.get(src!, { headers: { 'accept-encoding': 'gzip, br' } });
  expect(bundle.headers()['content-encoding']).toBe('br');
  expect(bundle.headers()['cache-control']).toContain('immutable');
});

test('a page in the browser loads its compressed bundle and renders', async ({ page }) => {
  const encodings: string[] = [];
  page.on('response', (response) => {
    if (/\/assets\/respond-.*\.js$/.test(response.url())) encodings.push(response.headers()['content-encoding'] ?? 'none');
  });
  await page.goto('/s/AbCdEfGh12');
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(encodings).toEqual(['br']);
});
