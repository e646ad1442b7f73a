/**
 * The static gates `npm test` runs before its suites (scripts/test-all.ts): the type check and lint (which holds
 * the browser-support rule for phone pages). Each is one check that passes or fails, and a failure names its
 * first errors as `file:line: message`, so the end of CI's output says what broke. The same functions run
 * against the fixture project in tests/fixtures/gate-project, which is how the gate is shown to catch errors.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

export interface CheckResult {
  label: string;
  ok: boolean;
  /** `file:line: message`, relative to the checked project; empty when ok. */
  errors: string[];
  ms: number;
}

/** How many errors a failed check names in the "what failed" block. */
export const SHOWN_ERRORS = 8;

const TSC = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

/** tsc's `--pretty false` lines: `src/a.ts(12,5): error TS2322: Type …`. */
const TSC_LINE = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;

/** Lines of tsc output turned into `file:line: TSxxxx message`; other error lines kept as they are. */
export function tscErrors(output: string): string[] {
  return output
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => / error TS\d+:/.test(line) || line.startsWith('error TS'))
    .map((line) => {
      const m = TSC_LINE.exec(line);
      return m ? `${m[1]}:${m[2]}: ${m[4]} ${m[5]}` : line;
    });
}

/**
 * `tsc --noEmit` on a project, in a process of its own (so lint can run beside it: each keeps one core busy).
 * `buildInfo` (a path git ignores) makes it incremental: an unchanged tree is checked again in a few seconds
 * instead of from scratch.
 */
export async function typecheck(dir: string, buildInfo?: string): Promise<CheckResult> {
  const started = Date.now();
  const projectDir = path.resolve(dir);
  const args = [TSC, '-p', path.join(projectDir, 'tsconfig.json'), '--noEmit', '--pretty', 'false'];
  if (buildInfo) args.push('--incremental', '--tsBuildInfoFile', buildInfo);
  const child = spawn(process.execPath, args, { cwd: projectDir });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const status = await new Promise<number | string>((resolve) => {
    child.once('error', (error) => resolve(error.message));
    child.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const errors = tscErrors(`${stdout}\n${stderr}`);
  const ok = status === 0;
  if (!ok && !errors.length) errors.push(`tsc ended with status ${status}: ${(stderr || stdout).trim().slice(0, 300)}`);
  return { label: 'typecheck', ok, errors, ms: Date.now() - started };
}

/** ESLint on a project with its own flat config; warnings do not fail the check, errors do. */
export async function lint(dir: string): Promise<CheckResult> {
  const started = Date.now();
  const projectDir = path.resolve(dir);
  const errors: string[] = [];
  try {
    const eslint = new ESLint({ cwd: projectDir });
    const results = await eslint.lintFiles(['.']);
    for (const file of results) {
      for (const m of file.messages) {
        if (m.severity !== 2) continue;
        const rule = m.ruleId ? ` (${m.ruleId})` : '';
        errors.push(`${path.relative(projectDir, file.filePath)}:${m.line ?? 0}: ${m.message}${rule}`);
      }
    }
  } catch (error) {
    errors.push(`eslint could not run: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { label: 'lint', ok: errors.length === 0, errors, ms: Date.now() - started };
}

/** The lines a failed check contributes to the "what failed" block. */
export function checkFailures(result: CheckResult): string[] {
  if (result.ok) return [];
  const more = result.errors.length > SHOWN_ERRORS ? [`${result.label}: … and ${result.errors.length - SHOWN_ERRORS} more`] : [];
  return [...result.errors.slice(0, SHOWN_ERRORS).map((e) => `${result.label}: ${e}`), ...more];
}
