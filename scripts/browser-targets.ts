/**
 * One browser list (package.json "browserslist": iOS 14+ WebViews, WeChat's browser among them) sets both the
 * build targets (esbuild lowers syntax for them) and the compat lint (eslint-plugin-compat flags APIs they lack,
 * which no build step can lower). This turns the list into esbuild's target names.
 */
import browserslist from 'browserslist';

/** browserslist's family name → esbuild's; families esbuild does not know are left out. */
const ESBUILD_NAME: Record<string, string> = {
  chrome: 'chrome',
  and_chr: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  and_ff: 'firefox',
  safari: 'safari',
  ios_saf: 'ios',
  opera: 'opera',
};

/** The lowest version of each family in the list, as esbuild targets (`['chrome80', 'ios14', …]`), plus es2020. */
export function esbuildTargets(query?: string | string[]): string[] {
  const lowest = new Map<string, number>();
  for (const entry of browserslist(query, { path: process.cwd() })) {
    const [family, range] = entry.split(' ') as [string, string];
    const name = ESBUILD_NAME[family];
    const version = Number.parseFloat(range.split('-')[0]!);
    if (!name || !Number.isFinite(version)) continue;
    lowest.set(name, Math.min(lowest.get(name) ?? Infinity, version));
  }
  return ['es2020', ...[...lowest].sort(([a], [b]) => a.localeCompare(b)).map(([name, v]) => `${name}${v}`)];
}
