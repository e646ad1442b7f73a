import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** Words of a script that name a file of this repository (`scripts/dev.ts`, `server/start.ts` …). */
const filesOf = (command: string) => command.split(/\s+/).filter((word) => /^[\w./-]+\.(ts|tsx|mts|js|mjs|cjs|json|sh)$/.test(word));
/** What `npm run build` compiles the server into: scripts/bundle.ts's default output, when the build runs it. */
const builtFiles = pkg.scripts.build!.includes('scripts/bundle.ts')
  ? [...readFileSync(path.join(root, 'scripts/bundle.ts'), 'utf8').matchAll(/outfile = '([^']+)'/g)].map((m) => m[1]!)
  : [];
/** `npm run x` / `npm run -s x` inside a script. */
const runsOf = (command: string) => [...command.matchAll(/npm run(?:\s+-\S+)*\s+([\w:-]+)/g)].map((m) => m[1]!);

describe('package.json scripts', () => {
  it('has the scripts the README promises', () => {
    for (const name of ['start', 'dev', 'build', 'test', 'test:unit', 'test:e2e', 'typecheck', 'lint', 'bench']) expect(pkg.scripts[name], name).toBeTruthy();
  });

  it.each(Object.entries(pkg.scripts))('"%s" names only files that exist, or that the build makes', (_name, command) => {
    for (const file of filesOf(command)) {
      if (file.startsWith('dist/')) expect(builtFiles, `${file} (from "${command}") is not made by "npm run build"`).toContain(file);
      else expect(existsSync(path.join(root, file)), `${file} (from "${command}")`).toBe(true);
    }
  });

  it.each(Object.entries(pkg.scripts))('"%s" runs only scripts that exist', (_name, command) => {
    for (const script of runsOf(command)) expect(pkg.scripts[script], `npm run ${script} (from "${command}")`).toBeDefined();
  });

  it('finds the files a script names', () => {
    expect(filesOf('node --import tsx scripts/dev.ts')).toEqual(['scripts/dev.ts']);
    expect(runsOf('npm run -s build && node x.js')).toEqual(['build']);
  });
});
