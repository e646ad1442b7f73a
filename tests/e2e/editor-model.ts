import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { codeFor, newPhone } from './support';

/** Calls the API as a user, returning the envelope. */
export async function apiCall(request: APIRequestContext, path: string, data: unknown, token?: string) {
  const response = await request.post(`/api/${path}`, { data, headers: token ? { token } : {} });
  return (await response.json()) as { resultCode: string; resultMsg: string; data: never };
}

export async function demoToken(request: APIRequestContext): Promise<string> {
  const answer = await apiCall(request, 'activity/user/userNameLogin', { userName: '13800138000', password: 'demo1234' });
  expect(answer.resultCode).toBe('200');
  return (answer.data as { token: string }).token;
}

/** A new user registered by SMS through the development outbox. */
export async function registerBySms(request: APIRequestContext): Promise<string> {
  const phone = newPhone();
  expect((await apiCall(request, 'activity/user/sendSms', { phone, type: 'register', appletSource: 1 })).resultCode).toBe('200');
  const answer = await apiCall(request, 'activity/user/register', { phone, code: await codeFor(request, phone), password: 'abc12345' });
  expect(answer.resultCode).toBe('200');
  return (answer.data as { token: string }).token;
}

export async function createProject(request: APIRequestContext, token: string, title: string, questionType = 1): Promise<string> {
  const answer = await apiCall(request, 'activity/question/saveOrUpdateWxQuestion', { questionType, title }, token);
  expect(answer.resultCode).toBe('200');
  return (answer.data as { questionId: string }).questionId;
}

export async function signIn(context: BrowserContext, baseURL: string, token: string) {
  await context.addCookies([{ name: 'token', value: token, url: baseURL }]);
}

/** Page model of the editor (style.md: journeys through small helpers). */
export const Editor = (page: Page) => {
  const anyLive = page.locator('[id^="DndLiveRegion"]').first();
  const cards = page.getByTestId('subject-card');
  return {
    cards,
    async open(questionId: string, name = 'subject') {
      await page.goto(`/questionnaire/edit/${name}.html?questionId=${questionId}`);
      await expect(page.locator('[data-save-status]')).not.toHaveAttribute('data-save-status', 'loading');
    },
    /** Drags a type from the palette with the mouse, onto the end of the canvas (or before a card). */
    async dragType(name: string, target = page.getByTestId('canvas-end')) {
      const source = page.getByRole('button', { name: `添加${name}`, exact: true });
      await source.scrollIntoViewIfNeeded();
      const from = (await source.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 + 24, from.y + from.height / 2 + 6, { steps: 4 });
      await target.scrollIntoViewIfNeeded();
      const to = (await target.boundingBox())!;
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
      await page.mouse.up();
    },
    async typesInOrder(): Promise<string[]> {
      return cards.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.type!));
    },
    /** dnd-kit keyboard reorder: space, arrows, space, waiting for the drag to be ready and each announcement (stack.md gotcha 8). */
    async moveByKeyboard(label: string, steps: number) {
      const handle = page.getByRole('button', { name: `拖动${label}`, exact: true });
      // The canvas's own live region (a selected card's option list has another): same number as the
      // handle's instructions.
      const describedBy = (await handle.getAttribute('aria-describedby')) ?? '';
      const live = describedBy.startsWith('DndDescribedBy-') ? page.locator(`#${describedBy.replace('DndDescribedBy-', 'DndLiveRegion-')}`) : anyLive;
      // Arrow keys count only once the sensor listens and the rects are measured (DragReadyMark): wait for
      // that, not for time — a busy machine lost the first ArrowDown otherwise.
      const ready = page.getByTestId('canvas-drag-ready');
      await handle.focus();
      await page.keyboard.press('Space');
      await expect(live).toContainText('已拿起');
      for (let i = 0; i < Math.abs(steps); i++) {
        await expect(ready).toHaveAttribute('data-ready', 'true');
        const before = await live.textContent();
        await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
        await expect(live).not.toHaveText(before ?? '');
        await expect(live).toContainText('移到了');
      }
      await page.keyboard.press('Space');
      await expect(live).toContainText('已放到');
    },
    async waitSaved() {
      await expect(page.locator('[data-save-status]')).toHaveAttribute('data-save-status', 'saved', { timeout: 15_000 });
    },
    publishButton: () => page.getByRole('button', { name: '发布', exact: true }),
    sentences: () => page.getByTestId('logic-sentence'),
    async addRule(button: string, fill: () => Promise<void>) {
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await fill();
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect(dialog).toBeHidden();
    },
    /** Picks the option of a select whose text starts with `prefix` (subjects are listed as "第3题：…"). */
    async choose(selectLabel: string, prefix: string) {
      const select = page.getByRole('dialog').getByLabel(selectLabel, { exact: true }).first();
      const value = await select.evaluate((el, p) => [...(el as HTMLSelectElement).options].find((o) => o.text.startsWith(p))?.value ?? '', prefix);
      expect(value, `${selectLabel}: ${prefix}`).not.toBe('');
      await select.selectOption(value);
    },
  };
};
