/**
 * Compiles a server entry into one ES module for plain `node` (no TypeScript loader at run time, no kept
 * function names): `npm run build` makes dist/server.mjs from server/start.ts, which `npm start` runs.
 * Packages stay imports from node_modules. The output must sit one directory below the package root
 * (server/paths.ts finds the root from it). Also: `node --import tsx scripts/bundle.ts bench/submit.ts
 * dist/bench-submit.mjs` builds a bench the same way, so it measures the code production runs.
 */
import { build, type BuildOptions } from 'esbuild';

/** The build's esbuild options (tests/scripts/start-imports.test.ts reads what the same options put in the start). */
export const bundleOptions = (entry: string, outfile: string): BuildOptions => ({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

export async function bundle(entry: string, outfile: string): Promise<void> {
  await build(bundleOptions(entry, outfile));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [entry = 'server/start.ts', outfile = 'dist/server.mjs'] = process.argv.slice(2);
  await bundle(entry, outfile);
  console.log(`${entry} → ${outfile}`);
}
