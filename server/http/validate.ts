import type { z } from 'zod';
import { badInput } from './errors';

/** Parse a body with its Zod schema; the first issue becomes a "400" naming the field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : 'body';
  const message = issue.code === 'invalid_type' && !/[\u4e00-\u9fa5]/.test(issue.message) ? `类型错误，应为 ${issue.expected}` : issue.message;
  throw badInput(`${field}: ${message}`, field);
}
