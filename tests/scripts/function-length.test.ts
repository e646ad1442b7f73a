import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** A component whose function spans `lines` lines, from its signature to its closing brace. */
function componentOf(lines: number): string {
  const body = Array.from({ length: lines - 3 }, (_, i) => `  const part${i} = ${i};`);
  return ['export function Screen() {', ...body, `  return part0;`, '}', ''].join('\n');
}

const SCREENS = ['src/features/projects/long-screen.tsx', 'src/ui/long-field.tsx', 'src/app/long-shell.tsx', 'src/vote-page/long-page.tsx'];

async function lengthErrors(filePath: string, lines: number): Promise<string[]> {
  const eslint = new ESLint({ cwd: process.cwd() });
  const [result] = await eslint.lintText(componentOf(lines), { filePath });
  return result!.messages.filter((m) => m.ruleId === 'max-lines-per-function').map((m) => m.message);
}

describe('small components (issue 45.7): no function in src/ over 150 lines', () => {
  it.each(SCREENS)('%s: lint refuses a function of 151 lines and takes one of 150', async (file) => {
    expect(await lengthErrors(file, 151)).toEqual(["Function 'Screen' has too many lines (151). Maximum allowed is 150."]);
    expect(await lengthErrors(file, 150)).toEqual([]);
  });

  it('counts comments and blank lines like the recount command does', async () => {
    const eslint = new ESLint({ cwd: process.cwd() });
    const padded = componentOf(140).replace('  return part0;', `${'  // why\n\n'.repeat(6)}  return part0;`);
    const [result] = await eslint.lintText(padded, { filePath: SCREENS[0] });
    expect(result!.messages.map((m) => m.ruleId)).toContain('max-lines-per-function');
  });
});
