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
  // Almost no body holds one: look first, copy only when there is something to drop.
  return hasNul(value, depth) ? dropNul(value, depth) : value;
}

function hasNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  for (const k in value) if (k.includes('\u0000') || hasNul((value as Record<string, unknown>)[k], depth + 1)) return true;
  return false;
}

function dropNul(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => dropNul(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k.replaceAll('\u0000', '')] = dropNul(v, depth + 1);
  return out;
}
