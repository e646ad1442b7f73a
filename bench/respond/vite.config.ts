import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The SurveyJS page of bench/respond (React 19 + survey-core + survey-react-ui); never part of the app's build.
 * Our page is not built here: the bench builds the production respondent entry with vite.respond.config.ts.
 */
export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: here('../../dist/bench-respond/surveyjs'),
    emptyOutDir: true,
    target: ['es2020', 'safari14'],
    rollupOptions: { input: { surveyjs: here('./surveyjs.html') } },
  },
});
