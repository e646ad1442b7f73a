import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN_MESSAGES, type TChainEntry, type TChainView } from '../../../schemas/api/chain';
import { WEB_AUTH_MESSAGES, type TAuthInfo } from '../../../schemas/api/component';
import { startFakeWechatOpen, type FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { device, S } from './chain-helpers';

/**
 * A sign-up chain set to 仅限微信授权参与 (issue 47 item 1) against the fake WeChat: participants prove an openid of
 * the owner's bound official account and are one participant per openid however many browsers each uses; the
 * refusals a participant can meet; the sweep of the codes taken.
 */
let fake: FakeWechatOpen;
let t: TestApp;
let owner: { headers: { token: string } };
let authId: number;
let otherAuthId: number;
/** The app's clock runs with the real one, moved on by the sweep's test. */
let offset = 0;
const MP = 'wx00000000000c0001';
const OTHER_MP = 'wx00000000000c0002';

beforeAll(async () => {
  fake = await startFakeWechatOpen();
  t = await createTestApp({ jobs: 'manual', env: fake.env, now: () => new Date(Date.now() + offset) });
  const { url, body } = fake.push({
    AppId: fake.env.WECHAT_OPEN_APPID!,
    CreateTime: '1700000000',
    InfoType: 'component_verify_ticket',
    ComponentVerifyTicket: fake.ticket,
  });
  await t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'text/xml' } });
  owner = await loginNewUser(t, 4);
  const bind = async (appid: string, nickName: string) => {
    fake.scanned(`code-${appid}`, { appid, nickName });
    const bound = await t.call<TAuthInfo>('activity/component/getAuthorizerInfo', { authCode: `code-${appid}` }, owner.headers);
    expect(bound.resultCode).toBe('200');
    return bound.data.authId;
  };
  authId = await bind(MP, '接龙公众号');
  otherAuthId = await bind(OTHER_MP, '另一个公众号');
}, 180_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A published sign-up chain of the owner's, 仅限微信授权参与 through `account` (null: off). */
async function wechatChain(settings: { cap?: number | null; wechatAuthId?: number | null; multiple?: boolean } = {}) {
  const created = await t.call<{ questionId: string }>(
    'activity/question/saveOrUpdateWxQuestion',
    { questionType: 5, solitaireType: 4, title: '周六徒步报名' },
    owner.headers,
  );
  const questionId = created.data.questionId;
  const saved = await t.call(`${S}saveChainSetting`, { questionId, cap: null, wechatAuthId: authId, ...settings }, owner.headers);
  expect(saved.resultCode).toBe('200');
  expect((await t.call('activity/question/getQuestionStatus', { questionId, status: 1 }, owner.headers)).resultCode).toBe('200');
  return questionId;
}

/** A participant signed in to WeChat as `user` opens the chain's page: the link, WeChat's round trip, the token. */
async function authorise(questionId: string, user: string) {
  const link = await t.call<{ url: string }>(`${S}getChainWechatAuthUrl`, { questionId, redirectPath: `/s/${questionId}` });
  expect(link.resultCode).toBe('200');
  const back = new URL(await fake.authorize(link.data.url, user));
  expect(back.pathname).toBe(`/s/${questionId}`);
  const q = Object.fromEntries(back.searchParams);
  const answer = await t.call<{ wechatToken: string }>(`${S}getChainWechatIdentity`, { questionId, code: q.code, state: q.state, appid: q.appid });
  return { answer, q, token: answer.data.wechatToken };
}

const join = (questionId: string, name: string, extra: Record<string, unknown>) =>
  t.call<{ entry: TChainEntry }>(`${S}joinChain`, { questionId, deviceId: device(), name, ...extra });

describe(`仅限微信授权参与 chains (${engineName()})`, () => {
  it('two WeChat users joining from three browsers each are two entries, each theirs in every browser', async () => {
    const questionId = await wechatChain();
    const manage = await t.call<{ settings: { wechatAuthId: number } }>(`${S}getChainManage`, { questionId }, owner.headers);
    expect(manage.data.settings.wechatAuthId).toBe(authId);
    const tokens: Record<string, string[]> = {};
    for (const user of ['alice', 'bob']) {
      tokens[user] = [];
      for (let browser = 0; browser < 3; browser++) {
        const { answer, token } = await authorise(questionId, user);
        expect(answer).toMatchObject({ resultCode: '200', resultMsg: '微信授权成功' });
        tokens[user].push(token);
        const joined = await join(questionId, `${user}${browser}`, { wechatToken: token });
        if (browser === 0) expect(joined.resultCode).toBe('200');
        else expect(joined).toMatchObject({ resultCode: '409', resultMsg: CHAIN_MESSAGES.alreadyJoined });
      }
    }
    const view = await t.call<TChainView>(`${S}getChain`, { questionId, deviceId: device(), wechatToken: tokens.alice![2] });
    expect(view.data.entries.map((e) => e.name)).toEqual(['alice0', 'bob0']);
    expect(view.data.mine).toEqual([view.data.entries[0]!.entryId]);
    const keys = await t.database.query<{ participant: string }>(
      'SELECT participant FROM chain_entries e JOIN projects p ON p.id = e.project_id WHERE p.public_id = $1 ORDER BY seq',
      [questionId],
    );
    expect(keys.map((k) => k.participant)).toEqual([`w:${fake.openidOf(MP, 'alice')}`, `w:${fake.openidOf(MP, 'bob')}`]);

    // Bob cannot withdraw Alice's entry; Alice can from another browser (another device key, same openid).
    const aliceEntry = view.data.entries[0]!.entryId;
    const bobTries = await t.call(`${S}withdrawChainEntry`, { questionId, deviceId: device(), wechatToken: tokens.bob![0], entryId: aliceEntry });
    expect(bobTries).toMatchObject({ resultCode: '403', resultMsg: CHAIN_MESSAGES.notYours });
    const edited = await t.call(`${S}updateChainEntry`, { questionId, deviceId: device(), wechatToken: tokens.alice![1], entryId: aliceEntry, name: '爱丽丝' });
    expect(edited.resultCode).toBe('200');
    const left = await t.call(`${S}withdrawChainEntry`, { questionId, deviceId: device(), wechatToken: tokens.alice![2], entryId: aliceEntry });
    expect(left.resultCode).toBe('200');
  });

  it('parallel joins of one WeChat user from several browsers count once', async () => {
    const questionId = await wechatChain({ cap: 10 });
    const tokens = [];
    for (let browser = 0; browser < 4; browser++) tokens.push((await authorise(questionId, 'carol')).token);
    const answers = await Promise.all(tokens.map((wechatToken, i) => join(questionId, `carol${i}`, { wechatToken })));
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.resultMsg === CHAIN_MESSAGES.alreadyJoined)).toHaveLength(3);
    const view = await t.call<TChainView>(`${S}getChain`, { questionId });
    expect(view.data.counts).toMatchObject({ joinedPeople: 1, joinedCount: 1, waitingCount: 0 });
  });

  it('a join without the WeChat identity, with a forged one or one of another official account is refused', async () => {
    const questionId = await wechatChain();
    const other = await wechatChain({ wechatAuthId: otherAuthId });
    const foreign = (await authorise(other, 'dave')).token;
    expect(await join(questionId, '无身份', {})).toMatchObject({
      resultCode: '409',
      resultMsg: CHAIN_MESSAGES.wechatRequired,
      data: { reason: 'wechatRequired' },
    });
    expect(await join(questionId, '别的号', { wechatToken: foreign })).toMatchObject({
      resultCode: '409',
      resultMsg: WEB_AUTH_MESSAGES.otherAccount,
      data: { reason: 'wechatRequired' },
    });
    const forged = `${MP}.${fake.openidOf(MP, 'dave')}.9999999999999.forged`;
    expect(await join(questionId, '伪造', { wechatToken: forged })).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.token });
    // Logged in is not enough either: the chain counts WeChat users.
    const someone = await loginNewUser(t);
    const loggedIn = await t.call(`${S}joinChain`, { questionId, deviceId: device(), name: '登录用户' }, someone.headers);
    expect(loggedIn).toMatchObject({ resultCode: '409', resultMsg: CHAIN_MESSAGES.wechatRequired });
    expect((await t.call<TChainView>(`${S}getChain`, { questionId })).data.entries).toEqual([]);
  });

  it('the return from WeChat refuses a replayed code, a forged state and a code of another account', async () => {
    const questionId = await wechatChain();
    const { q } = await authorise(questionId, 'erin');
    const replay = await t.call(`${S}getChainWechatIdentity`, { questionId, code: q.code, state: q.state });
    expect(replay).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.used, data: { reason: 'wechatRequired' } });
    const forged = await t.call(`${S}getChainWechatIdentity`, { questionId, code: 'some-code', state: `${q.state!.slice(0, -4)}beef` });
    expect(forged).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.state });
    // A vote's state is not a chain's: the subject is signed into it.
    const other = await wechatChain({ wechatAuthId: otherAuthId });
    const link = await t.call<{ url: string }>(`${S}getChainWechatAuthUrl`, { questionId: other, redirectPath: '/s' });
    const foreign = new URL(await fake.authorize(link.data.url, 'frank')).searchParams;
    const ours = new URL((await t.call<{ url: string }>(`${S}getChainWechatAuthUrl`, { questionId, redirectPath: '/s' })).data.url).searchParams;
    const wrong = { questionId, code: foreign.get('code'), state: ours.get('state') };
    expect(await t.call(`${S}getChainWechatIdentity`, { ...wrong, appid: OTHER_MP })).toMatchObject({
      resultCode: '409',
      resultMsg: WEB_AUTH_MESSAGES.otherAccount,
    });
    expect(await t.call(`${S}getChainWechatIdentity`, wrong)).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.code });
    // The other chain's state on this chain: signed for another subject.
    const otherState = new URL(link.data.url).searchParams.get('state');
    expect(await t.call(`${S}getChainWechatIdentity`, { questionId, code: 'x-code', state: otherState })).toMatchObject({
      resultCode: '409',
      resultMsg: WEB_AUTH_MESSAGES.state,
    });
  });

  it('the setting needs one of the owner’s own bound accounts; off, unbound and cancelled are told apart', async () => {
    const created = await t.call<{ questionId: string }>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 5, solitaireType: 4, title: '别人的号' },
      owner.headers,
    );
    const { questionId } = created.data;
    const stranger = await loginNewUser(t, 4);
    fake.scanned('code-stranger', { appid: 'wx00000000000c0009', nickName: '陌生人的号' });
    const strangers = await t.call<TAuthInfo>('activity/component/getAuthorizerInfo', { authCode: 'code-stranger' }, stranger.headers);
    const refused = await t.call(`${S}saveChainSetting`, { questionId, wechatAuthId: strangers.data.authId }, owner.headers);
    expect(refused).toMatchObject({ resultCode: '400', resultMsg: WEB_AUTH_MESSAGES.chooseAccount });
    expect(await t.call(`${S}getChainWechatAuthUrl`, { questionId, redirectPath: '/s' })).toMatchObject({
      resultCode: '409',
      resultMsg: CHAIN_MESSAGES.notWechat,
    });

    const wechat = await wechatChain();
    expect(await t.call(`${S}getChainWechatAuthUrl`, { questionId: wechat, redirectPath: '//evil.example.com/x' })).toMatchObject({
      resultCode: '400',
      resultMsg: '返回地址无效',
    });
    await t.database.query(`UPDATE wechat_authorizers SET status = 'unauthorized' WHERE id = $1`, [authId]);
    try {
      expect(await t.call(`${S}getChainWechatAuthUrl`, { questionId: wechat, redirectPath: '/s' })).toMatchObject({
        resultCode: '409',
        resultMsg: WEB_AUTH_MESSAGES.chainNoAccount,
      });
    } finally {
      await t.database.query(`UPDATE wechat_authorizers SET status = 'authorized' WHERE id = $1`, [authId]);
    }
    // Turned off, the chain counts devices again.
    const off = await t.call<{ wechatAuthId: number | null }>(`${S}saveChainSetting`, { questionId: wechat, wechatAuthId: null }, owner.headers);
    expect(off.data.wechatAuthId).toBeNull();
    expect((await join(wechat, '设备', {})).resultCode).toBe('200');
  });

  it('a promotion from the waitlist is a notice to the WeChat user, read in any of their browsers', async () => {
    const questionId = await wechatChain({ cap: 1 });
    const first = (await authorise(questionId, 'gina')).token;
    const second = (await authorise(questionId, 'hank')).token;
    const joined = await join(questionId, '吉娜', { wechatToken: first });
    await join(questionId, '汉克', { wechatToken: second });
    await t.call(`${S}withdrawChainEntry`, { questionId, deviceId: device(), wechatToken: first, entryId: joined.data.entry.entryId });
    const [notice] = await t.database.query<{ participant: string }>(
      `SELECT n.participant FROM notices n JOIN projects p ON p.id = n.project_id WHERE p.public_id = $1`,
      [questionId],
    );
    expect(notice!.participant).toBe(`w:${fake.openidOf(MP, 'hank')}`);
    const another = (await authorise(questionId, 'hank')).token;
    const nobody = await t.call<{ notices: unknown[] }>('activity/question/notice/getMyNotices', { questionId, deviceId: device() });
    expect(nobody.data.notices).toEqual([]);
    const read = await t.call<{ notices: { text: string }[] }>('activity/question/notice/getMyNotices', {
      questionId,
      deviceId: device(),
      wechatToken: another,
    });
    expect(read.data.notices).toHaveLength(1);
    expect(read.data.notices[0]!.text).toContain('候补已转为正式报名');
    const foreign = await t.call('activity/question/notice/setNoticeOff', { questionId, wechatToken: 'x.y.1.z', off: true });
    expect(foreign).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.token });
  });

  it('the sweep deletes the codes taken longer ago than a state lives, and their states stay refused', async () => {
    const questionId = await wechatChain();
    const { q } = await authorise(questionId, 'ivy');
    await authorise(questionId, 'jack');
    const count = async () => (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM wechat_web_auth_uses'))[0]!.n;
    const before = await count();
    expect(await t.app.webAuthCleanup.runOnce()).toBe(0);
    offset += 11 * 60_000;
    expect(await t.app.webAuthCleanup.runOnce()).toBe(before);
    expect(await count()).toBe(0);
    const replay = await t.call(`${S}getChainWechatIdentity`, { questionId, code: q.code, state: q.state });
    expect(replay).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.state });
  });
});
