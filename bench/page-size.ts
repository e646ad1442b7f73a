/**
 * `npm run bench page-size`: what a phone downloads for each phone entry — the respondent page (respond.html,
 * vite.respond.config.ts) and the voting page (vote.html, vite.vote.config.ts) — built with the configs
 * `npm run build` uses, into dist/bench-page-size. Prints HTML, JS and CSS, raw and gzip -9 (what
 * scripts/precompress.ts serves).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const OUT = path.resolve('dist/bench-page-size');
const ENTRIES = [
  { name: 'respond', config: 'vite.respond.config.ts', html: 'respond.html' },
  { name: 'vote', config: 'vite.vote.config.ts', html: 'vote.html' },
];

const kb = (n: number) => (n / 1024).toFixed(1);
const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;

rmSync(OUT, { recursive: true, force: true });
console.log('| page | HTML gzip | JS raw | JS gzip | CSS gzip | total gzip (KB) |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const entry of ENTRIES) {
  const dir = path.join(OUT, entry.name);
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', entry.config, '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, CLIENT_DIR: dir },
  });
  const assets = readdirSync(path.join(dir, 'assets')).map((f) => path.join(dir, 'assets', f));
  const sum = (ext: string, f: (b: Buffer) => number) => assets.filter((a) => a.endsWith(ext)).reduce((s, a) => s + f(readFileSync(a)), 0);
  const html = gz(readFileSync(path.join(dir, entry.html)));
  const js = sum('.js', gz);
  const css = sum('.css', gz);
  console.log(`| ${entry.name} | ${kb(html)} | ${kb(sum('.js', (b) => b.length))} | ${kb(js)} | ${kb(css)} | ${kb(html + js + css)} |`);
}
