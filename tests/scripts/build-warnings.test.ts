import { describe, expect, it } from 'vitest';
import { buildWarnings } from '../../scripts/build-warnings';

/** Lines as `npm run build` printed them before issue 43.8 (PostCSS's `from` warning, the chart chunk over 500 kB). */
const WARNED = `
> wenjuan@0.1.0 build
vite v8.3.8 building client environment for production...
transforming...

A PostCSS plugin did not pass the \`from\` option to \`postcss.parse\`. This may cause imported assets to be incorrectly transformed. If you've recently added a PostCSS plugin that raised this warning, please contact the package author to fix the issue.
✓ 3749 modules transformed.
dist/client/assets/installSVGRenderer-BXTZw8cH.js           522.45 kB │ gzip: 177.46 kB

\u001b[33m[plugin builtin:vite-reporter]\u001b[39m
(!) Some chunks are larger than 500 kB after minification. Consider:
- Using dynamic import() to code-split the application
✓ built in 8.10s
`;

/** A clean build's lines, with an asset whose name holds the word. */
const CLEAN = `
vite v8.3.8 building client environment for production...
✓ 3749 modules transformed.
dist/client/assets/warning-banner-Ab12Cd.js                 1.20 kB │ gzip:   0.60 kB
dist/client/assets/echarts-zrender-w-1jD6a5.js            182.27 kB │ gzip:  61.38 kB
PWA v2.0.0
precache  254 entries (2315.20 KiB)
✓ built in 727ms
`;

describe('build warnings (npm test fails on them)', () => {
  it('finds the PostCSS warning and the chunk-size warning with its heading', () => {
    const found = buildWarnings(WARNED);
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^A PostCSS plugin did not pass the `from` option/);
    expect(found[1]).toBe('[plugin builtin:vite-reporter]');
    expect(found[2]).toMatch(/^\(!\) Some chunks are larger than 500 kB/);
  });

  it('finds Workbox warnings and Rolldown [warn] lines', () => {
    expect(buildWarnings("files generated\nwarnings\n  One of the glob patterns doesn't match any files.\n")).toEqual(['warnings']);
    expect(buildWarnings('[warn] [EVAL] Use of eval is strongly discouraged\n')).toHaveLength(1);
  });

  it('says nothing of a clean build, even of an asset named after the word', () => {
    expect(buildWarnings(CLEAN)).toEqual([]);
  });
});
