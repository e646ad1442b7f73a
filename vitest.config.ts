import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PREACT_ALIASES } from './vite.respond.config.js';

// Three projects: pure/server code runs in Node, component tests in jsdom; the respondent page's component
// tests render with Preact, as its build does (vite.respond.config.ts).
export default defineConfig({
  plugins: [react()],
  test: {
    // Every core: vitest's default leaves one to its main process, which only waits — on CI's two cores that halved
    // the suites' speed (the PGlite and jsdom files are CPU-bound in their workers).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/schemas/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
          // Every property test is here: fast-check's settings for all of them. The database guard fails a server
          // suite that queries a database while scripts/database-suites.ts leaves it out of the PostgreSQL pass.
          setupFiles: ['tests/helpers/shifted-clock-setup.ts', 'tests/helpers/fast-check-setup.ts', 'tests/helpers/database-guard-setup.ts'],
          // Files share their worker's modules: each server file imported the whole server again (measured: 274 s
          // → 164 s for this project on 2 cores, the import time 157 s → 18 s). Nothing here mocks modules; a
          // file's state is its own app and database (tests/helpers/test-app.ts), closed in its afterAll.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          exclude: ['tests/ui/respond/**', 'tests/ui/vote-page/**'],
          setupFiles: ['tests/helpers/fresh-file-setup.ts', 'tests/helpers/shifted-clock-setup.ts', 'tests/helpers/ui-setup.ts'],
          // A worker keeps its jsdom window and packages across files (tests/helpers/fresh-file-setup.ts evaluates
          // the project's modules and mocks again and blanks the page per file): isolation paid jsdom, React and
          // the app's imports again for every file.
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        resolve: {
          alias: [
            { find: /^@testing-library\/react$/, replacement: fileURLToPath(new URL('./tests/helpers/preact-testing-library.ts', import.meta.url)) },
            ...PREACT_ALIASES,
          ],
        },
        test: {
          name: 'respond',
          environment: 'jsdom',
          include: ['tests/ui/respond/**/*.test.{ts,tsx}', 'tests/ui/vote-page/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/fresh-file-setup.ts', 'tests/helpers/shifted-clock-setup.ts', 'tests/helpers/ui-setup.ts'],
          // A worker keeps its jsdom window and packages across files (tests/helpers/fresh-file-setup.ts evaluates
          // the project's modules and mocks again and blanks the page per file): isolation paid jsdom, React and
          // the app's imports again for every file.
          isolate: false,
          testTimeout: 30_000,
        },
      },
    ],
  },
});
