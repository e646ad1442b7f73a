// The editor with an 800-subject project in Chromium: time to interactive, and how long moving the first
// subject to the bottom (a real mouse drag, dropped just below the last card) takes to reach the screen. Also
// the machine-side cost of that move (the immer recipe) without a browser. A project this long is shown in a
// window of cards (src/features/editor/subject/subject-list.tsx), so "interactive" means loaded, the first
// cards on screen and the palette ready, not 800 cards in the page.
// Run: npx vite build && node --import tsx bench/editor.ts   (BASE=http://host:port to use a running server
// whose demo user may hold 800 subjects; otherwise a server is started here on an in-memory database, serving
// the client from CLIENT_DIR when set: CLIENT_DIR=/tmp/x npx vite build && CLIENT_DIR=/tmp/x node …).
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { applyEdit } from '../machines/editor/editor.operations';
import type { TEditorDocument } from '../machines/editor/editor.types';
import { emptyLogic } from '../schemas/logic/ast';
import { createSubject, type TSubject } from '../schemas/subjects/registry';
import { buildApp } from '../server/app';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { DEMO_PHONE, seedDemoData } from '../server/seed/seed';

const SUBJECTS = 800;
const RUNS = Number(process.env.RUNS ?? 3);

function buildSubjects(): TSubject[] {
  const types = [1, 2, 6, 19, 3, 11, 7, 23, 16, 21] as const;
  return Array.from({ length: SUBJECTS }, (_, i) => {
    let n = 0;
    const s = createSubject(types[i % types.length]!, { uuid: `b${i}`, indexSort: i + 1, newId: () => `b${i}-${n++}` });
    s.title = `第${i + 1}个题目：您对我们的服务是否满意？`;
    return s;
  });
}

async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  if (process.env.BASE) return { base: process.env.BASE, stop: async () => {} };
  const database = await openDatabase({});
  await migrateDatabase(database);
  await seedDemoData(database);
  // Enterprise level: 800 questions per project (spec §9).
  await database.query('UPDATE users SET member_level = 4 WHERE phone = $1', [DEMO_PHONE]);
  // CLIENT_DIR: a private client build (parallel builds must not share dist/client); PORT: a fixed port.
  const app = await buildApp({ database, env: { NODE_ENV: 'test' }, ...(process.env.CLIENT_DIR ? { clientDir: path.resolve(process.env.CLIENT_DIR) } : {}) });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { base: `http://localhost:${port}`, stop: async () => (await app.close(), await database.close()) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  // Machine side: the move as the machine's assign runs it.
  const doc: TEditorDocument = { title: 'bench', subtitle: '', subjects: buildSubjects(), logic: emptyLogic() };
  const recipe: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    applyEdit(doc, { type: 'subject.move', id: 'b0', after: `b${SUBJECTS - 1}` });
    recipe.push(performance.now() - t);
  }

  const server = await startServer();
  const call = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${server.base}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { resultCode: string; resultMsg: string; data: Record<string, unknown> };
    if (envelope.resultCode !== '200') throw new Error(`${path}: ${envelope.resultMsg}`);
    return envelope.data;
  };
  const token = String((await call('activity/user/userNameLogin', { userName: DEMO_PHONE, password: 'demo1234' })).token);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const interactive: number[] = [];
  const commits: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const created = await call(
        'activity/question/saveOrUpdateWxQuestion',
        { questionType: 1, title: `800题压测 ${run + 1}`, subjects: buildSubjects() },
        token,
      );
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addCookies([{ name: 'token', value: token, url: server.base }]);
      const page = await context.newPage();
      await page.goto(`${server.base}/questionnaire/edit/subject.html?questionId=${created.questionId}`, { waitUntil: 'commit' });
      // Interactive: the document is loaded, the canvas shows its first cards (a long survey mounts only the
      // cards near the viewport) and the palette answers.
      const tti = await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="subject-card"][data-uuid="b0"]') !== null &&
          document.querySelector('[data-save-status="saved"]') !== null &&
          document.querySelector('button[aria-label="添加单选"]') !== null &&
          performance.now(),
        undefined,
        { timeout: 120_000, polling: 'raf' },
      );
      interactive.push(Number(await tti.jsonValue()));
      const mounted = await page.evaluate(() => document.querySelectorAll('[data-testid="subject-card"]').length);
      console.log(`  run ${run + 1}: interactive after ${interactive.at(-1)!.toFixed(0)} ms (${mounted} of ${SUBJECTS} cards mounted)`);

      // Drag the first card's handle, scroll the canvas to the end while dragging, drop on the last card.
      // A string, not a function: tsx would add its __name helper, which the page does not have.
      await page.evaluate(`void (window.__moved = new Promise((resolve) => {
        document.addEventListener('mouseup', () => {
          const start = performance.now();
          const poll = () => {
            const cards = document.querySelectorAll('[data-testid="subject-card"]');
            if (cards[cards.length - 1]?.getAttribute('data-uuid') === 'b0') requestAnimationFrame(() => resolve(performance.now() - start));
            else requestAnimationFrame(poll);
          };
          poll();
        }, { capture: true, once: true });
      }))`);
      const handle = page.getByRole('button', { name: '拖动第1题', exact: true });
      await page.getByTestId('subject-card').first().hover();
      const box = (await handle.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y + 30, { steps: 5 });
      await page.evaluate(() => {
        const main = document.querySelector('main')!;
        main.scrollTop = main.scrollHeight;
      });
      await page.waitForTimeout(300);
      // Just below the last card: its slot is the nearest, so the subject goes after it.
      const last = (await page.getByTestId('subject-card').last().boundingBox())!;
      await page.mouse.move(last.x + last.width / 2, last.y + last.height + 12, { steps: 8 });
      await page.waitForTimeout(200);
      if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT });
      await page.mouse.up();
      const moved = page.evaluate('window.__moved') as Promise<number>;
      commits.push(
        await Promise.race([moved, new Promise<number>((_, reject) => setTimeout(() => reject(new Error('the drag did not move the subject')), 30_000))]),
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  console.log(`editor with ${SUBJECTS} subjects, ${RUNS} runs (Chromium, 1440×900)`);
  console.log(
    `  time to interactive (navigation → loaded, first cards, palette):     median ${median(interactive).toFixed(0)} ms  [${interactive.map((x) => x.toFixed(0)).join(', ')}]`,
  );
  console.log(
    `  reorder top → bottom by mouse drag, mouseup → moved card on screen:   median ${median(commits).toFixed(0)} ms  [${commits.map((x) => x.toFixed(0)).join(', ')}]`,
  );
  console.log(`  the move in the machine (immer recipe, ${SUBJECTS} subjects):              median ${median(recipe).toFixed(2)} ms`);
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
