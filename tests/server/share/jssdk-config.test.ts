import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TJsSdkConfig } from '../../../schemas/api/share';
import { SHARE_MESSAGES } from '../../../schemas/api/share';
import type { TCreateResult } from '../../../schemas/api/question';
import { jsSdkSignature } from '../../../server/services/share/jssdk-signature';
import { startFakeWechatOpen, type FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * Share cards (issue 47 item 2): activity/share/getJsSdkConfig against a local fake of WeChat's getticket. The
 * jsapi_ticket is fetched once and kept with its expiry in the database for every app on it; the signature is
 * WeChat's over the page's address; a project whose owner bound no official account gets null (nothing loads).
 */
let fake: FakeWechatOpen;
let t: TestApp;
let other: TestApp;
let bare: TestApp;
let clock = new Date();
const now = () => clock;
const CALL = 'activity/share/getJsSdkConfig';

beforeAll(async () => {
  fake = await startFakeWechatOpen();
  t = await createTestApp({ jobs: 'manual', env: fake.env, now });
  other = await siblingApp(t, { env: fake.env, now });
  bare = await siblingApp(t, { wechatOpen: null, now });
}, 60_000);
afterAll(async () => {
  await bare.close();
  await other.close();
  await t.close();
  await fake.close();
});
beforeEach(() => {
  clock = new Date();
  fake.ticketDelayMs = 0;
});

let seq = 0;
/** A user with a chain project; `bound`: an authorised official account whose access token is still live. */
async function owner(bound: boolean) {
  const user = await loginNewUser(t);
  const created = await t.call<TCreateResult>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 4, title: '周六羽毛球' },
    user.headers,
  );
  expect(created.resultCode).toBe('200');
  const appid = `wxshare${String(process.pid).padStart(6, '0')}${String(seq++).padStart(5, '0')}`;
  if (bound) {
    await t.database.query(
      `INSERT INTO wechat_authorizers (user_id, authorizer_appid, kind, access_token, access_token_expires_at, refresh_token, created_at, updated_at)
       SELECT id, $2, 'mp', $3, $4, $5, now(), now() FROM users WHERE phone = $1`,
      [user.phone, appid, `atoken-${appid}`, new Date(clock.getTime() + 7200_000), `refresh@@@${appid}`],
    );
  }
  return { ...user, questionId: created.data.questionId!, appid };
}

const url = (questionId: string) => `https://jielong.example.test/s/${questionId}?from=groupmessage`;

describe(`share cards: the JS-SDK config (${engineName()})`, () => {
  it("signs the page's address with the owner's account ticket, fetched from WeChat once and then reused", async () => {
    const o = await owner(true);
    const before = fake.calls.getticket ?? 0;
    const first = await t.call<TJsSdkConfig>(CALL, { questionId: o.questionId, url: url(o.questionId) });
    expect(first.resultCode).toBe('200');
    expect(first.data.appId).toBe(o.appid);
    expect(first.data.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(first.data.timestamp).toBe(Math.floor(clock.getTime() / 1000));
    const ticket = fake.jsapiTickets.at(-1)!;
    expect(first.data.signature).toBe(jsSdkSignature({ ticket, nonceStr: first.data.nonceStr, timestamp: first.data.timestamp, url: url(o.questionId) }));
    const second = await other.call<TJsSdkConfig>(CALL, { questionId: o.questionId, url: `${url(o.questionId)}#top` });
    expect(second.data.signature).toBe(jsSdkSignature({ ticket, nonceStr: second.data.nonceStr, timestamp: second.data.timestamp, url: url(o.questionId) }));
    expect((fake.calls.getticket ?? 0) - before).toBe(1);
    // The card WeChat shows once wx.config is ready: the page's Open Graph card.
    expect(first.data.card).toMatchObject({ title: '周六羽毛球', link: expect.stringMatching(new RegExp(`/s/${o.questionId}$`)) });
    expect(first.data.card.imgUrl).toMatch(/^https?:\/\/.+\/share-logo\.png$/);
  });

  it("signs a vote's page with the account its rules name, not the owner's latest one", async () => {
    const o = await owner(true);
    const [first] = await t.database.query<{ id: number; user_id: number }>('SELECT id, user_id FROM wechat_authorizers WHERE authorizer_appid = $1', [
      o.appid,
    ]);
    const later = `${o.appid.slice(0, -1)}L`;
    await t.database.query(
      `INSERT INTO wechat_authorizers (user_id, authorizer_appid, kind, access_token, access_token_expires_at, refresh_token, created_at, updated_at)
       VALUES ($1, $2, 'mp', $3, $4, $5, now(), now())`,
      [first!.user_id, later, `atoken-${later}`, new Date(clock.getTime() + 7200_000), `refresh@@@${later}`],
    );
    const voteId = `jsVote${String(seq++).padStart(5, '0')}`;
    await t.database.query(
      `INSERT INTO vote_activities (public_id, owner_id, title, description, settings, status) VALUES ($1, $2, '最美家庭', '', $3::jsonb, 'running')`,
      [voteId, first!.user_id, JSON.stringify({ identity: 'wechat', wechatAuthId: first!.id })],
    );
    const named = await t.call<TJsSdkConfig>(CALL, { voteId, url: `https://toupiao.example.test/v/${voteId}` });
    expect(named.data.appId).toBe(o.appid);
    expect((await t.call<TJsSdkConfig>(CALL, { questionId: o.questionId, url: url(o.questionId) })).data.appId).toBe(later);
  });

  it("gives a chain page's address and its QR code for the share sheet, for anyone", async () => {
    const o = await owner(false);
    const poster = await t.call<{ title: string; url: string; qrPng: string; cover: string | null }>('activity/share/getSharePoster', {
      questionId: o.questionId,
    });
    expect(poster.resultCode).toBe('200');
    expect(poster.data).toMatchObject({ title: '周六羽毛球', cover: null, url: expect.stringMatching(new RegExp(`^https?://[^/]+/s/${o.questionId}$`)) });
    expect(poster.data.qrPng).toMatch(/^data:image\/png;base64,/);
    expect(await t.call('activity/share/getSharePoster', { questionId: 'no-such-project' })).toMatchObject({
      resultCode: '404',
      resultMsg: '项目不存在或已删除',
    });
  });

  it('asks WeChat once when two apps want the ticket at the same moment, and again only after it expires', async () => {
    const o = await owner(true);
    const before = fake.calls.getticket ?? 0;
    fake.ticketDelayMs = 300;
    const answers = await Promise.all([t, other, t, other].map((app) => app.call<TJsSdkConfig>(CALL, { questionId: o.questionId, url: url(o.questionId) })));
    expect(answers.map((a) => a.resultCode)).toEqual(['200', '200', '200', '200']);
    expect((fake.calls.getticket ?? 0) - before).toBe(1);
    const ticket = fake.jsapiTickets.at(-1)!;
    for (const a of answers)
      expect(a.data.signature).toBe(jsSdkSignature({ ticket, nonceStr: a.data.nonceStr, timestamp: a.data.timestamp, url: url(o.questionId) }));
    fake.ticketDelayMs = 0;
    clock = new Date(clock.getTime() + 7200_000 - 60_000);
    await t.database.query('UPDATE wechat_authorizers SET access_token_expires_at = $2 WHERE authorizer_appid = $1', [
      o.appid,
      new Date(clock.getTime() + 7200_000),
    ]);
    const later = await other.call<TJsSdkConfig>(CALL, { questionId: o.questionId, url: url(o.questionId) });
    expect((fake.calls.getticket ?? 0) - before).toBe(2);
    expect(later.data.signature).toBe(
      jsSdkSignature({ ticket: fake.jsapiTickets.at(-1)!, nonceStr: later.data.nonceStr, timestamp: later.data.timestamp, url: url(o.questionId) }),
    );
  });

  it('answers null when the owner bound no official account, or the platform is not configured here', async () => {
    const plain = await owner(false);
    const none = await t.call(CALL, { questionId: plain.questionId, url: url(plain.questionId) });
    expect(none).toMatchObject({ resultCode: '200', data: null });
    const o = await owner(true);
    expect(await bare.call(CALL, { questionId: o.questionId, url: url(o.questionId) })).toMatchObject({ resultCode: '200', data: null });
  });

  it("says WeChat's refusal and leaves no claim behind, so the next page view asks again", async () => {
    const o = await owner(true);
    await t.database.query("UPDATE wechat_authorizers SET access_token = 'revoked' WHERE authorizer_appid = $1", [o.appid]);
    const refused = await t.call(CALL, { questionId: o.questionId, url: url(o.questionId) });
    expect(refused.resultCode).toBe('409');
    expect(refused.resultMsg).toContain('40001');
    await t.database.query('UPDATE wechat_authorizers SET access_token = $2 WHERE authorizer_appid = $1', [o.appid, `atoken-${o.appid}`]);
    expect((await other.call(CALL, { questionId: o.questionId, url: url(o.questionId) })).resultCode).toBe('200');
  });

  it('refuses a bad address, no target or two, and an unknown project with clear messages', async () => {
    const o = await owner(true);
    expect(await t.call(CALL, { questionId: o.questionId, url: 'javascript:alert(1)' })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringContaining(SHARE_MESSAGES.url),
    });
    expect(await t.call(CALL, { url: url(o.questionId) })).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining(SHARE_MESSAGES.target) });
    expect(await t.call(CALL, { questionId: o.questionId, voteId: 'vote-12345678', url: url(o.questionId) })).toMatchObject({ resultCode: '400' });
    expect(await t.call(CALL, { questionId: 'no-such-project', url: url('x') })).toMatchObject({ resultCode: '404', resultMsg: '项目不存在或已删除' });
    expect(await t.call(CALL, { voteId: 'no-such-vote', url: url('x') })).toMatchObject({ resultCode: '404', resultMsg: '投票不存在或已删除' });
  });
});
