import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { laneOrigin } from './support';
import ExcelJS from 'exceljs';

/** Set VOTE_SHOTS=<dir> to save desktop (1440×900) and phone (390×844) screenshots of the creator screens. */
const SHOTS = process.env.VOTE_SHOTS;

const origin = () => laneOrigin('toupiao.localhost');

/** The API from Node (which does not resolve *.localhost): the default host; the page runs on the 投票通 host. */
async function api<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const answer = await (await request.post(`/api/${path}`, { data, headers: token ? { token } : {} })).json();
  if (answer.resultCode !== '200') throw new Error(`${path}: ${answer.resultCode} ${answer.resultMsg}`);
  return answer.data as T;
}

/** Two players in an .xlsx made here, with the header row the import reads. */
async function playersXlsx(): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('选手');
  sheet.addRow(['名称', '介绍', '分组']);
  sheet.addRow(['Excel选手甲', '来自表格的第一位选手', '']);
  sheet.addRow(['Excel选手乙', '来自表格的第二位选手', '']);
  const file = join(mkdtempSync(join(tmpdir(), 'vote-xlsx-')), '选手名单.xlsx');
  writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
  return file;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/desktop-${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/phone-${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Page model of the vote creator screens. */
const I = (page: Page) => ({
  row: (voteId: string) => page.locator(`li[data-vote-id="${voteId}"]`),
  async seeToast(text: string | RegExp) {
    await expect(page.getByText(text).first()).toBeVisible();
  },
  async confirm(button: string) {
    await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
  },
});

test('a vote from a template on the 投票通 host: players pasted and from Excel, published, suspended, copied, binned, restored, cleared', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { token } = await api<{ token: string }>(request, 'activity/user/userNameLogin', { userName: '13800138000', password: 'demo1234' });
  await context.addCookies([{ name: 'token', value: token, url: origin() }]);
  const me = I(page);

  await page.goto(`${origin()}/voting/templateLibrary.html`);
  await expect(page).toHaveTitle(/投票通/);
  const template = page.locator('li', { has: page.getByRole('button', { name: '使用此模板' }) }).first();
  const templateTitle = (await template.getByRole('heading').textContent())!;
  await shot(page, 'templates');
  await template.getByRole('button', { name: '使用此模板' }).click();
  await expect(page).toHaveURL(/\/voting\/add\.html\?voteId=[\w-]+$/);
  const voteId = new URL(page.url()).searchParams.get('voteId')!;
  await expect(page.getByLabel('投票标题')).toHaveValue(templateTitle);
  await shot(page, 'editor-basic');

  // Players: twelve pasted names, then two from an Excel file.
  await page.getByRole('button', { name: /选手管理/ }).click();
  const before = (await api<{ total: number }>(request, 'activity/player/getPlayerList', { voteId, pageSize: 1 }, token)).total;
  await page.getByRole('button', { name: '按名称批量添加' }).click();
  const names = Array.from({ length: 12 }, (_, i) => `粘贴选手${i + 1}`);
  await page.getByLabel('选手名称（每行一个）').fill(names.join('\n'));
  await page.getByRole('button', { name: '添加 12 位选手' }).click();
  await me.seeToast(/已添加 12 位选手/);
  await page.getByRole('button', { name: 'Excel 导入' }).click();
  await page.getByLabel('Excel 文件').setInputFiles(await playersXlsx());
  await page.getByRole('button', { name: '开始导入' }).click();
  await me.seeToast(/已添加 2 位选手/);
  const players = await api<{ total: number; list: Array<{ no: number; name: string }> }>(
    request,
    'activity/player/getPlayerList',
    { voteId, pageSize: 100, sort: 'no' },
    token,
  );
  expect(players.total).toBe(before + 14);
  const added = players.list.slice(-14);
  expect(added.map((each) => each.name)).toEqual([...names, 'Excel选手甲', 'Excel选手乙']);
  expect(added.map((each) => each.no)).toEqual(Array.from({ length: 14 }, (_, i) => before + i + 1));
  await page.getByPlaceholder('搜索名称或编号').fill('Excel选手');
  await expect(page.getByRole('cell', { name: 'Excel选手乙', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: String(before + 14), exact: true })).toBeVisible();
  await page.getByPlaceholder('搜索名称或编号').fill('');
  await shot(page, 'editor-players');

  await page.getByRole('button', { name: /投票规则/ }).click();
  await shot(page, 'editor-rules');

  // Publish: the link and QR code of the voting page.
  await page.getByRole('button', { name: /发布与分享/ }).click();
  await page.getByRole('button', { name: '发布投票' }).click();
  await me.seeToast('已发布，投票开始');
  await expect(page.getByTestId('vote-link')).toHaveValue(/^https?:\/\//);
  await expect(page.getByRole('img', { name: '投票二维码' })).toBeVisible();
  await shot(page, 'editor-publish');

  // The list: suspend, copy, bin, restore, clear.
  await page.goto(`${origin()}/voting/list.html`);
  const row = me.row(voteId);
  await expect(row).toContainText('进行中');
  await row.getByRole('button', { name: '暂停' }).click();
  await me.seeToast(/已暂停/);
  await expect(row).toContainText('已暂停');
  expect((await api<{ status: string }>(request, 'activity/vote/getVote', { voteId }, token)).status).toBe('suspended');
  await shot(page, 'list');

  const listed = (await api<{ total: number }>(request, 'activity/vote/getVoteList', { pageSize: 1 }, token)).total;
  await row.getByRole('button', { name: '复制' }).click();
  await me.seeToast(/已复制/);
  await expect.poll(async () => (await api<{ total: number }>(request, 'activity/vote/getVoteList', { pageSize: 1 }, token)).total).toBe(listed + 1);

  await row.getByRole('button', { name: '删除' }).click();
  await me.confirm('移入回收站');
  await me.seeToast(/已移入回收站/);
  await expect(row).toHaveCount(0);

  await page.goto(`${origin()}/voting/delete.html`);
  const binned = me.row(voteId);
  await expect(binned).toBeVisible();
  await shot(page, 'bin');
  await binned.getByRole('button', { name: '恢复' }).click();
  await me.seeToast('已恢复到投票列表');
  await expect(binned).toHaveCount(0);

  await page.goto(`${origin()}/voting/list.html`);
  await me.row(voteId).getByRole('button', { name: '清空票数' }).click();
  await me.confirm('清空');
  await me.seeToast('已清空全部投票数据');
  expect((await api<{ voteCount: number }>(request, 'activity/vote/getVote', { voteId }, token)).voteCount).toBe(0);

  await page.goto(`${origin()}/voting/result.html?voteId=${voteId}`);
  await expect(page.getByRole('region', { name: '选手排行' })).toContainText('Excel选手乙');
  await shot(page, 'result');
});
