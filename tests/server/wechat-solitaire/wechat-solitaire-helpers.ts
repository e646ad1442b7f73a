import { expect } from 'vitest';
import type { TAuthInfo } from '../../../schemas/api/component';
import { startFakeWechatOpen, type FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { createTestApp, type TestApp } from '../../helpers/test-app';

export const S = 'activity/question/solitaire/';
const C = 'activity/component/';

/** A test app against a fresh fake WeChat that has pushed its component ticket (web authorisation and templates work). */
export async function wechatApp(now?: () => Date): Promise<{ t: TestApp; fake: FakeWechatOpen }> {
  const fake = await startFakeWechatOpen();
  const t = await createTestApp({ jobs: 'manual', env: fake.env, ...(now ? { now } : {}) });
  const { url, body } = fake.push({
    AppId: fake.env.WECHAT_OPEN_APPID!,
    CreateTime: '1700000000',
    InfoType: 'component_verify_ticket',
    ComponentVerifyTicket: fake.ticket,
  });
  await t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'text/xml' } });
  return { t, fake };
}

let accounts = 0;
/** The owner binds an official account of their own (a new AppID each time): its authId and AppID. */
export async function bindAccount(t: TestApp, fake: FakeWechatOpen, headers: { token: string }) {
  const appid = `wx000000000d${String(process.pid % 1000).padStart(3, '0')}${String(accounts++).padStart(3, '0')}`;
  fake.scanned(`code-${appid}`, { appid, nickName: '团购公众号' });
  const bound = await t.call<TAuthInfo>(`${C}getAuthorizerInfo`, { authCode: `code-${appid}` }, headers);
  expect(bound.resultCode).toBe('200');
  return { authId: bound.data.authId, appid };
}

/** A browser signed in to WeChat as `user` opens the 接龙's page: the authorise link, WeChat's round trip, the token. */
export async function authorise(t: TestApp, fake: FakeWechatOpen, questionId: string, user: string): Promise<string> {
  const link = await t.call<{ url: string }>(`${S}getChainWechatAuthUrl`, { questionId, redirectPath: `/s/${questionId}` });
  expect(link.resultCode).toBe('200');
  const back = new URL(await fake.authorize(link.data.url, user));
  const q = Object.fromEntries(back.searchParams);
  const answer = await t.call<{ wechatToken: string }>(`${S}getChainWechatIdentity`, { questionId, code: q.code, state: q.state, appid: q.appid });
  expect(answer.resultCode).toBe('200');
  return answer.data.wechatToken;
}
