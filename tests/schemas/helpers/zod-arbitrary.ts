// A small Zod (v4) → fast-check walker: generates values shaped like a schema (objects, arrays, records,
// unions, enums, literals, bounded strings and numbers). Refinements are not inverted — callers filter with
// the schema itself. `overrides` replaces the generator of any object key by name.
import fc from 'fast-check';
import { safeParse, type z } from 'zod';

export type Overrides = Record<string, fc.Arbitrary<unknown>>;

interface Def {
  type: string;
  [k: string]: unknown;
}
type Check = {
  _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean; format?: string; pattern?: RegExp } };
};

const defOf = (s: z.core.$ZodType) => s._zod.def as unknown as Def;
const checksOf = (s: z.core.$ZodType) => ((defOf(s).checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

const LENGTH_CAP = 6;
const TEXT = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('选项', '满意', '其他', 'A', '北京', ' 空格 ', '<b>粗</b>'));

function lengthBounds(s: z.core.$ZodType): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const c of checksOf(s)) {
    if (c.check === 'min_length') min = c.minimum!;
    if (c.check === 'max_length') max = c.maximum!;
  }
  return { min, max };
}

/** A number schema's bounds and integer format, from its checks (classic and mini build the same ones). */
function numberBounds(s: z.core.$ZodType): { minValue: number | null; maxValue: number | null; isInt: boolean } {
  let minValue: number | null = null;
  let maxValue: number | null = null;
  let isInt = false;
  for (const c of checksOf(s)) {
    if (c.check === 'greater_than') minValue = Math.max(minValue ?? -Infinity, c.value!);
    if (c.check === 'less_than') maxValue = Math.min(maxValue ?? Infinity, c.value!);
    if (c.check === 'number_format' && /int/.test(c.format ?? '')) isInt = true;
  }
  return { minValue, maxValue, isInt };
}

/** Small values most of the time, the whole range sometimes: limits like minPicks stay satisfiable. */
function boundedNumber(s: z.core.$ZodType): fc.Arbitrary<number> {
  const n = numberBounds(s);
  const lo = Math.max(n.minValue ?? -1e6, -1e6);
  const hi = Math.min(n.maxValue ?? 1e6, 1e6);
  if (n.isInt) {
    const small = fc.integer({ min: Math.ceil(lo), max: Math.floor(Math.min(hi, Math.max(lo, 0) + 8)) });
    return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) });
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: Math.ceil(Math.max(lo, -50)), max: Math.floor(Math.min(hi, 50)) }) },
    { weight: 1, arbitrary: fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }) },
  );
}

export function arbitraryOf(schema: z.core.$ZodType, overrides: Overrides = {}, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        const optional = defOf(field).type === 'optional';
        model[key] = overrides[key] ?? arbitraryOf(optional ? (defOf(field).innerType as z.core.$ZodType) : field, overrides, depth + 1);
        if (!optional) requiredKeys.push(key);
      }
      return fc.record(model, { requiredKeys });
    }
    case 'optional':
      return fc.option(arbitraryOf(def.innerType as z.core.$ZodType, overrides, depth + 1), { nil: undefined });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType as z.core.$ZodType, overrides, depth + 1), { nil: null });
    case 'default':
    case 'readonly':
    case 'catch':
      return arbitraryOf(def.innerType as z.core.$ZodType, overrides, depth + 1);
    case 'lazy':
      return depth > 8 ? fc.constant(undefined) : arbitraryOf((def.getter as () => z.core.$ZodType)(), overrides, depth + 1);
    case 'string': {
      const { min, max } = lengthBounds(schema);
      const regex = checksOf(schema).find((c) => c.check === 'string_format' && c.format === 'regex');
      if (regex) return fc.stringMatching(regex.pattern!).filter((x) => x.length >= min && x.length <= max);
      return TEXT.filter((x) => x.length >= min && x.length <= max)
        .map((x) => x)
        .chain((x) => (x.length >= min ? fc.constant(x) : fc.string({ minLength: min, maxLength: Math.min(max, min + 8) })));
    }
    case 'number':
      return boundedNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'array': {
      const { min, max } = lengthBounds(schema);
      return fc.array(arbitraryOf(def.element as z.core.$ZodType, overrides, depth + 1), {
        minLength: min,
        maxLength: Math.min(max, Math.max(min, LENGTH_CAP)),
      });
    }
    case 'record':
      return fc.dictionary(
        arbitraryOf(def.keyType as z.core.$ZodType, overrides, depth + 1) as fc.Arbitrary<string>,
        arbitraryOf(def.valueType as z.core.$ZodType, overrides, depth + 1),
        { maxKeys: 4 },
      );
    case 'union':
      return fc.oneof(...(def.options as z.core.$ZodType[]).map((o) => arbitraryOf(o, overrides, depth + 1)));
    case 'never':
    case 'undefined':
      return fc.constant(undefined);
    default:
      throw new Error(`zod-arbitrary: no generator for "${def.type}"`);
  }
}

/** Values of the schema that pass it (refinements included), as parsed. */
export function validOf<T>(schema: z.core.$ZodType<T>, overrides: Overrides = {}): fc.Arbitrary<T> {
  return arbitraryOf(schema, overrides)
    .map((v) => safeParse(schema, v))
    .filter((r) => r.success)
    .map((r) => r.data as T);
}
