import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { closeOtherContextsAfterEach } from './contexts';
import { PHONE, SHOTS, loginCreator, options, publish, subject, useToken } from './respond-support';

mkdirSync(SHOTS, { recursive: true });
closeOtherContextsAfterEach();

/** A receiver on 127.0.0.1 (the lane servers allow it: WEBHOOK_ALLOW_HOSTS) that answers 200 and keeps what came. */
async function receiver() {
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      got.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise((r) => server.close(r)) };
}

test('数据推送: add a webhook, 发送测试, see it delivered in the log and its detail', async ({ browser, request, baseURL }) => {
  const hook = await receiver();
  const token = await loginCreator(request);
  const questionId = await publish(request, token, {
    title: '客户回访',
    questionType: 1,
    subjects: [subject(1, { title: '满意度', options: options('满意', '一般') })],
  });

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await useToken(page, token, baseURL!);
  await page.goto(`/questionnaire/webhook.html?questionId=${questionId}`);
  await expect(page.getByText('还没有推送地址')).toBeVisible();
  await expect(page.getByRole('heading', { name: '如何校验签名' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-webhooks-empty.png`, fullPage: true });

  await page.getByRole('button', { name: '添加推送地址' }).click();
  const dialog = page.getByRole('dialog', { name: '添加推送地址' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('请填写推送地址')).toBeVisible();
  await dialog.getByPlaceholder('https://example.com/webhooks/wenjuan').fill(hook.url);
  await expect(dialog.getByRole('checkbox', { name: /收到答卷/ })).toBeChecked();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('webhook-card');
  await expect(card.getByText(hook.url)).toBeVisible();
  await expect(card.getByText('收到答卷')).toBeVisible();
  await card.getByRole('button', { name: '显示密钥' }).click();
  await expect(card.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
  await card.getByRole('button', { name: '发送测试' }).click();

  // The runner (server/jobs/webhook-runner.ts) takes the queued delivery within seconds; the log polls while one waits.
  const row = page.getByTestId('delivery-row').first();
  await expect(row.getByText('测试推送')).toBeVisible();
  await expect(row.getByText('成功')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('cell', { name: '200' })).toBeVisible();
  expect(hook.got).toHaveLength(1);
  expect(hook.got[0]!.headers['wenjuan-event']).toBe('ping');
  expect(hook.got[0]!.headers['wenjuan-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(JSON.parse(hook.got[0]!.body)).toMatchObject({ type: 'ping', project: { questionId } });
  await page.screenshot({ path: `${SHOTS}/desktop-webhooks.png`, fullPage: true });

  await row.getByRole('button', { name: '查看' }).click();
  const detail = page.getByTestId('delivery-detail');
  await expect(detail.getByText('"type": "ping"')).toBeVisible();
  await expect(detail.getByText('第 1 次')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-webhook-detail.png` });
  await detail.getByRole('button', { name: '重新推送' }).click();
  await expect(page.getByTestId('delivery-row')).toHaveCount(2);
  await expect(page.getByTestId('delivery-row').first().getByText('（重新推送）')).toBeVisible();

  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const small = await phone.newPage();
  await useToken(small, token, baseURL!);
  await small.goto(`/questionnaire/webhook.html?questionId=${questionId}`);
  await expect(small.getByTestId('webhook-card')).toBeVisible();
  await expect(small.getByTestId('delivery-row').first()).toBeVisible();
  await small.screenshot({ path: `${SHOTS}/phone-webhooks.png`, fullPage: true });
  await hook.close();
});
