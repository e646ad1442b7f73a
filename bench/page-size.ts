/**
 * `npm run bench page-size`: what a phone downloads for each phone entry — the respondent page (respond.html,
 * vite.respond.config.ts) and the voting page (vote.html, vite.vote.config.ts) — built with the configs
 * `npm run build` uses, into dist/bench-page-size. Prints, gzip -9 (what scripts/precompress.ts serves):
 * - per page the initial download: the HTML, the entry's JavaScript with every chunk it imports statically (what
 *   the page runs before its first paint) and the CSS those link;
 * - per page the chunks it loads later (a kind's page, the conclusion, …): each dynamic import with the chunks
 *   only it brings, beyond the initial ones.
 * Ends with one line a script can read: `respond initial JS: N KB gzip`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const OUT = path.resolve('dist/bench-page-size');
const ENTRIES = [
  { name: 'respond', config: 'vite.respond.config.ts', html: 'respond.html' },
  { name: 'vote', config: 'vite.vote.config.ts', html: 'vote.html' },
];

interface TManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type TManifest = Record<string, TManifestChunk>;

const kb = (n: number) => (n / 1024).toFixed(1);
const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;

/** The manifest keys a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: TManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, into);
  return into;
}

function measure(entry: (typeof ENTRIES)[number]) {
  const dir = path.join(OUT, entry.name);
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', entry.config, '--manifest', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, CLIENT_DIR: dir },
  });
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as TManifest;
  const bytes = (file: string) => readFileSync(path.join(dir, file));
  const sizeOf = (keys: Iterable<string>) => {
    let js = 0;
    let jsRaw = 0;
    let css = 0;
    const cssFiles = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key]!;
      const b = bytes(chunk.file);
      js += gz(b);
      jsRaw += b.length;
      for (const c of chunk.css ?? []) cssFiles.add(c);
    }
    for (const c of cssFiles) css += gz(bytes(c));
    return { js, jsRaw, css };
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const initial = staticClosure(manifest, entryKey);
  const html = gz(bytes(entry.html));
  const first = sizeOf(initial);
  // Every dynamic import reachable from anywhere, with what it brings beyond the initial chunks.
  const later = new Map<string, Set<string>>();
  for (const key of Object.keys(manifest)) {
    for (const dyn of manifest[key]!.dynamicImports ?? []) {
      if (initial.has(dyn) || later.has(dyn)) continue;
      later.set(dyn, new Set([...staticClosure(manifest, dyn)].filter((k) => !initial.has(k))));
    }
  }
  return {
    html,
    first,
    initialFiles: initial.size,
    later: [...later].map(([key, keys]) => ({ name: path.basename(manifest[key]!.src ?? key), ...sizeOf(keys), files: keys.size })),
  };
}

rmSync(OUT, { recursive: true, force: true });
const results = ENTRIES.map((entry) => ({ entry, ...measure(entry) }));
console.log('| page | HTML gzip | initial JS files | initial JS raw | initial JS gzip | initial CSS gzip | initial total gzip (KB) |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.entry.name} | ${kb(r.html)} | ${r.initialFiles} | ${kb(r.first.jsRaw)} | ${kb(r.first.js)} | ${kb(r.first.css)} | ${kb(r.html + r.first.js + r.first.css)} |`,
  );
}
console.log('');
console.log('| page | loaded later (dynamic import) | files | JS raw | JS gzip | CSS gzip (KB) |');
console.log('|---|---|---:|---:|---:|---:|');
for (const r of results) {
  for (const l of r.later.sort((a, b) => b.js - a.js))
    console.log(`| ${r.entry.name} | ${l.name} | ${l.files} | ${kb(l.jsRaw)} | ${kb(l.js)} | ${kb(l.css)} |`);
}
console.log('');
for (const r of results) console.log(`${r.entry.name} initial JS: ${kb(r.first.js)} KB gzip`);
