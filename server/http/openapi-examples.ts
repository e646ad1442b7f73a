import { z } from 'zod';
import type { Contract, FileRoute } from '../../schemas/api/contract';
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

const NAMED: Record<string, unknown> = {
  questionId: EXAMPLE_PLACEHOLDERS.questionId,
  orderNo: '20260101120000000001',
  deviceId: 'YOUR_DEVICE_ID',
};

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
  const schema = requestSchemaOf(contract.request);
  const body = exampleOf(schema);
  if (!body || typeof body !== 'object') return null;
  if (contract.request.safeParse(body).success) return body as Record<string, unknown>;
  // A body that names one of several optional owners (a webhook call: questionId or voteId): the project's.
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const named = Object.fromEntries(
    Object.keys(properties)
      .filter((key) => key in NAMED && !(key in body))
      .map((key) => [key, NAMED[key]]),
  );
  const fuller = { ...named, ...body };
  return Object.keys(named).length && contract.request.safeParse(fuller).success ? fuller : null;
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** An upload's form (multipart/form-data): its required fields, the file as `@本地文件`. */
function multipartCurl(contract: Contract): string {
  const schema = requestSchemaOf(contract.request);
  const required = (schema.required ?? []) as string[];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const fields = required.map((key) => (properties[key]?.format === 'binary' ? `${key}=@./photo.jpg` : `${key}=${String(exampleOf(properties[key], key))}`));
  return [
    `curl -X POST "${EXAMPLE_PLACEHOLDERS.base}/api/${contract.path}"`,
    `  -H 'token: ${EXAMPLE_PLACEHOLDERS.token}'`,
    ...fields.map((field) => `  -F ${shellQuote(field)}`),
  ].join(' \\\n');
}

/** A GET file route's command: its required query parameters. */
function fileCurl(route: FileRoute): string {
  const schema = requestSchemaOf(route.query);
  const required = (schema.required ?? []) as string[];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const query = required.map((key) => `${key}=${encodeURIComponent(String(exampleOf(properties[key], key)))}`).join('&');
  return `curl -OJ "${EXAMPLE_PLACEHOLDERS.base}/api/${route.path}${query ? `?${query}` : ''}" \\\n  -H 'token: ${EXAMPLE_PLACEHOLDERS.token}'`;
}

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
  /** The call the example makes (a POST call, or a GET file route's path). */
  path: string;
  summary: string;
  method: 'POST' | 'GET';
  scope: TTokenScopeOfCall;
  curl: string;
}

/**
 * Each group's example: its first read call with a valid example body, else its first call with one; an upload
 * group's first upload (a form); a group of GET file routes only, its first route.
 */
export function groupExamples(calls: readonly Contract[], files: readonly FileRoute[], groupOf: (path: string) => string): Map<string, GroupExample> {
  const byGroup = new Map<string, Contract[]>();
  for (const contract of calls) byGroup.set(groupOf(contract.path), [...(byGroup.get(groupOf(contract.path)) ?? []), contract]);
  const out = new Map<string, GroupExample>();
  for (const [group, members] of byGroup) {
    const ranked = [...members].sort((a, b) => rank(a) - rank(b));
    for (const contract of ranked) {
      const body = contract.multipart ? null : exampleBody(contract);
      if (!body && !contract.multipart) continue;
      const curl = body ? curlOf(contract, body) : multipartCurl(contract);
      out.set(group, { path: contract.path, summary: contract.summary ?? contract.path, method: 'POST', scope: tokenScopeOf(contract.path), curl });
      break;
    }
  }
  for (const route of files) {
    const group = groupOf(route.path);
    if (out.has(group)) continue;
    out.set(group, { path: route.path, summary: route.summary ?? route.path, method: 'GET', scope: tokenScopeOf(route.path, 'GET'), curl: fileCurl(route) });
  }
  return out;
}

/** Read calls first, then write calls, then the calls no token may make (their example still shows the shape). */
const rank = (contract: Contract) => ({ read: 0, write: 1, none: 2 })[tokenScopeOf(contract.path)];
