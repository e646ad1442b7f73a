/**
 * The suites' JSON reports read for `npm test` (scripts/test-all.ts): counts, and one line per failed test
 * so that the end of a long output names what failed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';
import type { JsonTestResults } from 'vitest/reporters';

/** A report file, or null when the run wrote none (it crashed before the end). */
export function readReport<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
/** The first non-blank line of an error, without terminal colours. */
export const firstLine = (text: string | null | undefined): string =>
  (text ?? '')
    .replace(ANSI, '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim() ?? '';

/**
 * What a failed test's error says in one line: its first line, and for a property that failed (fast-check) the
 * lines that name the case — the seed, the counterexample and what it got — each cut to 300 characters.
 */
export const gist = (text: string | null | undefined): string => {
  const head = firstLine(text);
  if (!head.includes('Property failed')) return head;
  const lines = (text ?? '')
    .replace(ANSI, '')
    .split('\n')
    .map((l) => l.trim());
  const telling = lines.filter((l) => /^(\{ seed:|Counterexample:|Got )/.test(l)).map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l));
  return [head, ...telling].join(' | ');
};

/** `label: file › test: first line of the error` per failed test; a file that failed before its tests ran, once. */
export function vitestFailures(label: string, report: JsonTestResults, root: string): string[] {
  return report.testResults.flatMap((file) => {
    const name = path.relative(root, file.name);
    if (file.status === 'failed' && !file.assertionResults.length) return [`${label}: ${name}: ${firstLine(file.message)}`];
    return file.assertionResults.filter((a) => a.status === 'failed').map((a) => `${label}: ${name} › ${a.fullName}: ${gist(a.failureMessages?.[0])}`);
  });
}

/** The same for Playwright: unexpected results (failed after retries), and errors outside any test. */
export function playwrightFailures(label: string, report: JSONReport): string[] {
  const fromSuite = (suite: JSONReportSuite): string[] => [
    ...suite.specs.flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected')
        .map((t) => `${label}: ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(t.results.at(-1)?.error?.message)}`),
    ),
    ...(suite.suites ?? []).flatMap(fromSuite),
  ];
  return [...report.suites.flatMap(fromSuite), ...report.errors.map((e) => `${label}: ${firstLine(e.message)}`)];
}
