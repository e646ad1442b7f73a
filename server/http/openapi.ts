import { z } from 'zod';
import type { Contract, FileRoute } from '../../schemas/api/contract';
import { shareRepeatedSchemas } from './openapi-shared';

/** The OpenAPI 3.1 document of the API, built from the contracts of schemas/api/ (architecture.md "The API contract"). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  components: Record<string, unknown>;
  paths: Record<string, Record<string, OpenApiOperation>>;
}
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: Record<string, unknown>[];
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content: Record<string, { schema: unknown }> }>;
}

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of one side of a Zod schema; what JSON cannot say becomes `{}`. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Every answer is this envelope with HTTP 200 (spec §8); `data` is the call's response. */
const envelopeOf = (data: JsonSchema, okMessage: string): JsonSchema => ({
  type: 'object',
  properties: {
    resultCode: { type: 'string', description: '"200" 成功；"401" 未登录或登录失效；"400" "403" "404" "409" "429" "500" 见 resultMsg' },
    resultMsg: { type: 'string', examples: [okMessage] },
    data,
  },
  required: ['resultCode', 'resultMsg', 'data'],
});

const tagOf = (path: string) => path.split('/').slice(0, -1).join('/') || path;
const securityOf = (auth: Contract['auth']): Record<string, string[]>[] =>
  auth === 'required' ? [{ token: [] }, { cookie: [] }] : [{}, { token: [] }, { cookie: [] }];

function callOperation(contract: Contract): OpenApiOperation {
  const okMessage = contract.okMessage ?? '成功';
  return {
    operationId: contract.path,
    summary: contract.summary ?? contract.path,
    tags: [tagOf(contract.path)],
    security: securityOf(contract.auth),
    requestBody: {
      required: true,
      content: { [contract.multipart ? 'multipart/form-data' : 'application/json']: { schema: jsonSchemaOf(contract.request, 'input') } },
    },
    responses: {
      '200': { description: okMessage, content: { 'application/json': { schema: envelopeOf(jsonSchemaOf(contract.response, 'output'), okMessage) } } },
    },
  };
}

function fileOperation(route: FileRoute): OpenApiOperation {
  const query = jsonSchemaOf(route.query, 'input');
  const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query.required ?? []) as string[]);
  const media = route.mediaType ?? 'application/octet-stream';
  return {
    operationId: `GET ${route.path}`,
    summary: route.summary ?? route.path,
    tags: [tagOf(route.path)],
    security: securityOf(route.auth),
    parameters: Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema })),
    responses: {
      '200': { description: route.mediaType ? '事件流' : '文件', content: { [media]: { schema: { type: 'string', contentMediaType: media } } } },
    },
  };
}

/** The document of the calls this app registered (development calls only where they are on) and its file routes. */
export function openApiDocument(calls: readonly Contract[], files: readonly FileRoute[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const contract of calls) (paths[`/api/${contract.path}`] ??= {}).post = callOperation(contract);
  for (const route of files) (paths[`/api/${route.path}`] ??= {}).get = fileOperation(route);
  const schemas = shareRepeatedSchemas(
    Object.entries(paths).flatMap(([path, ops]) =>
      Object.values(ops).flatMap((op) => {
        const name = path.split('/').slice(-2).join('.');
        return [
          ...Object.values(op.requestBody?.content ?? {}).map((media) => ({
            name: `${name}.request`,
            holder: media as Record<string, unknown>,
            key: 'schema',
          })),
          ...Object.values(op.responses['200']?.content ?? {}).map((media) => ({
            name: `${name}.response`,
            holder: media as Record<string, unknown>,
            key: 'schema',
          })),
        ];
      }),
    ),
  );
  const tags = [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: '问卷通 API',
      version: '1',
      description:
        '每个调用都是 POST {apiBase}{path}，JSON 请求体；答复总是 HTTP 200 的 { resultCode, resultMsg, data }（spec §7、§8）。登录后令牌在 HttpOnly cookie `token` 中，也可放在请求头 `token`。',
    },
    servers: [{ url: '/' }],
    tags: tags.map((name) => ({ name })),
    components: {
      schemas,
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
      },
    },
    paths,
  };
}
