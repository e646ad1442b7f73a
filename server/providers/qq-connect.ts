/**
 * QQ互联 (QQ Connect) OAuth 2.0, server side: the authorisation page's address, and a code exchanged for the
 * user's openid (oauth2.0/token, then oauth2.0/me, both with fmt=json). fetch only; the base address is
 * configurable so tests run it against a local fake server.
 */
export interface QqConnect {
  authorizeUrl(redirectUri: string, state: string): string;
  /** The openid the code stands for; throws QqConnectError when QQ refuses or answers something else. */
  openIdOf(code: string, redirectUri: string): Promise<string>;
}

export class QqConnectError extends Error {}

export interface QqConnectConfig {
  appId: string;
  appKey: string;
  /** https://graph.qq.com */
  base: string;
  fetch?: typeof fetch;
}

export function qqConnect(config: QqConnectConfig): QqConnect {
  const get = config.fetch ?? fetch;
  const url = (path: string, params: Record<string, string>) => `${config.base.replace(/\/$/, '')}${path}?${new URLSearchParams(params)}`;
  const json = async (address: string): Promise<Record<string, unknown>> => {
    const response = await get(address, { signal: AbortSignal.timeout(8_000) }).catch((error: unknown) => {
      throw new QqConnectError(`QQ unreachable: ${String(error)}`);
    });
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !body || typeof body !== 'object') throw new QqConnectError(`QQ answered HTTP ${response.status}`);
    if (body.error !== undefined && body.error !== 0) throw new QqConnectError(`QQ refused: ${String(body.error)} ${String(body.error_description ?? '')}`);
    return body;
  };
  return {
    authorizeUrl: (redirectUri, state) =>
      url('/oauth2.0/authorize', { response_type: 'code', client_id: config.appId, redirect_uri: redirectUri, state, scope: 'get_user_info' }),
    async openIdOf(code, redirectUri) {
      const token = await json(
        url('/oauth2.0/token', {
          grant_type: 'authorization_code',
          client_id: config.appId,
          client_secret: config.appKey,
          code,
          redirect_uri: redirectUri,
          fmt: 'json',
        }),
      );
      if (typeof token.access_token !== 'string' || !token.access_token) throw new QqConnectError('QQ answered no access_token');
      const me = await json(url('/oauth2.0/me', { access_token: token.access_token, fmt: 'json' }));
      if (me.client_id !== config.appId || typeof me.openid !== 'string' || !/^[\w-]{8,64}$/.test(me.openid))
        throw new QqConnectError('QQ answered no openid of this app');
      return me.openid;
    },
  };
}
