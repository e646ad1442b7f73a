import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  in?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  innerType?: z.ZodType;
}

/**
 * The top-level field names a request schema accepts (zod 4): an object's keys, the union of a union's or an
 * intersection's members, through pipes, refinements, defaults and optionals. Anything else has none.
 */
export function requestFields(schema: z.ZodType): Set<string> {
  const out = new Set<string>();
  const walk = (s: z.ZodType | undefined, depth: number) => {
    if (!s || depth > 16) return;
    const def = (s as unknown as { _zod: { def: Def } })._zod.def;
    if (def.type === 'object') for (const key of Object.keys(def.shape ?? {})) out.add(key);
    for (const option of def.options ?? []) walk(option, depth + 1);
    walk(def.in, depth + 1);
    walk(def.left, depth + 1);
    walk(def.right, depth + 1);
    walk(def.innerType, depth + 1);
  };
  walk(schema, 0);
  return out;
}
