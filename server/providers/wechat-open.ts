import { WECHAT_OPEN_KEYS, type TEnv } from '../env';

/**
 * The WeChat Open Platform's third-party platform API (微信开放平台第三方平台), the one adapter every WeChat
 * authorisation goes through (issue 46 item 5; issue 47's vote identity builds on it). It speaks HTTP to
 * WECHAT_OPEN_API_BASE (api.weixin.qq.com; a local fake in the tests) and knows nothing of the database.
 */
export interface WechatOpenConfig {
  appId: string;
  appSecret: string;
  token: string;
  aesKey: string;
  apiBase: string;
  authPage: string;
  /** WeChat's web authorisation (open.weixin.qq.com): connect/oauth2/authorize. */
  oauthBase: string;
}

/** Who a web authorisation code stood for (sns/oauth2/component/access_token). */
export interface OauthIdentity {
  openid: string;
  /** Only when the official account is tied to an Open Platform account. */
  unionid: string | null;
  scope: string;
}

/** What api_query_auth and api_get_authorizer_info answer that we keep. */
export interface AuthorizationInfo {
  authorizerAppid: string;
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  funcIds: number[];
}
export interface AuthorizerProfile {
  nickName: string;
  headImg: string;
  userName: string;
  principalName: string;
  alias: string;
  qrcodeUrl: string;
  serviceType: number;
  verifyType: number;
  /** A mini-program carries MiniProgramInfo; an official account does not. */
  miniProgram: boolean;
}

export interface WechatOpen {
  config: WechatOpenConfig;
  componentToken(ticket: string): Promise<{ token: string; expiresIn: number }>;
  preAuthCode(componentToken: string): Promise<{ code: string; expiresIn: number }>;
  queryAuth(componentToken: string, authCode: string): Promise<AuthorizationInfo>;
  authorizerInfo(componentToken: string, authorizerAppid: string): Promise<AuthorizerProfile>;
  /** A fresh authorizer access token from its refresh token (api_authorizer_token). */
  authorizerToken(
    componentToken: string,
    authorizerAppid: string,
    refreshToken: string,
  ): Promise<{ accessToken: string; expiresIn: number; refreshToken: string }>;
  /** The page the account's administrator scans to authorise (auth_type 1 official accounts, 2 mini-programs, 3 both). */
  authorizeUrl(preAuthCode: string, redirectUri: string, authType: number): string;
  /** The JS-SDK's jsapi_ticket of an official account (cgi-bin/ticket/getticket with its authorizer access token). */
  jsapiTicket(authorizerAccessToken: string): Promise<{ ticket: string; expiresIn: number }>;
  /**
   * WeChat's web authorisation for a bound official account, the platform acting for it (代公众号发起网页授权):
   * the voter's browser goes here and comes back to redirectUri with ?code=…&state=… (snsapi_base: silent).
   */
  oauthUrl(authorizerAppid: string, redirectUri: string, state: string): string;
  /** The code the browser came back with, exchanged once for the voter's openid (and unionid when present). */
  oauthIdentity(componentToken: string, authorizerAppid: string, code: string): Promise<OauthIdentity>;
  /** The official account's templates (代公众号调用 cgi-bin/template/get_all_private_template). */
  privateTemplates(authorizerAccessToken: string): Promise<WechatTemplate[]>;
  /** Sends a template message for the account (cgi-bin/message/template/send); its msgid. A refusal throws with WeChat's errcode. */
  sendTemplate(authorizerAccessToken: string, message: TemplateMessage): Promise<{ msgid: string }>;
}

/** One of an official account's own templates (cgi-bin/template/get_all_private_template). */
export interface WechatTemplate {
  templateId: string;
  title: string;
  /** e.g. "活动名称：{{thing1.DATA}}\n时间：{{time2.DATA}}" */
  content: string;
}

/** A template message (公众号模板消息): to one openid of the account, its fields by key, opening `url` when tapped. */
export interface TemplateMessage {
  touser: string;
  templateId: string;
  url: string;
  data: Record<string, { value: string }>;
}

/** WeChat answered with an errcode, or could not be reached. */
export class WechatOpenError extends Error {
  constructor(
    message: string,
    public readonly errcode: number | null,
  ) {
    super(message);
    this.name = 'WechatOpenError';
  }
}

/** The WECHAT_OPEN_* keys that are not set (all four are needed). */
export const missingWechatOpenKeys = (env: TEnv): string[] => WECHAT_OPEN_KEYS.filter((key) => !env[key]);

export function wechatOpenConfig(env: TEnv): WechatOpenConfig | null {
  if (missingWechatOpenKeys(env).length) return null;
  return {
    appId: env.WECHAT_OPEN_APPID!,
    appSecret: env.WECHAT_OPEN_APPSECRET!,
    token: env.WECHAT_OPEN_TOKEN!,
    aesKey: env.WECHAT_OPEN_AES_KEY!,
    apiBase: env.WECHAT_OPEN_API_BASE.replace(/\/+$/, ''),
    authPage: env.WECHAT_OPEN_AUTH_PAGE,
    oauthBase: env.WECHAT_OAUTH_BASE.replace(/\/+$/, ''),
  };
}

type Json = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

const TIMEOUT_MS = 10_000;

export function wechatOpenClient(config: WechatOpenConfig, fetcher: typeof fetch = fetch): WechatOpen {
  const post = (path: string, componentToken: string | null, body: Json): Promise<Json> =>
    send(`${config.apiBase}/cgi-bin/component/${path}${componentToken ? `?component_access_token=${encodeURIComponent(componentToken)}` : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  async function send(url: string, init: RequestInit): Promise<Json> {
    let response: Response;
    try {
      response = await fetcher(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new WechatOpenError('无法连接微信开放平台，请稍后重试', null);
    }
    let answer: Json;
    try {
      answer = obj(await response.json());
    } catch {
      throw new WechatOpenError(`微信开放平台的应答无法解析（HTTP ${response.status}）`, null);
    }
    const errcode = num(answer.errcode);
    if (errcode !== 0) throw new WechatOpenError(`微信开放平台返回错误 ${errcode}：${text(answer.errmsg) || '未知错误'}`, errcode);
    return answer;
  }
  const need = (value: string, what: string) => {
    if (!value) throw new WechatOpenError(`微信开放平台的应答缺少 ${what}`, null);
    return value;
  };

  return {
    config,
    async componentToken(ticket) {
      const a = await post('api_component_token', null, {
        component_appid: config.appId,
        component_appsecret: config.appSecret,
        component_verify_ticket: ticket,
      });
      return { token: need(text(a.component_access_token), 'component_access_token'), expiresIn: num(a.expires_in) || 7200 };
    },
    async preAuthCode(componentToken) {
      const a = await post('api_create_preauthcode', componentToken, { component_appid: config.appId });
      return { code: need(text(a.pre_auth_code), 'pre_auth_code'), expiresIn: num(a.expires_in) || 1800 };
    },
    async queryAuth(componentToken, authCode) {
      const a = await post('api_query_auth', componentToken, { component_appid: config.appId, authorization_code: authCode });
      const info = obj(a.authorization_info);
      const funcs = Array.isArray(info.func_info) ? info.func_info : [];
      return {
        authorizerAppid: need(text(info.authorizer_appid), 'authorizer_appid'),
        accessToken: text(info.authorizer_access_token),
        expiresIn: num(info.expires_in) || 7200,
        refreshToken: text(info.authorizer_refresh_token),
        funcIds: funcs.map((f) => num(obj(obj(f).funcscope_category).id)).filter((id) => id > 0),
      };
    },
    async authorizerInfo(componentToken, authorizerAppid) {
      const a = await post('api_get_authorizer_info', componentToken, { component_appid: config.appId, authorizer_appid: authorizerAppid });
      const info = obj(a.authorizer_info);
      return {
        nickName: text(info.nick_name),
        headImg: text(info.head_img),
        userName: text(info.user_name),
        principalName: text(info.principal_name),
        alias: text(info.alias),
        qrcodeUrl: text(info.qrcode_url),
        serviceType: num(obj(info.service_type_info).id),
        verifyType: num(obj(info.verify_type_info).id),
        miniProgram: info.MiniProgramInfo !== undefined,
      };
    },
    async authorizerToken(componentToken, authorizerAppid, refreshToken) {
      const a = await post('api_authorizer_token', componentToken, {
        component_appid: config.appId,
        authorizer_appid: authorizerAppid,
        authorizer_refresh_token: refreshToken,
      });
      return {
        accessToken: need(text(a.authorizer_access_token), 'authorizer_access_token'),
        expiresIn: num(a.expires_in) || 7200,
        refreshToken: text(a.authorizer_refresh_token) || refreshToken,
      };
    },
    authorizeUrl(preAuthCode, redirectUri, authType) {
      const url = new URL(config.authPage);
      url.searchParams.set('component_appid', config.appId);
      url.searchParams.set('pre_auth_code', preAuthCode);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('auth_type', String(authType));
      return url.toString();
    },
    async jsapiTicket(authorizerAccessToken) {
      const a = await send(`${config.apiBase}/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(authorizerAccessToken)}&type=jsapi`, {
        method: 'GET',
      });
      return { ticket: need(text(a.ticket), 'ticket'), expiresIn: num(a.expires_in) || 7200 };
    },
    oauthUrl(authorizerAppid, redirectUri, state) {
      const url = new URL(`${config.oauthBase}/connect/oauth2/authorize`);
      // WeChat reads these in this order; the fragment tells its browser to follow the redirect.
      url.searchParams.set('appid', authorizerAppid);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', 'snsapi_base');
      url.searchParams.set('state', state);
      url.searchParams.set('component_appid', config.appId);
      return `${url.toString()}#wechat_redirect`;
    },
    async oauthIdentity(componentToken, authorizerAppid, code) {
      const url = new URL(`${config.apiBase}/sns/oauth2/component/access_token`);
      url.searchParams.set('appid', authorizerAppid);
      url.searchParams.set('code', code);
      url.searchParams.set('grant_type', 'authorization_code');
      url.searchParams.set('component_appid', config.appId);
      url.searchParams.set('component_access_token', componentToken);
      const a = await send(url.toString(), { method: 'GET' });
      return { openid: need(text(a.openid), 'openid'), unionid: text(a.unionid) || null, scope: text(a.scope) };
    },
    async privateTemplates(authorizerAccessToken) {
      const a = await send(`${config.apiBase}/cgi-bin/template/get_all_private_template?access_token=${encodeURIComponent(authorizerAccessToken)}`, {
        method: 'GET',
      });
      const list = Array.isArray(a.template_list) ? a.template_list : [];
      return list
        .map((t) => obj(t))
        .map((t) => ({ templateId: text(t.template_id), title: text(t.title), content: text(t.content) }))
        .filter((t) => t.templateId !== '');
    },
    async sendTemplate(authorizerAccessToken, message) {
      const a = await send(`${config.apiBase}/cgi-bin/message/template/send?access_token=${encodeURIComponent(authorizerAccessToken)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ touser: message.touser, template_id: message.templateId, url: message.url, data: message.data }),
      });
      const msgid = a.msgid;
      return { msgid: typeof msgid === 'number' || typeof msgid === 'string' ? String(msgid) : '' };
    },
  };
}

/** The adapter from the environment, or null when a key is missing (every call then says what to configure). */
export const wechatOpenFromEnv = (env: TEnv): WechatOpen | null => {
  const config = wechatOpenConfig(env);
  return config ? wechatOpenClient(config) : null;
};
