import { defineConfig } from 'vitest/config';

// tests/cluster: nginx in front of several server processes on one PostgreSQL (DATABASE_URL's server; `npm test`
// runs it as its own step when PostgreSQL answers). One file at a time: each starts its own processes.
export default defineConfig({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['tests/cluster/**/*.test.ts'],
    fileParallelism: false,
    // The server bundle compiled once per run, not at every cluster start (tests/cluster/bundle-setup.ts).
    globalSetup: ['tests/cluster/bundle-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
  },
});
