import type { z } from 'zod';

/** Where an integer sits in a request: object keys, `[]` for an array's items, `{}` for a record's values. */
export type FieldPath = string[];

export interface IntegerField {
  path: FieldPath;
  /** The bounds the schema enforces (±Infinity when it sets none: Zod's `.int()` alone allows ±2^53). */
  min: number;
  max: number;
}

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: { check: string; value?: number | bigint; inclusive?: boolean; format?: string } } }>;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** An integer number schema's bounds, or null when the schema is not an integer. */
function integerBounds(def: Def): { min: number; max: number } | null {
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  if (!checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? ''))) return null;
  let min = -Infinity;
  let max = Infinity;
  for (const c of checks) {
    if (c.check === 'greater_than') min = Math.max(min, Number(c.value) + (c.inclusive ? 0 : 1));
    if (c.check === 'less_than') max = Math.min(max, Number(c.value) - (c.inclusive ? 0 : 1));
    if (c.check === 'number_format' && c.format === 'int32') {
      min = Math.max(min, -2_147_483_648);
      max = Math.min(max, 2_147_483_647);
    }
  }
  return { min, max };
}

/**
 * Every integer field a request schema accepts, with its bounds (zod 4's `_zod.def`, as tests/helpers/zod-arbitrary.ts
 * reads it). Each union branch is walked; a field found twice at the same path with the same bounds is listed once.
 */
export function integerFields(schema: z.ZodType): IntegerField[] {
  const found = new Map<string, IntegerField>();
  const walk = (s: z.ZodType, path: FieldPath, depth: number): void => {
    if (depth > 24) return;
    const def = defOf(s);
    const next = (child: z.ZodType | null | undefined, at: FieldPath = path): void => {
      if (child) walk(child, at, depth + 1);
    };
    switch (def.type) {
      case 'number': {
        const bounds = integerBounds(def);
        if (bounds) found.set(`${path.join('.')}|${bounds.min}|${bounds.max}`, { path, ...bounds });
        return;
      }
      case 'object':
        for (const [key, child] of Object.entries(def.shape ?? {})) next(child, [...path, key]);
        return next(def.catchall, [...path, '{}']);
      case 'array':
        return next(def.element, [...path, '[]']);
      case 'tuple':
        def.items?.forEach((item, i) => next(item, [...path, String(i)]));
        return next(def.rest, [...path, '[]']);
      case 'record':
        return next(def.valueType, [...path, '{}']);
      case 'union':
        return def.options?.forEach((option) => next(option));
      case 'intersection':
        next(def.left);
        return next(def.right);
      case 'pipe':
        // A transform's output is the server's own value; a pipe into another schema checks both.
        next(def.in);
        return defOf(def.out!).type === 'transform' ? undefined : next(def.out);
      case 'lazy':
        return next(def.getter?.());
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        return next(def.innerType);
      default:
        return;
    }
  };
  walk(schema, [], 0);
  return [...found.values()];
}

/** A copy of `body` with `value` put at `path`, making the objects and one-item arrays on the way. */
export function withValueAt(body: unknown, path: FieldPath, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '[]') {
    const items = Array.isArray(body) && body.length ? [...body] : [{}];
    items[0] = withValueAt(items[0], rest, value);
    return items;
  }
  const holder = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  const key = head === '{}' ? (Object.keys(holder)[0] ?? 'k1') : head;
  holder[key] = withValueAt(holder[key], rest, value);
  return holder;
}
