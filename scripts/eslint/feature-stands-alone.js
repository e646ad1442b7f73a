/**
 * ESLint rule `wenjuan/feature-stands-alone` (src/features only; issue 45 item 5): no `src/features/<a>` folder
 * imports another `src/features/<b>`. A feature is one product area's screens, components and hooks; what two
 * features share lives below them, in `src/ui` (feature-free primitives), `src/app` (the shell: session, navigation,
 * kinds) or a shared folder named for what it holds (`src/subjects`, `src/orders` …) — the zones bulletproof-react
 * draws with `import/no-restricted-paths`, here without a plugin.
 *
 * Every way a file names another counts: static imports (type-only too: a type still ties one feature to the
 * other), re-exports and literal dynamic `import()`. A specifier is resolved against the importing file's folder;
 * only relative specifiers can reach a feature (the project has no path aliases).
 */
import path from 'node:path';

const FEATURE = /^(.*\/src\/features)\/([^/]+)\//;

/** `{ root, name }` of the feature folder a path lies in (posix path), or null outside src/features. */
export function featureOf(file) {
  const m = FEATURE.exec(file.split(path.sep).join('/'));
  return m ? { root: m[1], name: m[2] } : null;
}

/** The feature another feature's file reaches with `specifier`, or null when the import stays home or leaves src/features. */
export function foreignFeature(filename, specifier) {
  const from = featureOf(filename);
  if (!from || typeof specifier !== 'string' || !specifier.startsWith('.')) return null;
  const target = featureOf(path.posix.join(path.posix.dirname(filename.split(path.sep).join('/')), specifier) + '/');
  if (!target || target.root !== from.root || target.name === from.name) return null;
  return { from: from.name, to: target.name };
}

export const featureStandsAlone = {
  meta: {
    type: 'problem',
    docs: { description: 'A src/features folder imports no other feature: shared code lives in src/ui, src/app or a shared folder' },
    schema: [],
    messages: {
      foreign:
        "src/features/{{from}} imports src/features/{{to}} ('{{specifier}}'): features stand alone. Move what both need to src/ui, src/app or a shared folder named for what it holds.",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    if (!featureOf(filename)) return {};
    const check = (source) => {
      if (!source || source.type !== 'Literal') return;
      const foreign = foreignFeature(filename, source.value);
      if (foreign) context.report({ node: source, messageId: 'foreign', data: { ...foreign, specifier: source.value } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
