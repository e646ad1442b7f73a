import type { FastifyInstance } from 'fastify';
import type { TEnv } from '../env';
import { isProxyPeer } from '../http/client-address';

export const PROXY_HINT_MESSAGE =
  '请求经本机或内网的代理转发（带 X-Forwarded-For），但未设置 TRUST_PROXY：所有访客按代理的地址计算频率限制，HTTPS 也无法识别。请设置 TRUST_PROXY（见 README「生产部署」）';

/**
 * TRUST_PROXY cannot be checked at start: whether a proxy is in front shows only when it relays the first visitor.
 * A production server that trusts no proxy and gets a request from a loopback or private peer carrying
 * X-Forwarded-For says once, naming the setting, that it is probably behind one (README "Production").
 */
export function proxyHint(app: FastifyInstance, env: TEnv): void {
  if (env.NODE_ENV !== 'production' || env.TRUST_PROXY !== false) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || !request.headers['x-forwarded-for'] || !isProxyPeer(request.socket.remoteAddress)) return;
    warned = true;
    request.log.warn({ setting: 'TRUST_PROXY' }, PROXY_HINT_MESSAGE);
  });
}
