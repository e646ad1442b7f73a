/** `npm run bench`: runs every bench script (or the ones named) in turn; figures go to docs/benchmarks.md by hand. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const wanted = process.argv.slice(2);
const scripts = readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .filter((f) => !wanted.length || wanted.some((w) => f.startsWith(w)));
for (const script of scripts) {
  console.log(`\n### bench/${script}`);
  spawnSync('node', ['--import', 'tsx', `bench/${script}`], { stdio: 'inherit' });
}
