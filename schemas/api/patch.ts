import { z } from 'zod';

/**
 * Every field optional and no defaults filled in: a save that names one setting changes that setting only.
 * (`.partial()` keeps the inner `.default()`s, so a partial body would reset everything it does not name.)
 */
export function patchOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional()]),
  ) as unknown as { [K in keyof Shape]: z.ZodOptional<Shape[K] extends z.ZodDefault<infer Inner> ? Inner : Shape[K]> };
  return z.object(shape);
}
