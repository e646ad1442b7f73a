import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The two bench pages only; never part of the app's build (vite.config.ts at the root). */
export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: here('../../dist/bench-respond'),
    emptyOutDir: true,
    target: ['es2022'],
    rollupOptions: { input: { ours: here('./ours.html'), surveyjs: here('./surveyjs.html') } },
  },
});
