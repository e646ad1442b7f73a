import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentCalls, type TAuthInfo } from '../../../schemas/api/component';
import type { Contract } from '../../../schemas/api/contract';
import { startFakeWechatOpen, type FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { arbitraryOf } from '../../helpers/zod-arbitrary';

/**
 * Every activity/component call with the platform configured (the local fake WeChat, a ticket pushed, one account
 * bound): bodies drawn from its own request schema, aimed at the bound account, as its owner, as a stranger and
 * logged out, then anything at all as the body; and junk pushed to the notify URL. Never a "500".
 */
let fake: FakeWechatOpen;
let t: TestApp;
let owner: { headers: { token: string } };
let stranger: { headers: { token: string } };
let authId = 0;

beforeAll(async () => {
  fake = await startFakeWechatOpen();
  t = await createTestApp({ jobs: 'manual', env: fake.env });
  [owner, stranger] = [await loginNewUser(t), await loginNewUser(t)];
  const { url, body } = fake.push({ InfoType: 'component_verify_ticket', ComponentVerifyTicket: fake.ticket });
  await t.app.inject({ method: 'POST', url, payload: body });
  fake.scanned('fuzz-code', { appid: 'wx1111222233334444', nickName: '模糊测试号' });
  authId = (await t.call<TAuthInfo>('activity/component/getAuthorizerInfo', { authCode: 'fuzz-code' }, owner.headers)).data.authId;
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

const JUNK = [null, 1, -1, 1e12, 'x'.repeat(5_000), '', '\u0000', { a: 1 }, [1], true, { authId: 2 ** 40 }, { authId: '1' }, { mchId: 1900000109 }];

async function expectNo500(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: JSON.stringify(body) ?? 'null',
    headers: { 'content-type': 'application/json', ...headers },
  });
  expect(response.statusCode).toBe(200);
  const answer = response.json() as { resultCode: string; resultMsg: string };
  expect(answer.resultCode, `${path} ${JSON.stringify(body)?.slice(0, 200)} → ${answer.resultMsg}`).not.toBe('500');
}

describe.each(Object.values(componentCalls).map((c) => [c.path, c] as [string, Contract]))(`%s (${engineName()})`, (path, contract) => {
  it('answers drawn and junk bodies without a "500"', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryOf(contract.request), fc.constantFrom('owner', 'stranger', 'none'), async (drawn, who) => {
        const body = drawn && typeof drawn === 'object' && 'authId' in drawn ? { ...drawn, authId } : drawn;
        await expectNo500(path, body, who === 'owner' ? owner.headers : who === 'stranger' ? stranger.headers : {});
      }),
      { numRuns: 12 },
    );
    for (const body of JUNK) await expectNo500(path, body, owner.headers);
  });
});

describe(`the notify URL with junk (${engineName()})`, () => {
  it('answers 4xx, never a 5xx, to anything posted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 300 }),
        fc.dictionary(fc.constantFrom('timestamp', 'nonce', 'msg_signature', 'x'), fc.string()),
        async (body, query) => {
          const response = await t.app.inject({
            method: 'POST',
            url: '/wechat/component/notify',
            query,
            payload: body,
            headers: { 'content-type': 'text/xml' },
          });
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  });
});
