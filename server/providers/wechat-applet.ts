import type { TEnv } from '../env';

/**
 * The brand's WeChat mini-program (小程序) as the share tools need it: a 小程序码 for a page (wxacode.getUnlimited)
 * and a 小程序链接 that opens it from outside WeChat (urllink.generate). Configured by WECHAT_APPLET_APPID and
 * WECHAT_APPLET_SECRET; without them there is no applet and the calls say what to configure.
 */
export interface WechatApplet {
  appId: string;
  /** The code image (WeChat answers a JPEG or PNG) for `page` with `scene` (at most 32 visible characters). */
  unlimitedCode(page: string, scene: string): Promise<{ image: Buffer; mime: string }>;
  /** A URL Link (https://wxaurl.cn/…) opening `path` with `query`, valid for `days` days. */
  urlLink(path: string, query: string, days: number): Promise<string>;
}

export class WechatAppletError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`微信小程序接口错误 ${errcode}：${errmsg}`);
  }
}

const TIMEOUT_MS = 10_000;
/** A token is renewed this long before WeChat's expiry. */
const EARLY_MS = 300_000;

interface TConfig {
  appId: string;
  secret: string;
  base: string;
}

export function wechatAppletClient(config: TConfig, fetcher: typeof fetch = fetch, now: () => number = Date.now): WechatApplet {
  let token: { value: string; until: number } | null = null;
  const json = async (response: Response) => (await response.json()) as { errcode?: number; errmsg?: string } & Record<string, unknown>;
  async function accessToken(): Promise<string> {
    if (token && token.until > now()) return token.value;
    const url = `${config.base}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(config.appId)}&secret=${encodeURIComponent(config.secret)}`;
    const body = await json(await fetcher(url, { signal: AbortSignal.timeout(TIMEOUT_MS) }));
    if (typeof body.access_token !== 'string') throw new WechatAppletError(body.errcode ?? -1, body.errmsg ?? '获取 access_token 失败');
    token = { value: body.access_token, until: now() + Number(body.expires_in ?? 7200) * 1000 - EARLY_MS };
    return token.value;
  }
  const post = async (path: string, payload: object) =>
    fetcher(`${config.base}${path}?access_token=${encodeURIComponent(await accessToken())}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  return {
    appId: config.appId,
    async unlimitedCode(page, scene) {
      const response = await post('/wxa/getwxacodeunlimit', { scene, page, check_path: false, width: 430 });
      const mime = response.headers.get('content-type') ?? '';
      if (mime.startsWith('image/')) return { image: Buffer.from(await response.arrayBuffer()), mime: mime.split(';')[0]! };
      const body = await json(response);
      throw new WechatAppletError(body.errcode ?? -1, body.errmsg ?? '生成小程序码失败');
    },
    async urlLink(path, query, days) {
      const body = await json(await post('/wxa/generate_urllink', { path, query, expire_type: 1, expire_interval: days }));
      if (body.errcode || typeof body.url_link !== 'string') throw new WechatAppletError(body.errcode ?? -1, body.errmsg ?? '生成小程序链接失败');
      return body.url_link;
    },
  };
}

const clients = new WeakMap<TEnv, WechatApplet>();

/** The applet of this env, or null when WECHAT_APPLET_APPID and WECHAT_APPLET_SECRET are not both set. */
export function wechatAppletFromEnv(env: TEnv): WechatApplet | null {
  if (!env.WECHAT_APPLET_APPID || !env.WECHAT_APPLET_SECRET) return null;
  const known = clients.get(env);
  if (known) return known;
  const client = wechatAppletClient({ appId: env.WECHAT_APPLET_APPID, secret: env.WECHAT_APPLET_SECRET, base: env.WECHAT_APPLET_API_BASE });
  clients.set(env, client);
  return client;
}
