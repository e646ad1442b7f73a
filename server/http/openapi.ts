import { z } from 'zod';
import { AI_SIGN_HEADERS } from '../../schemas/ai/signature';
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

/** The "AI signing" paragraph of the document (issue 52 item 1). */
const AI_SIGNING_DOC =
  '\n\n**AI 调用签名**：路径以 `ai/` 开头的调用（AI 服务）须带请求头 `timestamp`（毫秒时间戳，±5 分钟内）、`nonce`（16 位随机字母或数字，' +
  '5 分钟内不可重复）和 `signature`。signature = hex(HMAC-SHA256(key, "POST\\n{路径}\\n{timestamp}\\n{nonce}\\n{hex(SHA-256(请求体原文))}"))，' +
  '其中 key 为 `activity/ai/getAiSession` 返回的会话密钥（其文本的 UTF-8 字节，登录期间有效），路径为 `/api/ai/…`。' +
  '时间超出范围答复 "400" 请求时间已过期；签名不符（含签名后改动请求体）"403" 签名校验失败；nonce 重复 "409" 请求重复（任何服务进程都拒绝）。';

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

/** The signing headers of a call of the AI base (schemas/ai/signature.ts). */
const AI_SIGN_PARAMETERS = [
  { name: AI_SIGN_HEADERS.timestamp, description: '毫秒时间戳，与服务器时间相差不超过 5 分钟' },
  { name: AI_SIGN_HEADERS.nonce, description: '16 位随机字母或数字，同一值不可重复使用' },
  { name: AI_SIGN_HEADERS.signature, description: '签名：见文档说明「AI 调用签名」' },
].map((p) => ({ ...p, in: 'header', required: true, schema: { type: 'string' } }));

function callOperation(contract: Contract): OpenApiOperation {
  const okMessage = contract.okMessage ?? '成功';
  return {
    operationId: contract.path,
    summary: contract.summary ?? contract.path,
    tags: [tagOf(contract.path)],
    security: securityOf(contract.auth),
    ...(contract.path.startsWith('ai/') ? { parameters: AI_SIGN_PARAMETERS } : {}),
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
        '每个调用都是 POST {apiBase}{path}，JSON 请求体；答复总是 HTTP 200 的 { resultCode, resultMsg, data }（spec §7、§8）。登录后令牌在 HttpOnly cookie `token` 中，也可放在请求头 `token`。' +
        AI_SIGNING_DOC,
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
