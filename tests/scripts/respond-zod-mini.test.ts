import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The respondent page validates with the subject and logic schemas built with zod/mini (issue 54 item 4: initial
 * JavaScript ≤ 81 KB gzip, bench/page-size.ts). One value import of classic zod anywhere the page reaches — a
 * request contract imported for a constant, say — brings all of classic zod back (≈ 15 KB gzip). Type imports are
 * fine: esbuild drops them, as Vite does.
 */
describe('the respondent page stays on zod/mini', () => {
  it('no file the respondent entry reaches (its later chunks included) imports classic zod as a value', async () => {
    const result = await build({
      entryPoints: ['src/respond/main.tsx'],
      bundle: true,
      write: false,
      outdir: '/tmp/respond-zod-graph',
      metafile: true,
      packages: 'external',
      jsx: 'automatic',
      logLevel: 'silent',
      loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
    });
    const inputs = Object.entries(result.metafile.inputs);
    const classic = inputs.filter(([, input]) => input.imports.some((i) => i.external && /^zod(\/v4)?$/.test(i.path))).map(([file]) => file);
    const mini = inputs.filter(([, input]) => input.imports.some((i) => i.external && i.path === 'zod/mini'));
    expect(mini.length).toBeGreaterThan(20);
    expect(classic, 'these import classic zod: import contracts as types, constants from zod-free files').toEqual([]);
  });
});
