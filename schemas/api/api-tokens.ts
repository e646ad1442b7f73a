import { z } from 'zod';
import { contract, ZNull } from './contract';

/**
 * Personal API tokens (issue 53 item 1). A token is made on the account page, shown once, and sent by scripts as
 * the spec's `token` header (a session's token goes there too). 'read' tokens make only the calls listed in
 * schemas/api/token-scope.ts; 'write' tokens make every call their user may, except the account's own credentials
 * and tokens (TOKEN_FORBIDDEN there). Only the SHA-256 is stored; `prefix` (the first characters) tells them apart.
 */
export const API_TOKEN_PREFIX = 'wjp_';
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export const ZApiTokenScope = z.enum(API_TOKEN_SCOPES, { error: '请选择令牌权限' });
export type TApiTokenScope = z.infer<typeof ZApiTokenScope>;
export const API_TOKEN_SCOPE_LABELS: Record<TApiTokenScope, string> = { read: '只读', write: '读写' };
/** Expiry choices in days (null: never). */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const API_TOKEN_LIMITS = { perUser: 20, nameMax: 30 } as const;

export const API_TOKEN_MESSAGES = {
  readOnly: '只读令牌不能执行写入操作',
  notForTokens: 'API 令牌不能执行此操作，请登录后在页面上操作',
  tooMany: `最多创建 ${API_TOKEN_LIMITS.perUser} 个令牌，请先删除不用的令牌`,
  gone: '该令牌不存在或已删除',
  nameRequired: '请填写令牌名称',
  created: '令牌已创建，请立即复制保存，关闭后将无法再次查看',
  revoked: '令牌已删除',
} as const;

export const ZApiTokenItem = z.object({
  tokenId: z.number(),
  name: z.string(),
  scope: ZApiTokenScope,
  /** The first characters of the token (wjp_ and 4 more), to tell tokens apart. */
  prefix: z.string(),
  createTime: z.string(),
  /** null: never expires. */
  expireTime: z.string().nullable(),
  lastUsedTime: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  expired: z.boolean(),
});
export type TApiTokenItem = z.infer<typeof ZApiTokenItem>;

export const ZCreateApiTokenRequest = z.object({
  name: z
    .string({ error: API_TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(API_TOKEN_LIMITS.nameMax, `令牌名称最多 ${API_TOKEN_LIMITS.nameMax} 个字`),
  scope: ZApiTokenScope,
  /** null: never expires. */
  expireDays: z.union([z.literal(7), z.literal(30), z.literal(90), z.literal(365)], { error: '请选择有效期' }).nullable(),
});
/** The token itself, shown this once. */
export const ZCreateApiTokenResponse = ZApiTokenItem.extend({ token: z.string() });
export const ZRevokeApiTokenRequest = z.object({ tokenId: z.coerce.number({ error: '请选择令牌' }).int().positive().max(2_147_483_647) });

const P = 'activity/user';
export const apiTokenCalls = {
  getApiTokenList: contract({
    path: `${P}/getApiTokenList`,
    summary: 'API 令牌列表',
    request: z.object({}).passthrough(),
    response: z.object({ list: z.array(ZApiTokenItem) }),
    auth: 'required',
  }),
  createApiToken: contract({
    path: `${P}/createApiToken`,
    summary: '创建 API 令牌',
    request: ZCreateApiTokenRequest,
    response: ZCreateApiTokenResponse,
    auth: 'required',
    okMessage: API_TOKEN_MESSAGES.created,
  }),
  revokeApiToken: contract({
    path: `${P}/revokeApiToken`,
    summary: '删除 API 令牌',
    request: ZRevokeApiTokenRequest,
    response: ZNull,
    auth: 'required',
    okMessage: API_TOKEN_MESSAGES.revoked,
  }),
};
