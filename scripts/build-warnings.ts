/**
 * What `npm run build` warned about (issue 43.8: the build prints no warning). `npm test` (scripts/test-all.ts)
 * already builds the client before the end-to-end journeys; it reads that build's output with this function and
 * counts a warning as a failure, so the check costs no second build.
 */

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Lines that say a warning: Vite's and Rolldown's `(!) …` and `[warn]`, anything naming a warning (PostCSS's
 * "did not pass the `from` option … raised this warning", Workbox's "warnings" block, "Warning:"), and a
 * `[plugin …]` heading. The asset table (`dist/… 12.3 kB`) is never a warning, even for a file named so.
 */
export function buildWarnings(output: string): string[] {
  return output
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^dist\//.test(line))
    .filter((line) => /^\(!\)/.test(line) || /^\[warn\]/i.test(line) || /\bwarn(ing|ings)?\b/i.test(line) || /^\[plugin [^\]]+\]/.test(line));
}
