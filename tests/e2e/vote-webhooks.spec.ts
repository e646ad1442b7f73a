import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { closeOtherContextsAfterEach } from './contexts';
import { loginCreator, useToken } from './respond-support';
import { PHONE, SHOTS, call, publishVote } from './vote-page-support';

mkdirSync(SHOTS, { recursive: true });
closeOtherContextsAfterEach();

/** A receiver on 127.0.0.1 (the lane servers allow it: WEBHOOK_ALLOW_HOSTS) that answers 200 and keeps the bodies. */
async function receiver() {
  const got: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      got.push(body);
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise((r) => server.close(r)) };
}

test("a vote's 数据推送: from the result page, 新投票 only, a ballot reaches the receiver", async ({ browser, request, baseURL }) => {
  const hook = await receiver();
  const token = await loginCreator(request);
  const voteId = await publishVote(request, token, { title: '最美社区志愿者', names: ['林小雨', '周子轩'] });

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await useToken(page, token, baseURL!);
  await page.goto(`/voting/result.html?voteId=${voteId}`);
  await page.getByRole('link', { name: '数据推送' }).click();
  await expect(page).toHaveURL(/\/questionnaire\/webhook\.html\?voteId=/);
  await expect(page.getByRole('heading', { name: /数据推送 · 最美社区志愿者/ })).toBeVisible();
  await expect(page.getByText('还没有推送地址')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/desktop-vote-webhooks-empty.png`, fullPage: true });

  await page.getByRole('button', { name: '添加推送地址' }).click();
  const dialog = page.getByRole('dialog', { name: '添加推送地址' });
  await expect(dialog.getByRole('checkbox', { name: /新投票/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /收到答卷/ })).toHaveCount(0);
  await dialog.getByPlaceholder('https://example.com/webhooks/wenjuan').fill(hook.url);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('webhook-card').getByText('新投票')).toBeVisible();

  // A ballot through the public call the voting page makes.
  const players = await call<{ list: { playerId: string; name: string }[] }>(
    request,
    'activity/player/getPlayerList',
    { voteId, page: 1, pageSize: 10 },
    token,
  );
  const lin = players.list.find((p) => p.name === '林小雨')!;
  await call(request, 'activity/vote/getVotePraise', { voteId, playerIds: [lin.playerId], ballotId: `e2e-ballot-${Date.now()}`, deviceId: 'e2e-voter-device' });
  await expect.poll(() => hook.got.length, { timeout: 30_000 }).toBe(1);
  expect(JSON.parse(hook.got[0]!)).toMatchObject({
    type: 'ballot.cast',
    vote: { voteId, title: '最美社区志愿者' },
    data: { votes: 1, players: [{ name: '林小雨' }] },
  });
  await page.reload();
  await expect(page.getByTestId('delivery-row').first().getByText('成功')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/desktop-vote-webhooks.png`, fullPage: true });

  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const small = await phone.newPage();
  await useToken(small, token, baseURL!);
  await small.goto(`/questionnaire/webhook.html?voteId=${voteId}`);
  await expect(small.getByTestId('webhook-card')).toBeVisible();
  await small.screenshot({ path: `${SHOTS}/phone-vote-webhooks.png`, fullPage: true });
  await hook.close();
});
