import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TEnv } from '../../server/env';
import { encryptMessage, msgSignature, toXml } from '../../server/providers/wechat-open-crypto';

/**
 * A local stand-in for api.weixin.qq.com's third-party platform calls (no network in tests): it issues component
 * access tokens for the ticket it pushed, pre-auth codes for a live token, and answers api_query_auth and
 * api_get_authorizer_info for the auth codes a test registers as "scanned". It counts what it was asked, and
 * builds the encrypted, signed pushes WeChat posts to the notify URL. It also plays WeChat's web authorisation
 * for the bound accounts (open.weixin.qq.com's connect/oauth2/authorize, then sns/oauth2/component/access_token):
 * "who is signed in to WeChat" in a browser is the cookie fakewx_user on the fake's address (or ?as= in the
 * authorise link), and each user has one openid per official account, as in WeChat. For notices (issue 47 item 4)
 * it lists each account's templates (cgi-bin/template/get_all_private_template) and takes template messages
 * (cgi-bin/message/template/send), keeping what it was sent in `templateMessages` and refusing an openid it never
 * issued for that account (40003), one in `unsubscribed` (43004) or an unknown template (40037). A test in another
 * process (the e2e specs) reads those messages at GET /fake/template-messages, each with the WeChat user its openid
 * was issued to (read-only; WeChat has no such address, the product never calls it).
 */
export const FAKE_OPEN = {
  appId: 'wxfa4e0000c0ffee01',
  appSecret: 'fake-open-secret',
  token: 'fakeOpenToken',
  aesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
} as const;

export interface FakeAccount {
  appid: string;
  nickName: string;
  miniProgram?: boolean;
  serviceType?: number;
  verifyType?: number;
}

export interface FakeWechatOpen {
  url: string;
  /** The env that points an app at this fake. */
  env: Partial<TEnv>;
  calls: Record<string, number>;
  /** The ticket the fake accepts (what push() sends by default). */
  ticket: string;
  /** An administrator scanned and agreed: auth code → account. */
  scanned(authCode: string, account: FakeAccount): void;
  /** Hold api_component_token's answer this long (to make refreshes overlap). */
  tokenDelayMs: number;
  /** Hold cgi-bin/ticket/getticket's answer this long (to make ticket fetches overlap). */
  ticketDelayMs: number;
  /** Hold api_authorizer_token's answer this long (to make access-token renewals overlap). */
  authorizerTokenDelayMs: number;
  /** The jsapi_tickets getticket issued, in order (`calls.getticket` counts the asks). */
  jsapiTickets: string[];
  /**
   * The authorisation page (GET WECHAT_OPEN_AUTH_PAGE): with an account set here it acts as its administrator
   * scanning and agreeing, and sends the browser back to redirect_uri with a fresh auth_code, as WeChat does.
   */
  autoScan: FakeAccount | null;
  /** The openid WeChat gives `user` for the official account `appid` (stable; differs per account). */
  openidOf(appid: string, user: string): string;
  /** A browser signed in to WeChat as `user` follows the authorise link: the address it comes back to (with code and state). */
  authorize(oauthUrl: string, user: string): Promise<string>;
  /** The templates of an official account (two by default; a test may replace them). */
  templates: Map<string, { template_id: string; title: string; content: string }[]>;
  /** Template messages WeChat accepted, in order. */
  templateMessages: { appid: string; touser: string; templateId: string; url: string; data: Record<string, { value: string }> }[];
  /** Openids (of any account) that unfollowed: WeChat refuses to send them template messages (43004). */
  unsubscribed: Set<string>;
  /** A push as WeChat sends it: body and query. */
  push(fields: Record<string, string>, options?: { token?: string; aesKey?: string; appId?: string }): { url: string; body: string };
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => resolve(body));
  });

export async function startFakeWechatOpen(): Promise<FakeWechatOpen> {
  const tokens = new Set<string>();
  const accounts = new Map<string, FakeAccount>();
  const calls: Record<string, number> = {};
  let issued = 0;
  const fake = { ticket: 'ticket@@@fake-1', tokenDelayMs: 0, ticketDelayMs: 0, authorizerTokenDelayMs: 0, autoScan: null as FakeAccount | null };
  /** Web authorisation codes: issued for one account and user, usable once. */
  const oauthCodes = new Map<string, { appid: string; user: string; used: boolean }>();
  const issuedOpenids = new Set<string>();
  /** `${appid}|${openid}` → the WeChat user it was issued to. */
  const openidUsers = new Map<string, string>();
  const openidOf = (appid: string, user: string) => {
    const openid = `o${createHash('sha256').update(`${appid}|${user}`).digest('base64url').slice(0, 27)}`;
    issuedOpenids.add(`${appid}|${openid}`);
    openidUsers.set(`${appid}|${openid}`, user);
    return openid;
  };
  const knownAppid = (appid: string) => [...accounts.values()].some((a) => a.appid === appid && !a.miniProgram);

  /** GET connect/oauth2/authorize: back to redirect_uri with a fresh code for the signed-in user, as WeChat does. */
  const authorizePage = (request: IncomingMessage, url: URL, response: ServerResponse) => {
    const q = url.searchParams;
    const back = q.get('redirect_uri') ?? '';
    const user = q.get('as') ?? /(?:^|;\s*)fakewx_user=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (q.get('component_appid') !== FAKE_OPEN.appId || q.get('response_type') !== 'code') return void response.writeHead(400).end('invalid component_appid');
    if (!knownAppid(q.get('appid') ?? '')) return void response.writeHead(400).end('the official account has not authorised the platform');
    if (!user || !/^https?:\/\//.test(back)) return void response.writeHead(400).end('nobody signed in to WeChat');
    const code = `oauthcode-${oauthCodes.size + 1}-${Math.random().toString(36).slice(2, 10)}`;
    oauthCodes.set(code, { appid: q.get('appid')!, user: decodeURIComponent(user), used: false });
    const state = encodeURIComponent(q.get('state') ?? '');
    response.writeHead(302, { location: `${back}${back.includes('?') ? '&' : '?'}code=${code}&state=${state}&appid=${q.get('appid')}` });
    response.end();
  };
  /** GET sns/oauth2/component/access_token: the code exchanged once, by the account it was issued for. */
  const oauthToken = (q: URLSearchParams): object => {
    if (!tokens.has(q.get('component_access_token') ?? '')) return { errcode: 42001, errmsg: 'component_access_token expired' };
    if (q.get('component_appid') !== FAKE_OPEN.appId) return { errcode: 40013, errmsg: 'invalid appid' };
    const issued = oauthCodes.get(q.get('code') ?? '');
    if (!issued || issued.appid !== q.get('appid')) return { errcode: 40029, errmsg: 'invalid code' };
    if (issued.used) return { errcode: 40163, errmsg: 'code been used' };
    issued.used = true;
    const openid = openidOf(issued.appid, issued.user);
    return {
      access_token: `sns-${openid}`,
      expires_in: 7200,
      refresh_token: `snsrefresh-${openid}`,
      openid,
      scope: 'snsapi_base',
      unionid: `u-${issued.user}`,
    };
  };
  const jsapiTickets: string[] = [];
  /** cgi-bin/ticket/getticket (GET): a jsapi_ticket for an authorizer access token this fake issued. */
  const getTicket = async (query: URLSearchParams): Promise<object> => {
    calls.getticket = (calls.getticket ?? 0) + 1;
    if (!(query.get('access_token') ?? '').startsWith('atoken-')) return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid' };
    if (query.get('type') !== 'jsapi') return { errcode: 40097, errmsg: 'invalid args' };
    if (fake.ticketDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.ticketDelayMs));
    const ticket = `jsapi@@@${jsapiTickets.length + 1}-${Math.random().toString(36).slice(2, 10)}`;
    jsapiTickets.push(ticket);
    return { errcode: 0, errmsg: 'ok', ticket, expires_in: 7200 };
  };

  const templates = new Map<string, { template_id: string; title: string; content: string }[]>();
  const templatesOf = (appid: string) =>
    templates.get(appid) ?? [
      {
        template_id: `tpl-${appid}-signup`,
        title: '报名状态通知',
        content: '活动名称：{{thing1.DATA}}\n报名状态：{{phrase2.DATA}}\n通知时间：{{time3.DATA}}\n说明：{{thing4.DATA}}',
      },
      {
        template_id: `tpl-${appid}-order`,
        title: '订单状态通知',
        content: '{{first.DATA}}\n商品：{{keyword1.DATA}}\n状态：{{keyword2.DATA}}\n时间：{{keyword3.DATA}}\n{{remark.DATA}}',
      },
    ];
  const templateMessages: FakeWechatOpen['templateMessages'] = [];
  const unsubscribed = new Set<string>();
  /** The account an authorizer access token this fake issued stands for (atoken-<appid>[-n]). */
  const appidOfToken = (token: string | null) => /^atoken-([^-]+)/.exec(token ?? '')?.[1] ?? null;
  /** cgi-bin/template/get_all_private_template and cgi-bin/message/template/send. */
  const templateApi = (path: string, query: URLSearchParams, body: Record<string, unknown>): object => {
    const appid = appidOfToken(query.get('access_token'));
    if (!appid) return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid' };
    if (path === '/cgi-bin/template/get_all_private_template') return { template_list: templatesOf(appid) };
    const touser = String(body.touser ?? '');
    if (!issuedOpenids.has(`${appid}|${touser}`)) return { errcode: 40003, errmsg: 'invalid openid' };
    if (unsubscribed.has(touser)) return { errcode: 43004, errmsg: 'require subscribe' };
    if (!templatesOf(appid).some((t) => t.template_id === body.template_id)) return { errcode: 40037, errmsg: 'invalid template_id' };
    const data = (body.data ?? {}) as Record<string, { value: string }>;
    templateMessages.push({ appid, touser, templateId: String(body.template_id), url: String(body.url ?? ''), data });
    return { errcode: 0, errmsg: 'ok', msgid: 200000 + templateMessages.length };
  };

  const answer = async (path: string, query: URLSearchParams, body: Record<string, unknown>): Promise<object> => {
    const live = tokens.has(query.get('component_access_token') ?? '');
    if (path !== 'api_component_token' && !live) return { errcode: 42001, errmsg: 'component_access_token expired' };
    switch (path) {
      case 'api_component_token':
        if (body.component_appid !== FAKE_OPEN.appId || body.component_appsecret !== FAKE_OPEN.appSecret) return { errcode: 40013, errmsg: 'invalid appid' };
        if (body.component_verify_ticket !== fake.ticket) return { errcode: 61006, errmsg: 'component ticket is invalid' };
        if (fake.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.tokenDelayMs));
        issued += 1;
        tokens.add(`ctoken-${issued}`);
        return { component_access_token: `ctoken-${issued}`, expires_in: 7200 };
      case 'api_create_preauthcode':
        return { pre_auth_code: `preauth@@@${issued}-${calls[path]}`, expires_in: 1800 };
      case 'api_query_auth': {
        const account = accounts.get(String(body.authorization_code));
        if (!account) return { errcode: 61010, errmsg: 'code is expired' };
        return {
          authorization_info: {
            authorizer_appid: account.appid,
            authorizer_access_token: `atoken-${account.appid}`,
            expires_in: 7200,
            authorizer_refresh_token: `refresh@@@${account.appid}`,
            func_info: [{ funcscope_category: { id: 1 } }, { funcscope_category: { id: 15 } }],
          },
        };
      }
      case 'api_get_authorizer_info': {
        const account = [...accounts.values()].find((a) => a.appid === body.authorizer_appid);
        if (!account) return { errcode: 61003, errmsg: 'component is not authorized by this account' };
        return {
          authorizer_info: {
            nick_name: account.nickName,
            head_img: `http://wx.qlogo.cn/mmopen/${account.appid}/0`,
            service_type_info: { id: account.serviceType ?? 2 },
            verify_type_info: { id: account.verifyType ?? 0 },
            user_name: `gh_${account.appid.slice(2, 14)}`,
            principal_name: '示例科技有限公司',
            alias: '',
            qrcode_url: '',
            ...(account.miniProgram ? { MiniProgramInfo: { network: {}, categories: [] } } : {}),
          },
        };
      }
      case 'api_authorizer_token': {
        const known = [...accounts.values()].some((a) => a.appid === body.authorizer_appid);
        if (!known || body.authorizer_refresh_token !== `refresh@@@${String(body.authorizer_appid)}`)
          return { errcode: 61023, errmsg: 'refresh_token is invalid' };
        if (fake.authorizerTokenDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.authorizerTokenDelayMs));
        return {
          authorizer_access_token: `atoken-${String(body.authorizer_appid)}-${calls[path]}`,
          expires_in: 7200,
          authorizer_refresh_token: body.authorizer_refresh_token,
        };
      }
      default:
        return { errcode: 40001, errmsg: 'unknown api' };
    }
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      if (request.method === 'GET' && url.pathname === '/cgi-bin/componentloginpage') {
        const back = url.searchParams.get('redirect_uri') ?? '';
        if (!fake.autoScan || !/^https?:\/\//.test(back)) return void response.writeHead(400).end('nobody to scan');
        const code = `queryauthcode@@@${Date.now()}`;
        accounts.set(code, fake.autoScan);
        response.writeHead(302, { location: `${back}${back.includes('?') ? '&' : '?'}auth_code=${encodeURIComponent(code)}&expires_in=600` });
        return void response.end();
      }
      if (request.method === 'GET' && url.pathname === '/cgi-bin/ticket/getticket') {
        const result = await getTicket(url.searchParams);
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end(JSON.stringify(result));
      }
      if (request.method === 'GET' && url.pathname === '/connect/oauth2/authorize') return authorizePage(request, url, response);
      if (request.method === 'GET' && url.pathname === '/fake/template-messages') {
        const read = templateMessages.map((m) => ({ ...m, user: openidUsers.get(`${m.appid}|${m.touser}`) ?? null }));
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end(JSON.stringify({ templateMessages: read }));
      }
      const path = url.pathname.replace('/cgi-bin/component/', '');
      calls[path] = (calls[path] ?? 0) + 1;
      if (url.pathname === '/sns/oauth2/component/access_token') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end(JSON.stringify(oauthToken(url.searchParams)));
      }
      const raw = await readBody(request);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw || '{}') as Record<string, unknown>;
      } catch {
        body = {};
      }
      const result =
        url.pathname.startsWith('/cgi-bin/template/') || url.pathname === '/cgi-bin/message/template/send'
          ? templateApi(url.pathname, url.searchParams, body)
          : await answer(path, url.searchParams, body);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: {
      WECHAT_OPEN_APPID: FAKE_OPEN.appId,
      WECHAT_OPEN_APPSECRET: FAKE_OPEN.appSecret,
      WECHAT_OPEN_TOKEN: FAKE_OPEN.token,
      WECHAT_OPEN_AES_KEY: FAKE_OPEN.aesKey,
      WECHAT_OPEN_API_BASE: url,
      WECHAT_OPEN_AUTH_PAGE: `${url}/cgi-bin/componentloginpage`,
      WECHAT_OAUTH_BASE: url,
    },
    calls,
    get ticket() {
      return fake.ticket;
    },
    set ticket(value: string) {
      fake.ticket = value;
    },
    get autoScan() {
      return fake.autoScan;
    },
    set autoScan(value: FakeAccount | null) {
      fake.autoScan = value;
    },
    jsapiTickets,
    templates,
    templateMessages,
    unsubscribed,
    get ticketDelayMs() {
      return fake.ticketDelayMs;
    },
    set ticketDelayMs(value: number) {
      fake.ticketDelayMs = value;
    },
    get authorizerTokenDelayMs() {
      return fake.authorizerTokenDelayMs;
    },
    set authorizerTokenDelayMs(value: number) {
      fake.authorizerTokenDelayMs = value;
    },
    get tokenDelayMs() {
      return fake.tokenDelayMs;
    },
    set tokenDelayMs(value: number) {
      fake.tokenDelayMs = value;
    },
    scanned: (authCode, account) => void accounts.set(authCode, account),
    openidOf,
    async authorize(oauthUrl, user) {
      const answer = await fetch(oauthUrl.replace(/#.*$/, ''), { redirect: 'manual', headers: { cookie: `fakewx_user=${encodeURIComponent(user)}` } });
      const location = answer.headers.get('location');
      if (answer.status !== 302 || !location) throw new Error(`fake WeChat refused to authorise: ${answer.status} ${await answer.text()}`);
      return location;
    },
    push(fields, options = {}) {
      const encrypted = encryptMessage(options.aesKey ?? FAKE_OPEN.aesKey, options.appId ?? FAKE_OPEN.appId, toXml(fields));
      const timestamp = '1700000000';
      const nonce = 'n0nce';
      const signature = msgSignature(options.token ?? FAKE_OPEN.token, timestamp, nonce, encrypted);
      return {
        url: `/wechat/component/notify?signature=x&timestamp=${timestamp}&nonce=${nonce}&encrypt_type=aes&msg_signature=${signature}`,
        body: toXml({ AppId: FAKE_OPEN.appId, Encrypt: encrypted }),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
