import { expect, type Page } from '@playwright/test';
import { violationsOf } from './axe-check';
import { DESKTOP, PHONE } from './respond-support';

/**
 * A journey's screenshots of a screen, desktop then a 390 px phone (saved under `dir` to be looked at), asserting on
 * the way that the phone layout has no horizontal overflow and, with `axe`, that the screen has no axe violations.
 */
export function shooter(dir: string, options: { axe?: boolean } = {}) {
  return async (page: Page, name: string): Promise<void> => {
    if (options.axe) expect(await violationsOf(page), `${name}: axe`).toEqual([]);
    await page.screenshot({ path: `${dir}/desktop-${name}.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name}: horizontal overflow at 390px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${dir}/phone-${name}.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
  };
}
