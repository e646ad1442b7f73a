/**
 * The import graph of our own source and its cycles (issue 18). A cycle is a strongly connected component of the
 * graph of relative imports: every file in it reaches every other one. Static, type-only and literal dynamic
 * imports all count, because each is a design dependency: a type import still ties a module to the one that
 * declares the type, and a lazy `import()` still means the importer knows the imported file. No parser needed:
 * our files spell imports one way (Prettier), so a pattern over the text finds them.
 */
import fs from 'node:fs';
import path from 'node:path';

/** file → the files it imports; paths relative to the root, with `/`. */
export type ImportGraph = Map<string, Set<string>>;

/** The folders whose files take part, relative to the repository root. */
export const SOURCE_DIRS = ['server', 'schemas', 'src', 'machines'] as const;

const STATIC_IMPORT = /(?:^|[;}\n])\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Strips comments so examples in doc comments are not read as imports (strings keep their text). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');
}

/** The module specifiers a file's text imports or re-exports, in order, relative or not. */
export function importSpecifiers(source: string): string[] {
  const text = withoutComments(source);
  const found: string[] = [];
  for (const pattern of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
    for (const match of text.matchAll(pattern)) found.push(match[1]!);
  }
  return found;
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative specifier names, or undefined for packages and for files outside the graph. */
export function resolveSpecifier(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.join(path.posix.dirname(from), specifier).replace(/\.js$/, '');
  return EXTENSIONS.map((ext) => base + ext).find((candidate) => files.has(candidate));
}

/** The .ts/.tsx files under `dir` (relative to `root`, with `/`), declaration files left out. */
export function listSources(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')));
}

/** Reads every .ts/.tsx file under `dirs` (relative to `root`) and links each to the files it imports. */
export function buildImportGraph(root: string, dirs: readonly string[] = SOURCE_DIRS): ImportGraph {
  const files = new Set(dirs.flatMap((dir) => listSources(root, dir)));
  const graph: ImportGraph = new Map();
  for (const file of [...files].sort()) {
    const targets = importSpecifiers(fs.readFileSync(path.join(root, file), 'utf8'))
      .map((specifier) => resolveSpecifier(file, specifier, files))
      .filter((target): target is string => target !== undefined);
    graph.set(file, new Set(targets));
  }
  return graph;
}

/**
 * The cycles of a graph: each strongly connected component with more than one file, or one file importing
 * itself (Tarjan's algorithm, iterative so a deep graph cannot overflow the stack). Files are sorted within a
 * cycle and cycles by their first file, so the output is stable.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const targetsOf = (node: string) => [...(graph.get(node) ?? [])];

  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; targets: string[]; i: number }[] = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, targets: targetsOf(node), i: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      if (frame.i < frame.targets.length) {
        const target = frame.targets[frame.i++]!;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One line per cycle for a failure message: its files joined by ` ↔ `, each once. */
export function describeCycles(cycles: string[][]): string[] {
  return cycles.map((cycle) => cycle.join(' ↔ '));
}
