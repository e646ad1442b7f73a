// Shared by the free-text types (6, 7, 10, 25): length limits and their messages.
import { z } from 'zod/mini';
import { textLength } from './base';
import { msg, type SubjectMessage } from './messages';

export const MAX_TEXT_LENGTH = 100_000;
export const ZTextAnswer = z.string().check(z.maxLength(MAX_TEXT_LENGTH));

export const ZLengthLimits = {
  minLength: z.optional(z.number().check(z.int(), z.gte(1), z.lte(MAX_TEXT_LENGTH))),
  maxLength: z.number().check(z.int(), z.gte(1), z.lte(MAX_TEXT_LENGTH)),
};

export const lengthLimitsOrdered = (c: { minLength?: number; maxLength: number }) => c.minLength === undefined || c.minLength <= c.maxLength;

export function lengthRules(text: string, c: { minLength?: number; maxLength: number }, ref?: string): SubjectMessage[] {
  const n = textLength(text);
  if (c.minLength !== undefined && n < c.minLength) return [msg.minLength(c.minLength, ref)];
  if (n > c.maxLength) return [msg.maxLength(c.maxLength, ref)];
  return [];
}

/** Trims strings; leaves anything else for the schema to refuse. */
export const trimIfString = (raw: unknown) => (typeof raw === 'string' ? raw.trim() : raw);
