// The built-in assistant's generation (issue 52 item 3): what the ranking and composition cost per generation
// over the whole template library and the bank, and what reading the library costs once per process.
//  - pure: index build for the six kinds, then rank + compose of a fixed set of requests (median and p95 per
//    generation), on the seed's library and on one ten times larger (the same templates renamed), to show the
//    growth with the library's size;
//  - PGlite: the first generation of a process (reads every template and subject) and the ones after (cached).
// Run: node --import tsx bench/ai-builtin.ts
import { performance } from 'node:perf_hooks';
import { AI_KIND_NAMES, AI_KINDS, type TAiKindName } from '../schemas/ai/kinds';
import { seedTemplates } from '../server/seed/templates/seed-templates';
import { TEMPLATES } from '../server/seed/templates';
import { generateBuiltin } from '../server/services/ai/builtin-generate';
import { compose } from '../server/services/ai/builtin/compose';
import { kindOf, libraryOf, type Library } from '../server/services/ai/builtin/library';
import type { Deps } from '../server/services/deps';
import { openTestDatabase } from '../tests/helpers/test-db';

const REQUESTS: [TAiKindName, string][] = [
  ...AI_KIND_NAMES.map((k): [TAiKindName, string] => [k, AI_KINDS[k].example]),
  ['question', '客户满意度调查，15题'],
  ['question', '大学生睡眠质量'],
  ['exam', '垃圾分类知识竞赛'],
  ['reservation', '理发店预约'],
  ['question', 'asdfgh'],
];
const ROUNDS = 200;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;

function libraryTimes(copies: number): { library: Library; build: number } {
  const defs = Array.from({ length: copies }, (_, c) =>
    TEMPLATES.map((t) => ({ ...t, title: c ? `${t.title}（${c}）` : t.title, solitaireType: t.solitaireType ?? null })),
  ).flat();
  const started = performance.now();
  const library = libraryOf(defs);
  for (const k of AI_KIND_NAMES) kindOf(library, k);
  return { library, build: performance.now() - started };
}

function perGeneration(library: Library): number[] {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const [kind, prompt] of REQUESTS) {
      const started = performance.now();
      compose(kindOf(library, kind), kind, prompt, 10);
      times.push(performance.now() - started);
    }
  }
  return times;
}

for (const copies of [1, 10]) {
  const { library, build } = libraryTimes(copies);
  const subjects = library.templates.reduce((n, t) => n + t.subjects.length, 0);
  perGeneration(library); // warm-up
  const times = perGeneration(library);
  console.log(
    `library ×${copies}: ${library.templates.length} templates, ${subjects} subjects — index build (6 kinds) ${ms(build)}; ` +
      `rank + compose per generation: median ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))} (${times.length} generations)`,
  );
}

const database = await openTestDatabase();
await seedTemplates(database);
const deps = { database } as Deps;
const started = performance.now();
await generateBuiltin(deps, { kind: 'question', prompt: '员工满意度调查，10题左右', count: 10 }, null);
const first = performance.now() - started;
const after: number[] = [];
for (let r = 0; r < 50; r++) {
  for (const [kind, prompt] of REQUESTS.slice(0, 6)) {
    const t0 = performance.now();
    await generateBuiltin(deps, { kind, prompt, count: 10 }, null);
    after.push(performance.now() - t0);
  }
}
console.log(
  `PGlite: first generation of the process (reads the library) ${ms(first)}; later generations median ${ms(pct(after, 50))}, p95 ${ms(pct(after, 95))}`,
);
await database.close();
