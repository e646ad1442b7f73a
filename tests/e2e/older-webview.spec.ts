import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Respondent, loginCreator, options, publish, subject } from './respond-support';

/**
 * The respondent page is built for package.json's "browserslist" (iOS 14+ WebViews). esbuild lowers syntax for
 * it but never APIs, so the compat lint keeps newer APIs out of the phone files; these tests check the result.
 */
const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
/** APIs iOS 14 (and Safari before 15.4) lacks; randomUUID is also missing outside HTTPS. */
const NEWER_APIS = [/Object\.hasOwn\(/, /randomUUID/, /structuredClone/];

for (const html of ['respond.html', 'vote.html']) {
  test(`the built ${html} bundle calls none of the APIs an iOS 14 WebView lacks`, () => {
    // The scripts the page loads (an older build's files may still sit in assets/).
    const scripts = [...readFileSync(path.join(clientDir, html), 'utf8').matchAll(/src="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const code = readFileSync(path.join(clientDir, file), 'utf8');
      for (const api of NEWER_APIS) expect(api.test(code), `${file} uses ${api.source}`).toBe(false);
    }
  });
}

test.describe('on a WebView without Object.hasOwn, crypto.randomUUID and structuredClone', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

  test('a respondent answers matrix and multi-blank subjects and submits', async ({ page, request }) => {
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      delete (Object as unknown as Record<string, unknown>).hasOwn;
      delete (Crypto.prototype as unknown as Record<string, unknown>).randomUUID;
      delete w.structuredClone;
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    const token = await loginCreator(request);
    const columns = options('满意', '一般', '不满意');
    const questionId = await publish(request, token, {
      title: '旧版微信浏览器兼容调查',
      questionType: 1,
      subjects: [
        subject(11, { title: '请评价以下服务', rows: options('配送', '售后'), columns }),
        subject(12, { title: '您在哪些时段使用', rows: options('工作日', '周末'), columns: options('上午', '下午') }),
        subject(10, { title: '联系人信息' }),
      ],
    });

    await page.goto(`/s/${questionId}`);
    expect(await page.evaluate(() => [typeof Object.hasOwn, typeof crypto.randomUUID, typeof window.structuredClone])).toEqual([
      'undefined',
      'undefined',
      'undefined',
    ]);
    const me = Respondent(page);
    for (const name of [/请评价以下服务/, /您在哪些时段使用/]) {
      const rows = me.subject(name).getByRole('row');
      for (const k of [1, 2]) {
        await rows.nth(k).locator('label').first().click();
        await expect(rows.nth(k).locator('input').first()).toBeChecked();
      }
    }
    const blanks = me.subject(/联系人信息/).getByRole('textbox');
    const count = await blanks.count();
    expect(count).toBeGreaterThan(0);
    for (let k = 0; k < count; k++) await blanks.nth(k).fill(`填写${k + 1}`);
    await me.submit();
    await expect(page.getByRole('heading', { name: '提交成功' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
