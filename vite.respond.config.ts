import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias } from 'vite';
import { esbuildTargets } from './scripts/browser-targets.js';

/**
 * The respondent page (respond.html → src/respond/main.tsx) is built on its own, after the app
 * (`npm run build` runs vite.config.ts, then this file into the same CLIENT_DIR). Its React imports resolve
 * to Preact's compatibility layer, which renders the same components in ~8 KB gzip instead of React's ~65 KB
 * (docs/benchmarks.md, bench/respond). The app entry stays React 19. The same aliases run the respondent's
 * component tests (vitest.config.ts, project "respond"), and bench/respond measures this very build.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** iOS 14+ WebViews (WeChat's browser on iOS 15 among them): package.json "browserslist". */
export const RESPOND_TARGET = esbuildTargets();

export default defineConfig({
  plugins: [react()],
  resolve: { alias: PREACT_ALIASES },
  build: {
    // CLIENT_DIR lets parallel builds (and their end-to-end servers) use their own folder. The app's build
    // empties it first; this one only adds respond.html and its assets.
    outDir: process.env.CLIENT_DIR ?? 'dist/client',
    emptyOutDir: false,
    copyPublicDir: false,
    target: RESPOND_TARGET,
    // One file for the first paint — everything the entry imports statically, the common kind (questionnaire, exam,
    // form) included: one request is the cheapest on a phone, and one file compresses better than its pieces.
    // The other kinds' pages (chain, check-in, group-buy, booking), the conclusion and the rare gates are each
    // their own chunk (src/respond/kind-chunks.tsx), fetched once the page knows it needs them.
    rollupOptions: {
      input: { respond: fileURLToPath(new URL('./respond.html', import.meta.url)) },
      output: { manualChunks: intoEntry('respond') },
    },
  },
});

/** What intoEntry reads of Rollup's (and Rolldown's) module graph. */
interface TChunkGraph {
  getModuleInfo: (id: string) => { isEntry: boolean; importers: readonly string[] } | null;
}

/**
 * Rollup's manualChunks: every module the entry reaches through static imports goes into the entry's chunk, so
 * code shared by the first paint and a later chunk (the api client, the schemas) is not split into files of
 * its own that the first paint would have to fetch too. Modules only later chunks use are left to Rollup.
 */
export function intoEntry(name: string) {
  return (id: string, { getModuleInfo }: TChunkGraph): string | undefined => {
    // Up through static importers only: reaching an entry means the first paint needs this module.
    const seen = new Set([id]);
    const queue = [id];
    while (queue.length) {
      const info = getModuleInfo(queue.pop()!);
      if (!info) continue;
      if (info.isEntry) return name;
      for (const importer of info.importers) {
        if (!seen.has(importer)) {
          seen.add(importer);
          queue.push(importer);
        }
      }
    }
    return undefined;
  };
}
