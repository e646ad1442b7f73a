import type { JSONReport } from '@playwright/test/reporter';
import { describe, expect, it } from 'vitest';
import type { JsonTestResults } from 'vitest/reporters';
import { firstLine, gist, playwrightFailures, vitestFailures } from '../../scripts/test-reports';

const root = '/repo';
const red = (s: string) => `\u001b[31m${s}\u001b[39m`;

/** Shaped as vitest's JSON reporter writes it (only the fields read). */
const vitestReport = {
  testResults: [
    {
      name: '/repo/tests/server/a.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'exports a PDF', status: 'failed', failureMessages: [`\nAssertionError: job ended failed: 缺少字体\n    at a.test.ts:10`] },
        { fullName: 'lists jobs', status: 'passed', failureMessages: [] },
      ],
    },
    { name: '/repo/tests/server/b.test.ts', status: 'failed', message: 'Error: Cannot find module x\n  at y', assertionResults: [] },
    { name: '/repo/tests/server/c.test.ts', status: 'passed', message: '', assertionResults: [{ fullName: 'fine', status: 'passed', failureMessages: [] }] },
  ],
} as unknown as JsonTestResults;

/** Shaped as Playwright's JSON reporter writes it: specs nested in describe suites, retries as results. */
const playwrightReport = {
  errors: [{ message: red('Error: Timed out waiting 60000ms from config.webServer.') }],
  suites: [
    {
      title: 'respond.spec.ts',
      file: 'respond.spec.ts',
      specs: [{ title: 'top level passes', file: 'respond.spec.ts', line: 5, tests: [{ status: 'expected', results: [{}] }] }],
      suites: [
        {
          title: 'respondent page',
          file: 'respond.spec.ts',
          specs: [
            {
              title: 'submits',
              file: 'respond.spec.ts',
              line: 11,
              tests: [
                {
                  status: 'unexpected',
                  results: [{ error: { message: 'first try' } }, { error: { message: red('Error: expect(locator).toBeVisible() failed\n\nLocator: …') } }],
                },
              ],
            },
            { title: 'passes on retry', file: 'respond.spec.ts', line: 40, tests: [{ status: 'flaky', results: [{ error: { message: 'once' } }, {}] }] },
          ],
        },
      ],
    },
  ],
} as unknown as JSONReport;

describe('npm test names what failed', () => {
  it('lists each failed vitest test with its file and the first line of its error, and a file that failed before its tests', () => {
    expect(vitestFailures('vitest', vitestReport, root)).toEqual([
      'vitest: tests/server/a.test.ts › exports a PDF: AssertionError: job ended failed: 缺少字体',
      'vitest: tests/server/b.test.ts: Error: Cannot find module x',
    ]);
  });

  it('lists Playwright tests that failed for good (not flaky ones) with the last try’s error, and errors outside tests', () => {
    expect(playwrightFailures('end-to-end', playwrightReport)).toEqual([
      'end-to-end: respond.spec.ts:11 › submits: Error: expect(locator).toBeVisible() failed',
      'end-to-end: Error: Timed out waiting 60000ms from config.webServer.',
    ]);
  });

  it('a failed property (fast-check) is named with its seed, its counterexample and what it got, long lines cut', () => {
    const message = [
      'Error: Property failed after 4 tests',
      '{ seed: 42, path: "3", endOnFailure: true }',
      `Counterexample: [${'"a",'.repeat(100)}]`,
      'Shrunk 0 time(s)',
      "Got AssertionError: wxApplet/vote/x [owner] {} → 系统处理出错: expected '500' not to be '500'",
      '    at send (route-fuzz.test.ts:1:1)',
      '',
      'Hint: Enable verbose mode',
      '    at buildError (fast-check.js:1:1)',
    ].join('\n');
    const line = gist(message);
    expect(line.startsWith('Error: Property failed after 4 tests | { seed: 42, path: "3", endOnFailure: true } | Counterexample: [')).toBe(true);
    expect(line).toContain('… | Got AssertionError: wxApplet/vote/x [owner] {} → 系统处理出错');
    expect(line).not.toContain('route-fuzz.test.ts');
    expect(line).not.toContain('Hint');
    expect(line).not.toContain('buildError');
    // Any other error: its first line only.
    expect(gist('AssertionError: boom\nmore')).toBe('AssertionError: boom');
  });

  it('a first line skips blank lines and terminal colours', () => {
    expect(firstLine(`\n  \n${red('Error: boom')}\nstack`)).toBe('Error: boom');
    expect(firstLine(undefined)).toBe('');
  });
});
