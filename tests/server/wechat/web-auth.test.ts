import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPONENT_MESSAGES, WEB_AUTH_MESSAGES, type TAuthInfo } from '../../../schemas/api/component';
import { readEnv } from '../../../server/env';
import { WechatOpenError, wechatOpenClient, wechatOpenConfig } from '../../../server/providers/wechat-open';
import { identityOfToken, webAuthIdentity, webAuthUrl } from '../../../server/services/wechat/web-auth.service';
import { startFakeWechatOpen, type FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * WeChat's web authorisation on behalf of a bound official account (issue 47 item 1), against the local fake:
 * the adapter's authorise link and code exchange, then the service's state, the code taken once, and the identity
 * token that only counts for the account it was issued by.
 */
let fake: FakeWechatOpen;
let t: TestApp;
let clock = new Date();
const now = () => clock;
const MP = 'wx00000000000a0001';
const OTHER_MP = 'wx00000000000a0002';
const BACK = 'https://vote.example.com/vote/abc12345';

beforeAll(async () => {
  fake = await startFakeWechatOpen();
  t = await createTestApp({ jobs: 'manual', env: fake.env, now });
  // WeChat's ticket pushed, and two official accounts bound through the platform.
  const { url, body } = fake.push({
    AppId: fake.env.WECHAT_OPEN_APPID!,
    CreateTime: '1700000000',
    InfoType: 'component_verify_ticket',
    ComponentVerifyTicket: fake.ticket,
  });
  expect((await t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'text/xml' } })).body).toBe('success');
  const owner = await loginNewUser(t);
  for (const [appid, nickName] of [
    [MP, '投票公众号'],
    [OTHER_MP, '别家公众号'],
  ]) {
    fake.scanned(`code-${appid}`, { appid: appid!, nickName: nickName! });
    expect((await t.call<TAuthInfo>('activity/component/getAuthorizerInfo', { authCode: `code-${appid}` }, owner.headers)).resultCode).toBe('200');
  }
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

const adapter = () => wechatOpenClient(wechatOpenConfig(readEnv({ NODE_ENV: 'test', ...(fake.env as Record<string, string>) }))!);
const componentToken = async () => (await t.database.query<{ access_token: string }>('SELECT access_token FROM wechat_component'))[0]!.access_token;
/** A browser signed in to WeChat as `user` follows the link: the code and state it comes back with. */
async function roundTrip(link: string, user: string) {
  const back = new URL(await fake.authorize(link, user));
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, appid: back.searchParams.get('appid')!, back };
}

describe('WeChat web authorisation: the adapter', () => {
  it('builds the authorise link of WeChat’s third-party flavour, and exchanges the code once for the openid and unionid', async () => {
    const open = adapter();
    const link = open.oauthUrl(MP, BACK, 'the-state');
    expect(link).toMatch(new RegExp(`^${fake.url}/connect/oauth2/authorize\\?`));
    expect(link.endsWith('#wechat_redirect')).toBe(true);
    const params = new URL(link).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      appid: MP,
      redirect_uri: BACK,
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'the-state',
      component_appid: fake.env.WECHAT_OPEN_APPID,
    });
    // Production default: open.weixin.qq.com.
    expect(wechatOpenConfig(readEnv({ NODE_ENV: 'test', ...(fake.env as Record<string, string>), WECHAT_OAUTH_BASE: undefined }))!.oauthBase).toBe(
      'https://open.weixin.qq.com',
    );

    const { code, state, back } = await roundTrip(link, 'alice');
    expect(back.origin + back.pathname).toBe(BACK);
    expect(state).toBe('the-state');
    const who = await open.oauthIdentity(await componentToken(), MP, code);
    expect(who).toEqual({ openid: fake.openidOf(MP, 'alice'), unionid: 'u-alice', scope: 'snsapi_base' });
    expect(who.openid).not.toBe(fake.openidOf(OTHER_MP, 'alice'));
    const again = await open.oauthIdentity(await componentToken(), MP, code).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(WechatOpenError);
    expect((again as WechatOpenError).errcode).toBe(40163);
  });

  it('a code issued for one account is refused when exchanged for another', async () => {
    const open = adapter();
    const { code } = await roundTrip(open.oauthUrl(OTHER_MP, BACK, 's'), 'bob');
    await expect(open.oauthIdentity(await componentToken(), MP, code)).rejects.toMatchObject({ errcode: 40029 });
  });
});

describe(`WeChat web authorisation: state, code and identity (${engineName()})`, () => {
  const subject = 'vote:abc12345';

  it('the round trip answers the openid and a token that proves it for this account only', async () => {
    const { url } = webAuthUrl(t.app.deps, MP, subject, BACK);
    const who = await webAuthIdentity(t.app.deps, MP, subject, await roundTrip(url, 'carol'));
    expect(who.openid).toBe(fake.openidOf(MP, 'carol'));
    expect(who.unionid).toBe('u-carol');
    expect(identityOfToken(t.app.deps, MP, who.token)).toBe(who.openid);
    expect(() => identityOfToken(t.app.deps, OTHER_MP, who.token)).toThrow(WEB_AUTH_MESSAGES.otherAccount);
    expect(() =>
      identityOfToken(
        t.app.deps,
        MP,
        who.token.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      ),
    ).toThrow(WEB_AUTH_MESSAGES.token);
    expect(() => identityOfToken(t.app.deps, MP, `${MP}.${fake.openidOf(MP, 'mallory')}.${Date.now() + 1e9}.forged`)).toThrow(WEB_AUTH_MESSAGES.token);
  });

  it('a replayed code is refused before WeChat is asked; so is a second code under a used state', async () => {
    const { url } = webAuthUrl(t.app.deps, MP, subject, BACK);
    const trip = await roundTrip(url, 'dave');
    await webAuthIdentity(t.app.deps, MP, subject, trip);
    const asked = fake.calls['/sns/oauth2/component/access_token'];
    await expect(webAuthIdentity(t.app.deps, MP, subject, trip)).rejects.toThrow(WEB_AUTH_MESSAGES.used);
    const second = await roundTrip(url, 'dave');
    await expect(webAuthIdentity(t.app.deps, MP, subject, second)).rejects.toThrow(WEB_AUTH_MESSAGES.used);
    expect(fake.calls['/sns/oauth2/component/access_token']).toBe(asked);
  });

  it('a forged, expired or other subject’s state is refused, and a forged code is refused with WeChat’s reason', async () => {
    const { url, state } = webAuthUrl(t.app.deps, MP, subject, BACK);
    const trip = await roundTrip(url, 'erin');
    const [nonce, expires] = state.split('.');
    await expect(webAuthIdentity(t.app.deps, MP, subject, { ...trip, state: `${nonce}.${expires}.${'0'.repeat(64)}` })).rejects.toThrow(
      WEB_AUTH_MESSAGES.state,
    );
    await expect(webAuthIdentity(t.app.deps, MP, 'vote:another1', trip)).rejects.toThrow(WEB_AUTH_MESSAGES.state);
    await expect(webAuthIdentity(t.app.deps, MP, subject, { ...trip, state: 'junk' })).rejects.toThrow(WEB_AUTH_MESSAGES.state);
    clock = new Date(clock.getTime() + 11 * 60_000);
    await expect(webAuthIdentity(t.app.deps, MP, subject, trip)).rejects.toThrow(WEB_AUTH_MESSAGES.state);
    clock = new Date();

    const fresh = webAuthUrl(t.app.deps, MP, subject, BACK);
    const refused = await webAuthIdentity(t.app.deps, MP, subject, { code: 'forged-code', state: fresh.state }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ resultCode: '409', message: WEB_AUTH_MESSAGES.code, data: { errcode: 40029 } });
  });

  it('a code WeChat issued for another official account is refused, whether the return names it or not', async () => {
    const { url: otherLink } = webAuthUrl(t.app.deps, OTHER_MP, subject, BACK);
    const foreign = await roundTrip(otherLink, 'frank');
    const { state } = webAuthUrl(t.app.deps, MP, subject, BACK);
    await expect(webAuthIdentity(t.app.deps, MP, subject, { ...foreign, state })).rejects.toThrow(WEB_AUTH_MESSAGES.otherAccount);
    await expect(webAuthIdentity(t.app.deps, MP, subject, { code: foreign.code, state })).rejects.toThrow(WEB_AUTH_MESSAGES.code);
  });

  it('without the platform keys the link is refused naming what to configure', async () => {
    const bare = await createTestApp({ jobs: 'manual' });
    try {
      expect(() => webAuthUrl(bare.app.deps, MP, subject, BACK)).toThrow(COMPONENT_MESSAGES.notConfigured);
    } finally {
      await bare.close();
    }
  });
});
