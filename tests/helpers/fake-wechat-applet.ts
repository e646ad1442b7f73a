import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { TEnv } from '../../server/env';

/**
 * A local stand-in for api.weixin.qq.com's mini-program calls (no network in tests): cgi-bin/token for the one
 * AppID and secret it knows, wxa/getwxacodeunlimit answering a PNG (or WeChat's JSON error for a bad token or a
 * scene over 32 characters) and wxa/generate_urllink answering https://wxaurl.cn/<n>. It keeps what it was asked.
 */
export const FAKE_APPLET = { appId: 'wxa99e0000c0ffee02', secret: 'fake-applet-secret' } as const;

export interface FakeWechatApplet {
  url: string;
  env: Partial<TEnv>;
  codes: { scene: string; page: string }[];
  links: { path: string; query: string; expire_interval: number }[];
  tokens: number;
  /** Answer the next calls with this WeChat error instead. */
  failWith: { errcode: number; errmsg: string } | null;
  close(): Promise<void>;
}

const readJson = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
};

export async function startFakeWechatApplet(): Promise<FakeWechatApplet> {
  const png = await sharp({ create: { width: 43, height: 43, channels: 3, background: '#07c160' } })
    .png()
    .toBuffer();
  const issued = new Set<string>();
  const send = (response: ServerResponse, body: object) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const fake: FakeWechatApplet = { url: '', env: {}, codes: [], links: [], tokens: 0, failWith: null, close: async () => undefined };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname === '/cgi-bin/token') {
      if (url.searchParams.get('appid') !== FAKE_APPLET.appId || url.searchParams.get('secret') !== FAKE_APPLET.secret)
        return send(response, { errcode: 40125, errmsg: 'invalid appsecret' });
      const token = `applet-token-${++fake.tokens}`;
      issued.add(token);
      return send(response, { access_token: token, expires_in: 7200 });
    }
    const body = await readJson(request);
    if (fake.failWith) return send(response, fake.failWith);
    if (!issued.has(url.searchParams.get('access_token') ?? '')) return send(response, { errcode: 40001, errmsg: 'invalid credential' });
    if (url.pathname === '/wxa/getwxacodeunlimit') {
      const scene = String(body.scene ?? '');
      if (!scene || scene.length > 32) return send(response, { errcode: 40169, errmsg: 'invalid length for scene' });
      fake.codes.push({ scene, page: String(body.page ?? '') });
      return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    }
    if (url.pathname === '/wxa/generate_urllink') {
      fake.links.push({ path: String(body.path), query: String(body.query), expire_interval: Number(body.expire_interval) });
      return send(response, { errcode: 0, errmsg: 'ok', url_link: `https://wxaurl.cn/fake${fake.links.length}` });
    }
    return send(response, { errcode: 404, errmsg: 'unknown api' });
  };
  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = { WECHAT_APPLET_APPID: FAKE_APPLET.appId, WECHAT_APPLET_SECRET: FAKE_APPLET.secret, WECHAT_APPLET_API_BASE: fake.url };
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
