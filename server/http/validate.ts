import type { z } from 'zod';
import { badInput } from '../services/errors';

/** Parse a body with its Zod schema; the first issue becomes a "400" naming the field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, quick?: (body: unknown) => z.output<T> | null): z.output<T> {
  const input = storable(body ?? {});
  const fast = quick?.(input);
  if (fast) return fast;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : 'body';
  const message = issue.code === 'invalid_type' && !/[\u4e00-\u9fa5]/.test(issue.message) ? `类型错误，应为 ${issue.expected}` : issue.message;
  throw badInput(`${field}: ${message}`, field);
}

/**
 * PostgreSQL text cannot hold U+0000, and jsonb refuses a lone UTF-16 surrogate ("\ud800", which JSON.stringify
 * writes as an escape): NUL is dropped and a lone surrogate becomes U+FFFD in every string and key before
 * validation, so such input is stored, not a fault.
 */
export function storable(value: unknown, depth = 0): unknown {
  // Almost no body holds either: look first, copy only when there is something to mend.
  return needsMending(value, depth) ? mended(value, depth) : value;
}

const badString = (text: string) => text.includes('\u0000') || !text.isWellFormed();
const mendString = (text: string) => text.replaceAll('\u0000', '').toWellFormed();

function needsMending(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return badString(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => needsMending(v, depth + 1));
  for (const k in value) if (badString(k) || needsMending((value as Record<string, unknown>)[k], depth + 1)) return true;
  return false;
}

function mended(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return mendString(value);
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => mended(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[mendString(k)] = mended(v, depth + 1);
  return out;
}
