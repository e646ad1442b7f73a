import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteOnlySuites, pureServerSuites } from '../../scripts/database-suites';

/**
 * Issue 54: `npm test`'s PostgreSQL pass leaves out the server suites that cannot open a database
 * (scripts/database-suites.ts), and the unit project's guard (tests/helpers/database-guard-setup.ts) fails a suite
 * left out that queries one anyway. Shown on suites written into a folder laid out like the checkout.
 */
// Inside the checkout (git ignores .scratch-*), so the written files resolve vitest and PGlite from node_modules.
const dir = mkdtempSync(path.resolve('.scratch-database-guard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, text: string, root = dir): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

const PURE_TEST = `import { expect, it } from 'vitest';
it('adds', () => expect(1 + 1).toBe(2));
`;

describe("npm test's PostgreSQL pass", () => {
  it('leaves out only suites that reach no database helper, however deep the helper', () => {
    write('tests/helpers/app.ts', `export { createTestApp } from './test-app';\n`);
    write('tests/helpers/numbers.ts', `export const two = 2;\n`);
    write('tests/server/pure.test.ts', `import { two } from '../helpers/numbers';\n${PURE_TEST}`);
    write('tests/server/deep/app.test.ts', `import { createTestApp } from '../../helpers/app';\n${PURE_TEST}`);
    write('tests/server/env.test.ts', `const url = process.env.DATABASE_URL;\n${PURE_TEST}`);
    write('tests/server/spawns.test.ts', `import { spawn } from 'node:child_process';\n${PURE_TEST}`);
    write('tests/server/server-db.test.ts', `import { openDatabase } from '../../server/db/client';\n${PURE_TEST}`);
    write('tests/schemas/outside.test.ts', PURE_TEST);
    expect(pureServerSuites(dir)).toEqual(['tests/server/pure.test.ts']);
  });

  it('holds every suite of the checkout that uses the test app or database', () => {
    const pure = pureServerSuites();
    expect(pure.filter((file) => !existsSync(file))).toEqual([]);
    expect(pure).toContain('tests/server/public-id.test.ts');
    expect(pure).not.toContain('tests/server/team/permission-matrix.test.ts');
  });

  it('leaves out a suite marked pglite-only only while every environment it hands on keeps PostgreSQL out', () => {
    const root = path.join(dir, 'marked');
    const marked = `// pglite-only: its servers start on PGlite.\nconst env = { ...process.env, DATABASE_URL: '' };\n${PURE_TEST}`;
    write('tests/server/starts.test.ts', marked, root);
    write('tests/server/unmarked.test.ts', `const env = { ...process.env, DATABASE_URL: '' };\n${PURE_TEST}`, root);
    expect(pgliteOnlySuites(root)).toEqual(['tests/server/starts.test.ts']);
    write('tests/server/leaky.test.ts', `// pglite-only: says so.\nconst env = { ...process.env, PORT: '1' };\n${PURE_TEST}`, root);
    expect(() => pgliteOnlySuites(root)).toThrow(/leaky\.test\.ts is marked pglite-only but could open PostgreSQL/);
    write('tests/server/leaky.test.ts', `// pglite-only: says so.\nimport { createTestApp } from '../helpers/test-app';\n${PURE_TEST}`, root);
    expect(() => pgliteOnlySuites(root)).toThrow(/createTestApp/);
    expect(pgliteOnlySuites()).toEqual(['tests/server/start.test.ts']);
  });

  it('fails a suite classed pure that opens a database through code outside tests/', () => {
    // lib/ is outside the rule's view (as server code is): the suite looks pure and queries PGlite.
    const root = path.join(dir, 'guarded');
    write('tests/server/pure.test.ts', PURE_TEST, root);
    write(
      'lib/open.ts',
      `import { PGlite } from '@electric-sql/pglite';\nexport async function one() { const db = new PGlite(); const r = await db.query('SELECT 1 AS one'); await db.close(); return r.rows.length; }\n`,
      root,
    );
    const hidden = `import { expect, it } from 'vitest';\nimport { one } from '../../lib/open';\nit('counts', async () => expect(await one()).toBe(1));\n`;
    write('tests/server/hidden.test.ts', hidden, root);
    expect(pureServerSuites(root)).toEqual(['tests/server/hidden.test.ts', 'tests/server/pure.test.ts']);
    const run = spawnSync(
      process.execPath,
      [path.resolve('node_modules/vitest/vitest.mjs'), 'run', '--config', path.resolve('tests/fixtures/database-guard/vitest.config.ts'), '--root', root],
      { cwd: root, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' }, timeout: 180_000 },
    );
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(1);
    expect(output).toContain('tests/server/hidden.test.ts queried a database');
    // The pure suite beside it passes: the guard counts each suite's own queries.
    expect(output).not.toContain('tests/server/pure.test.ts queried');
  }, 240_000);
});
