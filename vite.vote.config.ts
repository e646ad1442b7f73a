import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { PREACT_ALIASES, RESPOND_TARGET } from './vite.respond.config.js';

/**
 * The voting page (vote.html → src/vote-page/main.tsx, served at /v/{voteId} and by a vote's /x/ short link) is
 * built on its own like the respondent page: React imports resolve to preact/compat, the same iOS 14+ target,
 * one file, added to the app's CLIENT_DIR after the app and respond builds. docs/benchmarks.md has its size.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: PREACT_ALIASES },
  build: {
    outDir: process.env.CLIENT_DIR ?? 'dist/client',
    emptyOutDir: false,
    copyPublicDir: false,
    target: RESPOND_TARGET,
    rollupOptions: { input: { vote: fileURLToPath(new URL('./vote.html', import.meta.url)) } },
  },
});
