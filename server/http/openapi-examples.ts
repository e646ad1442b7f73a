import { z } from 'zod';
import type { Contract } from '../../schemas/api/contract';
import { tokenScopeOf, type TTokenScopeOfCall } from '../../schemas/api/token-scope';

/**
 * The curl example of each call group (issue 53 item 1): the group's representative call (a call a read token may
 * make when the group has one, else its first) with a body built from the call's request schema (required fields
 * only, each with the simplest value the schema takes) and checked by that schema, so the example is a valid
 * request. Placeholders the reader replaces: the site ($BASE_URL), the token and the project's id.
 */
export const EXAMPLE_PLACEHOLDERS = { base: '$BASE_URL', token: 'wjp_你的令牌', questionId: 'YOUR_QUESTION_ID' } as const;

type JsonSchema = Record<string, unknown>;

/** Field names whose example is a placeholder the reader fills in. */
/** The request's JSON Schema (as openapi.ts's jsonSchemaOf; not imported from there, which imports this module). */
const requestSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;

const NAMED: Record<string, unknown> = { questionId: EXAMPLE_PLACEHOLDERS.questionId };

function exampleOf(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return null;
  if (name in NAMED) return NAMED[name];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const choices = schema[key] as JsonSchema[] | undefined;
    if (choices?.length) return exampleOf(choices.find((c) => c.type !== 'null') ?? choices[0], name);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) return exampleOf(schema.allOf[0] as JsonSchema, name);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((key) => [key, exampleOf(properties[key], key)]));
    }
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => exampleOf(schema.items as JsonSchema));
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
    case 'boolean':
      return false;
    case 'string':
      return stringExample(schema);
    default:
      return null;
  }
}

function stringExample(schema: JsonSchema): string {
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  const min = Number(schema.minLength ?? 0);
  return min > 2 ? 'a'.repeat(min) : '示例';
}

/** A valid example body of `contract`, or null when the simple values above do not satisfy its schema. */
export function exampleBody(contract: Contract): Record<string, unknown> | null {
  if (contract.multipart) return null;
  const body = exampleOf(requestSchemaOf(contract.request));
  if (!body || typeof body !== 'object') return null;
  return contract.request.safeParse(body).success ? (body as Record<string, unknown>) : null;
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The curl command of one call with `body`. */
export function curlOf(contract: Contract, body: Record<string, unknown>): string {
  return [
    `curl -X POST "${EXAMPLE_PLACEHOLDERS.base}/api/${contract.path}"`,
    `  -H 'content-type: application/json'`,
    `  -H 'token: ${EXAMPLE_PLACEHOLDERS.token}'`,
    `  -d ${shellQuote(JSON.stringify(body))}`,
  ].join(' \\\n');
}

export interface GroupExample {
  contract: Contract;
  scope: TTokenScopeOfCall;
  curl: string;
}

/** Each group's example: its first read call with a valid example body, else its first call with one. */
export function groupExamples(calls: readonly Contract[], groupOf: (path: string) => string): Map<string, GroupExample> {
  const byGroup = new Map<string, Contract[]>();
  for (const contract of calls) byGroup.set(groupOf(contract.path), [...(byGroup.get(groupOf(contract.path)) ?? []), contract]);
  const out = new Map<string, GroupExample>();
  for (const [group, members] of byGroup) {
    const ranked = [...members].sort((a, b) => rank(a) - rank(b));
    for (const contract of ranked) {
      const body = exampleBody(contract);
      if (!body) continue;
      out.set(group, { contract, scope: tokenScopeOf(contract.path), curl: curlOf(contract, body) });
      break;
    }
  }
  return out;
}

/** Read calls first, then write calls, then the calls no token may make (their example still shows the shape). */
const rank = (contract: Contract) => ({ read: 0, write: 1, none: 2 })[tokenScopeOf(contract.path)];
