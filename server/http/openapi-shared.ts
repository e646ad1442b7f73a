type Json = unknown;

/** Below this size (characters of JSON) a repeated schema stays inline: a $ref would not make the document smaller. */
const MIN_SHARED_SIZE = 600;

/** The keywords whose values are schemas (JSON Schema 2020-12), as Zod writes them. */
const SCHEMA_MAPS = ['properties', '$defs', 'patternProperties'] as const;
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SCHEMA_ONE = ['items', 'additionalProperties', 'not', 'propertyNames'] as const;

/** Call `fn` on each direct subschema of a schema, with a name part and a way to replace it. */
function forEachSubschema(node: Record<string, Json>, fn: (child: Json, part: string, put: (value: Json) => void) => void): void {
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (!isObject(map)) continue;
    const copy = { ...map };
    node[key] = copy;
    for (const [prop, child] of Object.entries(copy)) fn(child, prop, (value) => (copy[prop] = value));
  }
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    const copy = [...list];
    node[key] = copy;
    copy.forEach((child, i) => fn(child, variantName(child) ?? `${key}${i}`, (value) => (copy[i] = value)));
  }
  for (const key of SCHEMA_ONE) if (isObject(node[key])) fn(node[key], key === 'items' ? 'item' : key, (value) => (node[key] = value));
}

/** A union member named by its constant field (`subjectType1`), when it has one. */
function variantName(schema: Json): string | undefined {
  if (!isObject(schema) || !isObject(schema.properties)) return undefined;
  for (const [prop, value] of Object.entries(schema.properties)) if (isObject(value) && 'const' in value) return `${prop}${String(value.const)}`;
  return undefined;
}

const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Move every schema that occurs more than once (the subject union, the project settings, a page of rows …) into
 * `components.schemas` and point at it with `$ref`, so each is written once: the editor's calls repeat the
 * 38-type subject union, which made the document over a megabyte. A shared schema is named after where it first
 * occurs (`editor.saveWxQuestion.request.subjects.item`), which is what a reader of the reference looks for.
 * `roots` are the places schemas sit, each with its name; they are rewritten in place.
 */
export function shareRepeatedSchemas(roots: { name: string; holder: Record<string, Json>; key: string }[]): Record<string, Json> {
  const seen = new Map<string, { count: number; name: string; size: number }>();
  const visit = (node: Json, name: string) => {
    if (!isObject(node)) return;
    const text = JSON.stringify(node);
    const entry = seen.get(text);
    if (entry) entry.count += 1;
    else seen.set(text, { count: 1, name, size: text.length });
    forEachSubschema(node, (child, part) => visit(child, part ? `${name}.${part}` : name));
  };
  for (const root of roots) visit(root.holder[root.key], root.name);

  const shared = new Map<string, string>();
  const names = new Set<string>();
  // Largest first, so a shared schema's own repeated parts are shared inside it too.
  for (const [text, entry] of [...seen].sort((a, b) => b[1].size - a[1].size)) {
    if (entry.count < 2 || entry.size < MIN_SHARED_SIZE) continue;
    let name = entry.name.replace(/[^A-Za-z0-9._-]/g, '_');
    for (let n = 2; names.has(name); n++) name = `${entry.name}_${n}`;
    names.add(name);
    shared.set(text, name);
  }

  const components: Record<string, Json> = {};
  const rewrite = (node: Json, isShared = false): Json => {
    if (!isObject(node)) return node;
    const name = isShared ? undefined : shared.get(JSON.stringify(node));
    if (name) {
      if (!(name in components)) {
        components[name] = {};
        components[name] = rewrite(node, true);
      }
      return { $ref: `#/components/schemas/${name}` };
    }
    const copy: Record<string, Json> = { ...node };
    forEachSubschema(copy, (child, _part, put) => put(rewrite(child)));
    return copy;
  };
  for (const root of roots) root.holder[root.key] = rewrite(root.holder[root.key]);
  return components;
}
