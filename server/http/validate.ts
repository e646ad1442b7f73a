import type { z } from 'zod';
import { badInput } from './errors';

/** Parse a body with its Zod schema; the first issue becomes a "400" naming the field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(withoutNul(body ?? {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : 'body';
  const message = issue.code === 'invalid_type' && !/[\u4e00-\u9fa5]/.test(issue.message) ? `类型错误，应为 ${issue.expected}` : issue.message;
  throw badInput(`${field}: ${message}`, field);
}

/** PostgreSQL text cannot hold U+0000: it is dropped from every string before validation. */
export function withoutNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withoutNul(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k.replaceAll('\u0000', '')] = withoutNul(v, depth + 1);
  return out;
}
