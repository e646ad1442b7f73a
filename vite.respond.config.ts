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
    // One file: the page needs all of it before its first paint, and one request is the cheapest on a phone.
    rollupOptions: { input: { respond: fileURLToPath(new URL('./respond.html', import.meta.url)) } },
  },
});
