import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: pure/server code runs in Node, component tests in jsdom.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/schemas/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/scripts/**/*.test.ts'],
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
          setupFiles: ['tests/helpers/ui-setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
