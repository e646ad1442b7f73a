import { z } from 'zod';
import { AI_SIGN_HEADERS } from '../../schemas/ai/signature';
import type { Contract, FileRoute } from '../../schemas/api/contract';
import { API_TOKEN_SCOPE_LABELS } from '../../schemas/api/api-tokens';
import { tokenScopeOf, type TTokenScopeOfCall } from '../../schemas/api/token-scope';
import { groupExamples, type GroupExample } from './openapi-examples';
import { shareRepeatedSchemas } from './openapi-shared';

/** The OpenAPI 3.1 document of the API, built from the contracts of schemas/api/ (architecture.md "The API contract"). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  components: Record<string, unknown>;
  paths: Record<string, Record<string, OpenApiOperation>>;
}
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** The API token scope the call needs (schemas/api/token-scope.ts); 'none': no API token may make it. */
  'x-token-scope': TTokenScopeOfCall;
  /** The group's runnable example, on the group's representative call. */
  'x-codeSamples'?: { lang: string; label: string; source: string }[];
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
function securityOf(auth: Contract['auth'], scope: TTokenScopeOfCall): Record<string, string[]>[] {
  const ways: Record<string, string[]>[] = [{ token: [] }, { cookie: [] }, ...(scope === 'none' ? [] : [{ apiToken: [] }])];
  return auth === 'required' ? ways : [{}, ...ways];
}

const SCOPE_TEXT: Record<TTokenScopeOfCall, string> = {
  read: `API 令牌：${API_TOKEN_SCOPE_LABELS.read}或${API_TOKEN_SCOPE_LABELS.write}令牌均可调用`,
  write: `API 令牌：需${API_TOKEN_SCOPE_LABELS.write}令牌（只读令牌答复 "403"）`,
  none: 'API 令牌：不可调用（答复 "403"），请登录后在页面上操作',
};

/** How a personal API token is made and used: the apiToken scheme's description. */
const API_TOKEN_DOC =
  "个人 API 令牌（`wjp_` 开头）：在「账号设置 → API 令牌」创建，只显示一次。放在请求头 `token` 中（`curl -H 'token: wjp_…'`），不能放在 cookie 中。" +
  '**只读**令牌只能调用读取项目、题目、统计报表和导出数据的接口（每个接口的 `x-token-scope` 为 read）；**读写**令牌可调用账号能调用的全部接口，' +
  '但修改密码、登录设备、管理令牌、注销账号、充值和余额支付等账号操作任何令牌都不能调用（x-token-scope 为 none）。令牌删除或过期后答复 "401"。';

/** The signing headers of a call of the AI base (schemas/ai/signature.ts). */
const AI_SIGN_PARAMETERS = [
  { name: AI_SIGN_HEADERS.timestamp, description: '毫秒时间戳，与服务器时间相差不超过 5 分钟' },
  { name: AI_SIGN_HEADERS.nonce, description: '16 位随机字母或数字，同一值不可重复使用' },
  { name: AI_SIGN_HEADERS.signature, description: '签名：见文档说明「AI 调用签名」' },
].map((p) => ({ ...p, in: 'header', required: true, schema: { type: 'string' } }));

function callOperation(contract: Contract): OpenApiOperation {
  const okMessage = contract.okMessage ?? '成功';
  const scope = tokenScopeOf(contract.path);
  return {
    operationId: contract.path,
    summary: contract.summary ?? contract.path,
    tags: [tagOf(contract.path)],
    'x-token-scope': scope,
    security: securityOf(contract.auth, scope),
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
  const scope = tokenScopeOf(route.path, 'GET');
  return {
    operationId: `GET ${route.path}`,
    summary: route.summary ?? route.path,
    tags: [tagOf(route.path)],
    'x-token-scope': scope,
    security: securityOf(route.auth, scope),
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
  const examples = groupExamples(calls, files, tagOf);
  for (const example of examples.values()) {
    const operation = paths[`/api/${example.path}`]![example.method === 'POST' ? 'post' : 'get']!;
    operation['x-codeSamples'] = [{ lang: 'Shell', label: 'curl', source: example.curl }];
  }
  const tags = [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: '问卷通 API',
      version: '1',
      description:
        '每个调用都是 POST {apiBase}{path}，JSON 请求体；答复总是 HTTP 200 的 { resultCode, resultMsg, data }（spec §7、§8）。登录后令牌在 HttpOnly cookie `token` 中，也可放在请求头 `token`。' +
        '\n\n' +
        API_TOKEN_DOC +
        ' 每组接口的说明里有一条可直接运行的 curl 示例（`BASE_URL` 为站点地址，如 `export BASE_URL=https://你的站点`）。' +
        AI_SIGNING_DOC,
    },
    servers: [{ url: '/' }],
    tags: tags.map((name) => ({ name, ...describeTag(examples.get(name)) })),
    components: {
      schemas,
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
        apiToken: { type: 'apiKey', in: 'header', name: 'token', description: API_TOKEN_DOC },
      },
    },
    paths,
  };
}

/** A group's description: its curl example, with the call it makes and the token scope it needs. */
function describeTag(example: GroupExample | undefined): { description?: string } {
  if (!example) return {};
  return { description: `示例（${example.summary}，${SCOPE_TEXT[example.scope]}）：\n\n\`\`\`bash\n${example.curl}\n\`\`\`` };
}
