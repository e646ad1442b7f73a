import { test } from '@playwright/test';

/**
 * A lane's browser lives for the whole lane: contexts a journey opens with browser.newContext() stay open (their
 * pages, timers and live streams running) until it closes them. Forty journeys in, 34 leftover pages slowed a
 * full-page screenshot past the test's minute. Each journey file calling this closes, after each test, every context
 * but the test's own (Playwright closes that one, after taking its failure screenshot).
 */
export function closeOtherContextsAfterEach(): void {
  test.afterEach(async ({ browser, context }) => {
    await Promise.all(
      browser
        .contexts()
        .filter((c) => c !== context)
        .map((c) => c.close().catch(() => undefined)),
    );
  });
}
