import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

/** Page model of the flow simulator (/dev/flows). */
const flows = (page: Page) => {
  const history = page.getByRole('region', { name: /^历史/ });
  const player = page.getByRole('region', { name: '路径重放' });
  return {
    async open(machine: string) {
      await page.goto('/dev/flows');
      await page
        .getByRole('navigation', { name: '状态机' })
        .getByRole('button', { name: new RegExp(`^${machine}\\b`) })
        .click();
      await expect(page.getByRole('heading', { level: 2, name: machine, exact: true })).toBeVisible();
    },
    async send(type: string, sample = 0) {
      await page.getByRole('region', { name: '可发送的事件' }).getByRole('button', { name: type, exact: true }).nth(sample).click();
    },
    async choose(call: string, outcome: string) {
      await page
        .getByRole('group', { name: `${call} 的结果` })
        .getByRole('button', { name: outcome, exact: true })
        .click();
    },
    async seeState(state: string) {
      await expect(page.getByTestId('current-state')).toHaveText(state);
      await expect(page.locator(`[data-state-path="${state}"]`)).toHaveAttribute('data-active', 'true');
    },
    async undo() {
      await history.getByRole('button', { name: '撤销' }).click();
    },
    shortestPath(target: string) {
      return page
        .getByRole('list', { name: '最短路径' })
        .getByRole('listitem')
        .filter({ has: page.getByText(target, { exact: true }) });
    },
    player,
    async seePlayer(status: string | RegExp) {
      await expect(player.getByRole('status')).toHaveText(status);
    },
  };
};

test('simulate the creation machine: outcomes, undo, replay a path, export and import it', async ({ page }, testInfo) => {
  const I = flows(page);
  await I.open('creation');
  await expect(page.getByText('创建项目：检查今日创建数').first()).toBeVisible();
  await I.seeState('idle');

  // Start a blank creation, pass the count check, then the creation call answers "daily limit hit" (isCreate 0).
  await I.send('creation.start');
  await I.seeState('checking');
  await I.choose('checkCount', 'under the limits');
  await I.seeState('creating');
  await I.choose('create', 'daily limit hit');
  await I.seeState('dailyLimit');
  await expect(page.getByTestId('context')).toContainText('"memberLevel": 1');

  // Undo: the creation call is running again; this time it succeeds and the editor opens.
  await I.undo();
  await I.seeState('creating');
  await I.choose('create', 'success');
  await I.seeState('created');
  await expect(page.getByText('已结束', { exact: true })).toBeVisible();
  await expect(page.getByTestId('context')).toContainText('"questionId": "q_sample0001"');

  // Replay the listed shortest path to the editor state, step by step and then to its end.
  const path = I.shortestPath('created');
  await path.getByRole('button', { name: /^重放/ }).click();
  await I.seePlayer('第 0 / 3 步');
  await I.seeState('idle');
  await I.player.getByRole('button', { name: '下一步' }).click();
  await I.seePlayer('第 1 / 3 步');
  await I.seeState('checking');
  await I.player.getByRole('button', { name: '播放' }).click();
  await I.seePlayer('已到结尾（3 步）');
  await I.seeState('created');

  // Export it, then import the file back: it replays from the start again.
  const [download] = await Promise.all([page.waitForEvent('download'), path.getByRole('button', { name: /^下载/ }).click()]);
  const file = testInfo.outputPath('created.flow.json');
  await download.saveAs(file);
  const exported = JSON.parse(await readFile(file, 'utf8'));
  expect(exported).toMatchObject({
    kind: 'wenjuan.flow-path',
    machine: 'creation',
    steps: [{ event: { type: 'creation.start' } }, { actor: 'checkCount' }, { actor: 'create', outcome: 'success', state: 'created' }],
  });

  await page.getByRole('button', { name: '导入路径' }).click();
  await page.getByRole('dialog').getByLabel('选择路径文件').setInputFiles(file);
  await expect(page.getByRole('dialog')).toBeHidden();
  await I.seePlayer('第 0 / 3 步');
  await I.seeState('idle');
  await I.player.getByRole('button', { name: '到结尾' }).click();
  await I.seePlayer('已到结尾（3 步）');
  await I.seeState('created');

  // A path that no longer fits says at which step it broke.
  exported.steps.splice(1, 1);
  await page.getByRole('button', { name: '导入路径' }).click();
  await page.getByRole('dialog').getByLabel('路径 JSON').fill(JSON.stringify(exported));
  await page.getByRole('dialog').getByRole('button', { name: '导入并重放' }).click();
  await I.player.getByRole('button', { name: '到结尾' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '第2步' })).toHaveText('第2步：调用 create 在状态 checking 下没有运行');
  await I.seePlayer('停在第 2 步');
  await I.seeState('checking');
});
