import { COMPONENT_MESSAGES, type TAuthInfo, type TAuthInfoList, type TAuthKind, type TAuthPay } from '../../../schemas/api/component';
import type { WechatAuthorizerRow } from '../../db/rows';
import { missingWechatOpenKeys, type WechatOpen } from '../../providers/wechat-open';
import type { Deps } from '../deps';
import { AppError, badInput, notFound, tooMany } from '../errors';
import { componentAccessToken, upstream } from './component-token.service';
import { sharedCredential } from './shared-credential';
import { masked, seal, unseal } from './sealed';

/**
 * The official accounts and mini-programs a user authorised (activity/component/*): the authorisation page's
 * address, the callback that stores the account, and list / view / delete / pay settings of the caller's own
 * bindings (another user's is "not found"). Tokens stay on the server; a pay key is answered masked.
 */
type Row = Pick<
  WechatAuthorizerRow,
  | 'id'
  | 'authorizer_appid'
  | 'kind'
  | 'nick_name'
  | 'head_img'
  | 'user_name'
  | 'principal_name'
  | 'service_type'
  | 'verify_type'
  | 'status'
  | 'applet_source'
  | 'pay_mch_id'
  | 'created_at'
>;
const COLUMNS =
  'id, authorizer_appid, kind, nick_name, head_img, user_name, principal_name, service_type, verify_type, status, applet_source, pay_mch_id, created_at';

const view = (row: Row): TAuthInfo => ({
  authId: row.id,
  authorizerAppid: row.authorizer_appid,
  kind: row.kind,
  nickName: row.nick_name,
  headImg: row.head_img,
  userName: row.user_name,
  principalName: row.principal_name,
  serviceType: row.service_type,
  verifyType: row.verify_type,
  status: row.status,
  appletSource: row.applet_source,
  hasPay: row.pay_mch_id !== null,
  createTime: new Date(row.created_at).toISOString(),
});

/** What acting for a bound account needs of the app (a background sender has no more). */
export type WechatDeps = Pick<Deps, 'database' | 'env' | 'wechatOpen' | 'now'>;

/** The adapter, or the refusal naming what to configure. */
export function requireOpen(deps: Pick<Deps, 'env' | 'wechatOpen'>): WechatOpen {
  if (!deps.wechatOpen) throw new AppError('409', COMPONENT_MESSAGES.notConfigured, { missingEnv: missingWechatOpenKeys(deps.env) });
  return deps.wechatOpen;
}

/** getPreAuthCode: the page the administrator scans, returning to /bindingServicer/index.html with auth_code. */
export async function preAuthUrl(deps: Deps, origin: string, authType: number): Promise<{ url: string; expiresIn: number }> {
  const open = requireOpen(deps);
  const token = await componentAccessToken(deps, open);
  const code = await open.preAuthCode(token).catch(upstream);
  return { url: open.authorizeUrl(code.code, `${origin}/bindingServicer/index.html`, authType), expiresIn: code.expiresIn };
}

/** getAuthorizerInfo: the callback's auth_code exchanged (api_query_auth), the account read and stored for the caller. */
export async function completeAuthorisation(deps: Deps, userId: number, input: { authCode: string; appletSource?: number }): Promise<TAuthInfo> {
  const open = requireOpen(deps);
  const token = await componentAccessToken(deps, open);
  const auth = await open.queryAuth(token, input.authCode).catch(upstream);
  const profile = await open.authorizerInfo(token, auth.authorizerAppid).catch(upstream);
  const now = deps.now();
  const [row] = await deps.database.query<Row>(
    `INSERT INTO wechat_authorizers (user_id, authorizer_appid, kind, applet_source, nick_name, head_img, user_name, principal_name, service_type,
       verify_type, func_ids, access_token, access_token_expires_at, refresh_token, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, 'authorized', $15, $15)
     ON CONFLICT (user_id, authorizer_appid) DO UPDATE SET kind = excluded.kind, applet_source = COALESCE(excluded.applet_source, wechat_authorizers.applet_source),
       nick_name = excluded.nick_name, head_img = excluded.head_img, user_name = excluded.user_name, principal_name = excluded.principal_name,
       service_type = excluded.service_type, verify_type = excluded.verify_type, func_ids = excluded.func_ids, access_token = excluded.access_token,
       access_token_expires_at = excluded.access_token_expires_at, refresh_token = excluded.refresh_token, status = 'authorized', updated_at = excluded.updated_at
     RETURNING ${COLUMNS}`,
    [
      userId,
      auth.authorizerAppid,
      profile.miniProgram ? 'mini' : 'mp',
      input.appletSource ?? null,
      profile.nickName,
      profile.headImg,
      profile.userName,
      profile.principalName,
      profile.serviceType,
      profile.verifyType,
      JSON.stringify(auth.funcIds),
      auth.accessToken || null,
      new Date(now.getTime() + auth.expiresIn * 1000),
      auth.refreshToken || null,
      now,
    ],
  );
  return view(row!);
}

/** getAuthInfoList (every binding) and getVoteAuthInfoList (the authorised official accounts a vote can use). */
export async function listAuthorizers(deps: Deps, userId: number, origin: string, filter: { kind?: TAuthKind; forVote?: boolean }): Promise<TAuthInfoList> {
  const kind = filter.forVote ? 'mp' : (filter.kind ?? null);
  const rows = await deps.database.query<Row>(
    `SELECT ${COLUMNS} FROM wechat_authorizers WHERE user_id = $1 AND ($2::text IS NULL OR kind = $2) AND (NOT $3::boolean OR status = 'authorized')
     ORDER BY id DESC LIMIT 200`,
    [userId, kind, filter.forVote === true],
  );
  const missingEnv = missingWechatOpenKeys(deps.env);
  return { list: rows.map(view), total: rows.length, configured: missingEnv.length === 0, missingEnv, notifyUrl: `${origin}/wechat/component/notify` };
}

export async function oneAuthorizer(deps: Deps, userId: number, authId: number): Promise<TAuthInfo> {
  const [row] = await deps.database.query<Row>(`SELECT ${COLUMNS} FROM wechat_authorizers WHERE id = $1 AND user_id = $2`, [authId, userId]);
  if (!row) throw notFound(COMPONENT_MESSAGES.notFound);
  return view(row);
}

/** delAuthInfo: the caller's binding and its tokens removed (the administrator may also cancel in WeChat). */
export async function removeAuthorizer(deps: Deps, userId: number, authId: number): Promise<null> {
  const rows = await deps.database.query('DELETE FROM wechat_authorizers WHERE id = $1 AND user_id = $2 RETURNING id', [authId, userId]);
  if (!rows.length) throw notFound(COMPONENT_MESSAGES.notFound);
  return null;
}

type PayRow = Pick<WechatAuthorizerRow, 'id' | 'pay_mch_id' | 'pay_api_key'>;
const payView = (deps: Deps, row: PayRow): TAuthPay => ({
  authId: row.id,
  mchId: row.pay_mch_id,
  apiKeyMasked: row.pay_api_key ? masked(unseal(deps.secret, row.pay_api_key) ?? '????') : null,
});

export async function authorizerPay(deps: Deps, userId: number, authId: number): Promise<TAuthPay> {
  const [row] = await deps.database.query<PayRow>('SELECT id, pay_mch_id, pay_api_key FROM wechat_authorizers WHERE id = $1 AND user_id = $2', [
    authId,
    userId,
  ]);
  if (!row) throw notFound(COMPONENT_MESSAGES.notFound);
  return payView(deps, row);
}

/** upDateAuthPay: the 商户号 and, when given, a new API key (sealed); the first time the key is required. */
export async function updateAuthorizerPay(deps: Deps, userId: number, input: { authId: number; mchId: string; apiKey?: string }): Promise<TAuthPay> {
  const current = await authorizerPay(deps, userId, input.authId);
  const apiKey = input.apiKey ? seal(deps.secret, input.apiKey) : null;
  if (!apiKey && !current.apiKeyMasked) throw badInput(COMPONENT_MESSAGES.apiKeyRequired, 'apiKey');
  const [row] = await deps.database.query<PayRow>(
    `UPDATE wechat_authorizers SET pay_mch_id = $3, pay_api_key = COALESCE($4, pay_api_key), updated_at = $5 WHERE id = $1 AND user_id = $2
     RETURNING id, pay_mch_id, pay_api_key`,
    [input.authId, userId, input.mchId, apiKey, deps.now()],
  );
  if (!row) throw notFound(COMPONENT_MESSAGES.notFound);
  return payView(deps, row);
}

type TokenRow = Pick<WechatAuthorizerRow, 'authorizer_appid' | 'access_token' | 'access_token_expires_at' | 'refresh_token' | 'status'>;
const TOKEN_COLUMNS = 'authorizer_appid, access_token, access_token_expires_at, refresh_token, status';

async function renewAuthorizerToken(deps: WechatDeps, userId: number, authId: number, claimed: TokenRow): Promise<string> {
  try {
    const open = requireOpen(deps);
    const fresh = await open.authorizerToken(await componentAccessToken(deps, open), claimed.authorizer_appid, claimed.refresh_token!);
    await deps.database.query(
      `UPDATE wechat_authorizers SET access_token = $3, access_token_expires_at = $4, refresh_token = $5, token_claim_until = NULL, updated_at = $6
       WHERE id = $1 AND user_id = $2`,
      [authId, userId, fresh.accessToken, new Date(deps.now().getTime() + fresh.expiresIn * 1000), fresh.refreshToken, deps.now()],
    );
    return fresh.accessToken;
  } catch (error) {
    await deps.database.query('UPDATE wechat_authorizers SET token_claim_until = NULL WHERE id = $1', [authId]);
    return upstream(error);
  }
}

/**
 * A live access token of one of the user's bound accounts, to act for it (issue 47's vote identity, share cards,
 * notices): the stored one while it has five minutes left, else a new one from its refresh token
 * (api_authorizer_token), renewed by one process while the others wait for its row (sharedCredential: WeChat may
 * rotate the refresh token with each renewal). A cancelled binding has none.
 */
export async function authorizerAccessToken(deps: WechatDeps, userId: number, authId: number): Promise<{ appid: string; accessToken: string }> {
  const read = async () =>
    (await deps.database.query<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM wechat_authorizers WHERE id = $1 AND user_id = $2`, [authId, userId]))[0];
  const row = await read();
  if (!row || row.status !== 'authorized' || !row.refresh_token) throw notFound(COMPONENT_MESSAGES.notFound);
  const accessToken = await sharedCredential<TokenRow>({
    now: deps.now,
    read,
    value: (r) => r.access_token,
    expiresAt: (r) => r.access_token_expires_at,
    claim: async (until, now) =>
      (
        await deps.database.query<TokenRow>(
          `UPDATE wechat_authorizers SET token_claim_until = $3
           WHERE id = $1 AND user_id = $2 AND status = 'authorized' AND (token_claim_until IS NULL OR token_claim_until <= $4)
           RETURNING ${TOKEN_COLUMNS}`,
          [authId, userId, until, now],
        )
      )[0],
    fetch: (claimed) => renewAuthorizerToken(deps, userId, authId, claimed),
    release: async () => void (await deps.database.query('UPDATE wechat_authorizers SET token_claim_until = NULL WHERE id = $1', [authId])),
    waitSteps: 100,
    busy: () => tooMany('公众号授权凭证正在更新，请稍后重试'),
  });
  return { appid: row.authorizer_appid, accessToken };
}
