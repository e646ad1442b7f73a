import path from 'node:path';
import { build } from 'esbuild';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { checkFailures, lint, typecheck, type CheckResult } from '../../scripts/checks';

const fixture = (variant: 'broken' | 'clean') => path.resolve('tests/fixtures/gate-project', variant);

describe('the static gates npm test runs first (scripts/checks.ts)', () => {
  it('report a type error as a failure naming its file and line', async () => {
    const result = await typecheck(fixture('broken'));
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([expect.stringMatching(/^src\/total\.ts:3: TS2322 Type 'string' is not assignable to type 'number'/)]);
    expect(checkFailures(result)).toEqual([expect.stringMatching(/^typecheck: src\/total\.ts:3: TS2322/)]);
  });

  it('report a lint error, a phone-page API outside the browser list, a test holding a future deadline and a feature importing another as failures naming file and line', async () => {
    const result = await lint(fixture('broken'));
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      expect.stringMatching(
        /^src\/features\/report\/trade-total\.ts:1: src\/features\/report imports src\/features\/pay \('\.\.\/pay\/price'\).*\(wenjuan\/feature-stands-alone\)$/,
      ),
      expect.stringMatching(/^src\/format\.ts:2: Unexpected any.*\(@typescript-eslint\/no-explicit-any\)$/),
      expect.stringMatching(/^src\/respond\/answer\.ts:3: Object\.hasOwn\(\) is not supported in Safari 14, iOS Safari 14\.0-14\.4.*\(compat\/compat\)$/),
      expect.stringMatching(/^tests\/chain-deadline\.test\.ts:2: Fixed date 2999-11-30T10:00:00\.000Z used as 'deadline'.*\(wenjuan\/no-fixed-future-date\)$/),
    ]);
  });

  it('pass the same project without the errors', async () => {
    expect(await typecheck(fixture('clean'))).toMatchObject({ ok: true, errors: [] });
    expect(await lint(fixture('clean'))).toMatchObject({ ok: true, errors: [] });
  });

  it('name at most a few errors of a failed check, and how many more there are', () => {
    const many: CheckResult = { label: 'lint', ok: false, errors: Array.from({ length: 12 }, (_, i) => `src/a.ts:${i + 1}: bad`), ms: 1 };
    const lines = checkFailures(many);
    expect(lines).toHaveLength(9);
    expect(lines[0]).toBe('lint: src/a.ts:1: bad');
    expect(lines.at(-1)).toBe('lint: … and 4 more');
  });
});

describe('browser support of the phone pages', () => {
  it('every file a phone entry imports is under the compat lint rule', async () => {
    const eslint = new ESLint({ cwd: process.cwd() });
    const configFile: string = '../../eslint.config.js'; // plain JS, read at run time
    const { PHONE_ENTRIES } = (await import(configFile)) as { PHONE_ENTRIES: string[] };
    expect(PHONE_ENTRIES).toContain('src/respond/main.tsx');
    for (const entry of PHONE_ENTRIES) {
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        outdir: '/tmp/phone-entry-graph',
        metafile: true,
        packages: 'external',
        jsx: 'automatic',
        logLevel: 'silent',
        loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
      });
      const own = Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules') && /\.tsx?$/.test(file));
      expect(own.length).toBeGreaterThan(20);
      const unchecked: string[] = [];
      for (const file of own) {
        const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> };
        const rule = config.rules?.['compat/compat'];
        const level = Array.isArray(rule) ? rule[0] : rule;
        if (level !== 2 && level !== 'error') unchecked.push(file);
      }
      expect(unchecked, `${entry} imports files the compat lint does not check`).toEqual([]);
    }
  });
});
