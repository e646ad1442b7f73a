import { expect, test } from '@playwright/test';

// The API reference at /api/docs renders the OpenAPI document with files this server serves (no CDN): an
// operation opens with its request body and its answer, whose schemas sit once in components (shared by $ref).
test('the API reference lists the calls and opens one with its request and answer', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname !== 'localhost') outside.push(request.url());
  });
  await page.goto('/api/docs');
  // Tags start folded (docExpansion none), so the page renders fast; open the user calls' tag.
  await page.locator('.opblock-tag[data-tag="activity/user"]').click({ timeout: 60_000 });
  const login = page.locator('.opblock').filter({ has: page.locator('[data-path="/api/activity/user/login"]') });
  await expect(login).toBeVisible({ timeout: 30_000 });
  await login.locator('.opblock-summary-control').click();
  const body = login.locator('.opblock-body');
  await expect(body).toContainText('"phone"');
  await expect(body).toContainText('"userInfo"');
  await expect(body).toContainText('登录成功');
  expect(outside).toEqual([]);
});
