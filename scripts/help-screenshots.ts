/**
 * `node --import tsx scripts/help-screenshots.ts`: the help centre's screenshots (issue 48 item 1), taken from the
 * running app with the demo data, one per shot of scripts/help-shots/shots.ts, written to public/help/<id>.png
 * (commit them). It fails when an element a shot names is not on its screen: the guide describing it is out of date.
 * - HELP_SHOTS_URL=http://localhost:8080: a server already running with the demo seed (a development start).
 * - Unset: the script starts one itself on a fresh data directory (run `npm run build` first) and stops it after.
 * `node --import tsx scripts/help-screenshots.ts editor-logic release-share` takes only the shots named.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { brandOrigin, demoToken, launchChromium, logIn, root, serverAt } from './app-server';
import { HELP_SHOTS } from './help-shots/shots';
import { demoProjects, takeShot } from './help-shots/take';

const OUT = path.join(root, 'public', 'help');
/** Each image stays under this size (the palette keeps a screen at 20–60 KB). */
export const SHOT_MAX_BYTES = 80 * 1024;

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const shots = only.length ? HELP_SHOTS.filter((shot) => only.includes(shot.id)) : HELP_SHOTS;
  const server = await serverAt(process.env.HELP_SHOTS_URL, 'help-shots');
  const browser = await launchChromium(chromium);
  let failed = 0;
  try {
    const token = await demoToken(server.base);
    const demo = await demoProjects(server.base, token);
    mkdirSync(OUT, { recursive: true });
    for (const shot of shots) {
      // A context per shot: a first visit's hints and the editor's reminder show as they would to a newcomer.
      const context = await browser.newContext({ deviceScaleFactor: 1, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
      await logIn(context, server.base, token, [shot.brand]);
      try {
        const png = await takeShot(await context.newPage(), brandOrigin(server.base, shot.brand), shot, demo);
        const file = path.join(OUT, `${shot.id}.png`);
        writeFileSync(file, png);
        const size = `${(png.length / 1024).toFixed(0)} KB`;
        if (png.length > SHOT_MAX_BYTES) throw new Error(`help shot ${shot.id} is ${size}, over ${SHOT_MAX_BYTES / 1024} KB`);
        console.log(`${path.relative(root, file)}  ${size}`);
      } catch (error) {
        failed += 1;
        console.error(error instanceof Error ? error.message : error);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  if (failed) {
    console.error(`${failed} help shot(s) failed`);
    process.exitCode = 1;
  }
}

await main();
