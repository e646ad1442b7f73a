import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** axe (WCAG 2 A and AA) on the page as it stands: one line per violation (the axe sweep and the journeys use it). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface TViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe is given to the page once, as a script every document of the top frame runs before its own (frames are left
 * as they were: axe is not put into them): sending the 560 kB source with each page took ~0.26 s of each of the
 * sweep's ~170 pages, and compiling it afresh another ~0.1 s. A journey that does not call it gets axe at its check.
 */
export async function withAxe(page: Page): Promise<void> {
  await page.addInitScript({ content: `if (window === window.top) {\n${AXE}\n}` });
}

export async function violationsOf(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async () => {
    // A toast or dialog still fading in blends its text with the background: axe then measures a contrast nobody
    // reads (a toast at 1.69:1 mid-fade failed a journey under load). Finite animations end first (2 s at most).
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2_000))]);
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: TViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
    return result.violations;
  });
  return found.map(
    (v) =>
      `${v.id} ×${v.nodes.length}: ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n').slice(1, 2).join('').trim()})` : ''}`)
        .join(' | ')}`,
  );
}
