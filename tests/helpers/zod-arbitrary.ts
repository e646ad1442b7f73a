import fc from 'fast-check';
import type { z } from 'zod';

/**
 * A small Zod 4 → fast-check walker: from a request schema, values that look valid — the right keys and types,
 * strings within their lengths and patterns, numbers within their bounds, enum and literal members. Refinements
 * are not solved, so some values are refused: the point is to get past the outer checks into the handlers.
 * Reads `schema._zod.def` (zod 4's public definition object); zod-fast-check targets zod 3.
 */

interface Check {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: Check } }>;
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, string | number>;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] => (def.checks ?? []).map((c) => c._zod.def);

/** Keys an object may leave out (optional, or filled in by a default). */
export function isOptionalKey(schema: z.ZodType): boolean {
  const type = defOf(schema).type;
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional' || type === 'optional' || type === 'default' || type === 'prefault';
}

const json = fc.jsonValue({ maxDepth: 2 });
const MAX_DEPTH = 8;

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  let min = 0;
  let max = Infinity;
  const patterns: RegExp[] = def.pattern ? [def.pattern] : [];
  let format = def.format;
  for (const c of checks) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum ?? 0);
    if (c.check === 'max_length') max = Math.min(max, c.maximum ?? Infinity);
    if (c.check === 'length_equals') min = max = c.length ?? 0;
    if (c.check === 'string_format') {
      format ??= c.format;
      if (c.pattern) patterns.push(c.pattern);
    }
  }
  const fits = (s: string) => s.length >= min && s.length <= max && patterns.every((p) => new RegExp(p.source, p.flags.replace('g', '')).test(s));
  let base: fc.Arbitrary<string>;
  if (format === 'email') base = fc.emailAddress();
  else if (format === 'uuid' || format === 'guid') base = fc.uuid();
  else if (format === 'datetime') base = fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2099-12-31') }).map((d) => d.toISOString());
  else if (format === 'date')
    base = fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2099-12-31') }).map((d) => d.toISOString().slice(0, 10));
  else if (format === 'url') base = fc.webUrl();
  else if (patterns[0]) {
    try {
      base = fc.stringMatching(patterns[0]);
    } catch {
      base = fc.string();
    }
  } else {
    const upper = Math.min(max, min + 16);
    base = fc.oneof(fc.string({ minLength: min, maxLength: upper }), fc.string({ unit: 'grapheme', minLength: min, maxLength: upper }));
  }
  // A value that cannot be made to fit still goes out: the server must refuse it cleanly.
  return base.map((s) => (fits(s) ? s : s.slice(0, Number.isFinite(max) ? max : s.length).padEnd(min, '1')));
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const c of checksOf(def)) {
    if (c.check === 'number_format' && c.format && /int/.test(c.format)) integer = true;
    if (c.check === 'greater_than') min = Math.max(min, Number(c.value) + (c.inclusive ? 0 : integer ? 1 : 1e-6));
    if (c.check === 'less_than') max = Math.min(max, Number(c.value) - (c.inclusive ? 0 : integer ? 1 : 1e-6));
  }
  if (min > max) return fc.constant(min);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
}

function lengthBounds(def: Def): { minLength: number; maxLength: number } {
  let minLength = 0;
  let maxLength = Infinity;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') minLength = Math.max(minLength, c.minimum ?? 0);
    if (c.check === 'max_length') maxLength = Math.min(maxLength, c.maximum ?? Infinity);
    if (c.check === 'length_equals') minLength = maxLength = c.length ?? 0;
  }
  return { minLength, maxLength: Math.max(minLength, Math.min(maxLength, minLength + 3)) };
}

/** Values shaped like what `schema` accepts. */
export function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > MAX_DEPTH) return fc.constant(null);
  const next = (s: z.ZodType) => arbitraryOf(s, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
    case 'int':
      return numberArbitrary(def);
    case 'bigint':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
    case 'never':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: '' }));
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'object': {
      const shape = def.shape ?? {};
      const model = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, next(value)]));
      const requiredKeys = Object.entries(shape)
        .filter(([, value]) => !isOptionalKey(value))
        .map(([key]) => key);
      return fc.record(model, { requiredKeys }) as fc.Arbitrary<unknown>;
    }
    case 'array':
      return fc.array(next(def.element!), lengthBounds(def));
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(next));
    case 'union':
      return fc.oneof(...(def.options ?? []).map(next));
    case 'intersection':
      return fc
        .tuple(next(def.left!), next(def.right!))
        .map(([l, r]) => (l && r && typeof l === 'object' && typeof r === 'object' && !Array.isArray(l) ? { ...l, ...r } : r));
    case 'record': {
      const keyDef = defOf(def.keyType!);
      const keys = keyDef.type === 'enum' || keyDef.type === 'literal' ? next(def.keyType!) : next(def.keyType!).filter((k) => typeof k === 'string');
      return fc.dictionary(keys as fc.Arbitrary<string>, next(def.valueType!), { maxKeys: 3 });
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(next(def.innerType!), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(next(def.innerType!), { nil: null, freq: 4 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return next(def.innerType!);
    case 'pipe':
      return next(def.in!);
    case 'lazy':
      return next(def.getter!());
    case 'success':
      return fc.boolean();
    default:
      // any, unknown, custom, transform, map, set, file, template_literal …: anything JSON can carry.
      return json;
  }
}
