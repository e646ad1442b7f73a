import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions } from '../../scripts/bundle';

// Issue 54 item 5: evaluating exceljs, pdfkit, sharp … took half of every start's load phase (~1 s of CPU). The
// built server (scripts/bundle.ts, the same options) may reach them only by a dynamic import or a require on first
// use, never by an import statement that node evaluates before the server's first line.
describe('the built server loads the lazy packages on first use, not at start', () => {
  it('imports none of them statically, and still reaches them', async () => {
    const configFile = pathToFileURL(path.resolve('eslint.config.js')).href;
    const { LAZY_PACKAGES } = (await import(configFile)) as { LAZY_PACKAGES: string[] };
    const result = await build({ ...bundleOptions('server/start.ts', 'dist/start-imports-check.mjs'), write: false, metafile: true, sourcemap: false });
    const output = Object.entries(result.metafile!.outputs).find(([file]) => file.endsWith('start-imports-check.mjs'))![1];
    const atStart = new Set(output.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path));
    const onUse = new Set(output.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path));
    expect(LAZY_PACKAGES.filter((name) => atStart.has(name))).toEqual([]);
    // The check has teeth: the packages are still in the server, loaded when a call needs them (sanitize-html by a
    // synchronous require, which esbuild leaves as a plain call).
    expect(LAZY_PACKAGES.filter((name) => name !== 'sanitize-html' && !onUse.has(name))).toEqual([]);
    expect(atStart).toContain('fastify');
  }, 60_000);
});
