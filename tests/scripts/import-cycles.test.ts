import { describe, expect, it } from 'vitest';
import { buildImportGraph, describeCycles, findCycles, importSpecifiers, resolveSpecifier, type ImportGraph } from '../../scripts/import-cycles';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));

describe('the import-cycle finder (scripts/import-cycles.ts)', () => {
  it('reads static, type-only, re-exported, side-effect and literal dynamic imports, not commented ones', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      'import {',
      '  c,',
      '  type C,',
      "} from './c';",
      "import * as d from './d';",
      "import e, { f } from './e';",
      "export { g } from './g';",
      "export * from './h';",
      "export type { I } from './i';",
      "import './j.css';",
      "const k = () => import('./k');",
      "import { z } from 'zod';",
      "// import { no } from './comment';",
      "/** import { no } from './doc'; */",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual(['./a', '../b', './c', './d', './e', './g', './h', './i', './j.css', 'zod', './k']);
  });

  it('resolves a relative specifier to a .ts, .tsx or index file of the graph, and nothing else', () => {
    const files = new Set(['server/a.ts', 'src/b.tsx', 'src/c/index.ts']);
    expect(resolveSpecifier('server/x/y.ts', '../a', files)).toBe('server/a.ts');
    expect(resolveSpecifier('src/y.ts', './b', files)).toBe('src/b.tsx');
    expect(resolveSpecifier('src/y.ts', './c', files)).toBe('src/c/index.ts');
    expect(resolveSpecifier('src/y.ts', './missing', files)).toBeUndefined();
    expect(resolveSpecifier('src/y.ts', 'zod', files)).toBeUndefined();
  });

  it('finds each strongly connected component once, and a file that imports itself', () => {
    const graph = graphOf({
      'a.ts': ['b.ts'],
      'b.ts': ['c.ts', 'd.ts'],
      'c.ts': ['a.ts'],
      'd.ts': ['e.ts'],
      'e.ts': ['d.ts', 'f.ts'],
      'f.ts': [],
      'g.ts': ['g.ts'],
      'h.ts': ['a.ts', 'f.ts'],
    });
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts', 'e.ts'], ['g.ts']]);
    expect(describeCycles(findCycles(graph))).toEqual(['a.ts ↔ b.ts ↔ c.ts', 'd.ts ↔ e.ts', 'g.ts']);
  });

  it('finds none in a graph that only flows one way, however deep', () => {
    const chain = graphOf(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`m${i}.ts`, i > 0 ? [`m${i - 1}.ts`] : []])));
    expect(findCycles(chain)).toEqual([]);
    chain.get('m0.ts')!.add('m4999.ts');
    expect(findCycles(chain)).toHaveLength(1);
    expect(findCycles(chain)[0]).toHaveLength(5_000);
  });
});

describe('our source (server, schemas, src, machines)', () => {
  const graph = buildImportGraph(process.cwd());

  it('is read whole: every folder, with its imports', () => {
    expect(graph.size).toBeGreaterThan(400);
    expect(graph.get('server/app.ts')!.size).toBeGreaterThan(5);
    expect([...graph.keys()].some((file) => file.startsWith('machines/'))).toBe(true);
  });

  it('has no import cycle: move the piece both sides need into its own module', () => {
    expect(describeCycles(findCycles(graph))).toEqual([]);
  });

  it('has service folders that depend one way (access, answers ← projects ← uploads ← report ← submit)', () => {
    const folderOf = (file: string) => /^server\/services\/([^/]+)\//.exec(file)?.[1];
    const folders: ImportGraph = new Map();
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      if (!from) continue;
      const edges = folders.get(from) ?? folders.set(from, new Set()).get(from)!;
      for (const target of targets) {
        const to = folderOf(target);
        if (to && to !== from) edges.add(to);
      }
    }
    expect(folders.size).toBeGreaterThanOrEqual(6);
    expect(describeCycles(findCycles(folders))).toEqual([]);
  });
});
