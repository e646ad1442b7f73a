import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_AUTH_MESSAGES, type TAuthInfo } from '../../../schemas/api/component';
import { VOTE_MESSAGES } from '../../../schemas/vote/vote-messages';
import { startFakeWechatOpen, type FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { runningVote, vote } from '../../helpers/vote-fixtures';

/**
 * A vote set to 微信授权 (issue 47 item 1) against the fake WeChat: the owner's bound official account, voters
 * proving their openid through WeChat's web authorisation, one voter per openid however many browsers (device ids)
 * each uses, and the refusals a voter can meet.
 */
let fake: FakeWechatOpen;
let t: TestApp;
let owner: { headers: { token: string } };
let authId: number;
let otherAuthId: number;
const MP = 'wx00000000000b0001';
const OTHER_MP = 'wx00000000000b0002';

beforeAll(async () => {
  fake = await startFakeWechatOpen();
  t = await createTestApp({ jobs: 'manual', env: fake.env });
  const { url, body } = fake.push({
    AppId: fake.env.WECHAT_OPEN_APPID!,
    CreateTime: '1700000000',
    InfoType: 'component_verify_ticket',
    ComponentVerifyTicket: fake.ticket,
  });
  await t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'text/xml' } });
  owner = await loginNewUser(t, 4);
  const bind = async (appid: string, nickName: string, headers = owner.headers) => {
    fake.scanned(`code-${appid}`, { appid, nickName });
    const bound = await t.call<TAuthInfo>('activity/component/getAuthorizerInfo', { authCode: `code-${appid}` }, headers);
    expect(bound.resultCode).toBe('200');
    return bound.data.authId;
  };
  authId = await bind(MP, '投票公众号');
  otherAuthId = await bind(OTHER_MP, '另一个公众号');
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

const wechatVote = (account = authId) =>
  runningVote(t, owner.headers, { settings: { identity: 'wechat', wechatAuthId: account, votesPerVoter: 1, limitScope: 'activity' } });

/** A voter signed in to WeChat as `user` opens the voting page: the link, WeChat's round trip, the identity token. */
async function authorise(voteId: string, user: string) {
  const link = await t.call<{ url: string }>('activity/vote/getVoteWechatAuthUrl', { voteId, redirectPath: `/vote/${voteId}` });
  expect(link.resultCode).toBe('200');
  const back = new URL(await fake.authorize(link.data.url, user));
  expect(back.pathname).toBe(`/vote/${voteId}`);
  const q = Object.fromEntries(back.searchParams);
  return { answer: await t.call<{ wechatToken: string }>('activity/vote/getVoteWechatVoter', { voteId, code: q.code, state: q.state, appid: q.appid }), q };
}

describe(`微信授权 votes (${engineName()})`, () => {
  it('two WeChat users voting from three browsers each are counted once each; the saved rules carry the account', async () => {
    const { voteId, playerIds } = await wechatVote();
    const rules = await t.call<{ settings: { identity: string; wechatAppid: string } }>('activity/vote/getVoteSetting', { voteId }, owner.headers);
    expect(rules.data.settings).toMatchObject({ identity: 'wechat', wechatAuthId: authId, wechatAppid: MP });

    for (const user of ['alice', 'bob']) {
      for (let browser = 0; browser < 3; browser++) {
        const { answer } = await authorise(voteId, user);
        expect(answer).toMatchObject({ resultCode: '200', resultMsg: '微信授权成功' });
        const ballot = await vote(t, voteId, [playerIds[0]!], { deviceId: `${user}-browser-${browser}`, wechatToken: answer.data.wechatToken });
        if (browser === 0) expect(ballot.resultCode).toBe('200');
        else expect(ballot).toMatchObject({ resultCode: '409', resultMsg: VOTE_MESSAGES.activityLimit, data: { reason: 'voterLimit' } });
      }
    }
    const players = await t.call<{ list: { playerId: string; votes: number }[] }>('activity/player/getPlayerList', { voteId }, owner.headers);
    expect(players.data.list.find((p) => p.playerId === playerIds[0])!.votes).toBe(2);
    const keys = await t.database.query<{ voter_key: string }>(
      'SELECT DISTINCT voter_key FROM vote_ballots b JOIN vote_activities a ON a.id = b.vote_id WHERE a.public_id = $1 ORDER BY 1',
      [voteId],
    );
    expect(keys.map((k) => k.voter_key)).toEqual([`w:${fake.openidOf(MP, 'alice')}`, `w:${fake.openidOf(MP, 'bob')}`].sort());
  });

  it('a ballot without the WeChat identity, or with one of another official account, is refused and counts nothing', async () => {
    const { voteId, playerIds } = await wechatVote();
    expect(await vote(t, voteId, [playerIds[0]!])).toMatchObject({
      resultCode: '409',
      resultMsg: VOTE_MESSAGES.wechatRequired,
      data: { reason: 'wechatRequired' },
    });
    const elsewhere = await wechatVote(otherAuthId);
    const foreign = (await authorise(elsewhere.voteId, 'carol')).answer.data.wechatToken;
    expect(await vote(t, voteId, [playerIds[0]!], { wechatToken: foreign })).toMatchObject({
      resultCode: '409',
      resultMsg: WEB_AUTH_MESSAGES.otherAccount,
      data: { reason: 'wechatRequired' },
    });
    expect(await vote(t, voteId, [playerIds[0]!], { wechatToken: `${MP}.${fake.openidOf(MP, 'carol')}.9999999999999.forged` })).toMatchObject({
      resultCode: '409',
      resultMsg: WEB_AUTH_MESSAGES.token,
    });
    const [{ n }] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vote_ballots b JOIN vote_activities a ON a.id = b.vote_id WHERE a.public_id = $1',
      [voteId],
    );
    expect(n).toBe(0);
  });

  it('the return from WeChat refuses a replayed code, a forged state and a code of another account with clear messages', async () => {
    const { voteId } = await wechatVote();
    const { q } = await authorise(voteId, 'dave');
    const replay = await t.call('activity/vote/getVoteWechatVoter', { voteId, code: q.code, state: q.state });
    expect(replay).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.used, data: { reason: 'wechatRequired' } });
    const forged = await t.call('activity/vote/getVoteWechatVoter', { voteId, code: 'some-code', state: `${q.state!.slice(0, -4)}beef` });
    expect(forged).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.state });
    // A state of this vote, but the code WeChat issued for another account's voter.
    const elsewhere = await wechatVote(otherAuthId);
    const link = await t.call<{ url: string }>('activity/vote/getVoteWechatAuthUrl', { voteId: elsewhere.voteId, redirectPath: '/v' });
    const foreign = new URL(await fake.authorize(link.data.url, 'erin')).searchParams;
    const ours = new URL((await t.call<{ url: string }>('activity/vote/getVoteWechatAuthUrl', { voteId, redirectPath: '/v' })).data.url).searchParams;
    const wrong = { voteId, code: foreign.get('code'), state: ours.get('state') };
    expect(await t.call('activity/vote/getVoteWechatVoter', { ...wrong, appid: OTHER_MP })).toMatchObject({
      resultCode: '409',
      resultMsg: WEB_AUTH_MESSAGES.otherAccount,
    });
    expect(await t.call('activity/vote/getVoteWechatVoter', wrong)).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.code });
  });

  it('the rules need one of the owner’s own bound official accounts; a cancelled binding stops the authorisation', async () => {
    const stranger = await loginNewUser(t, 4);
    const mine = await t.call(
      'activity/vote/saveOrUpdateVote',
      { title: '别人的号', settings: { identity: 'wechat', wechatAuthId: authId } },
      stranger.headers,
    );
    expect(mine).toMatchObject({ resultCode: '400', resultMsg: WEB_AUTH_MESSAGES.chooseAccount });
    const none = await t.call('activity/vote/saveOrUpdateVote', { title: '没选号', settings: { identity: 'wechat' } }, owner.headers);
    expect(none.resultCode).toBe('400');
    expect(none.resultMsg).toContain('微信授权投票需要选择已授权绑定的公众号');
    // The client cannot choose the AppID its voters' identities are checked against.
    const { voteId } = await runningVote(t, owner.headers, { settings: { identity: 'wechat', wechatAuthId: authId, wechatAppid: OTHER_MP } });
    const rules = await t.call<{ settings: { wechatAppid: string } }>('activity/vote/getVoteSetting', { voteId }, owner.headers);
    expect(rules.data.settings.wechatAppid).toBe(MP);

    const outside = await t.call('activity/vote/getVoteWechatAuthUrl', { voteId, redirectPath: '//evil.example.com/x' });
    expect(outside).toMatchObject({ resultCode: '400', resultMsg: '返回地址无效' });
    const device = await runningVote(t, owner.headers);
    expect(await t.call('activity/vote/getVoteWechatAuthUrl', { voteId: device.voteId, redirectPath: '/v' })).toMatchObject({
      resultCode: '409',
      resultMsg: VOTE_MESSAGES.notWechat,
    });

    await t.database.query(`UPDATE wechat_authorizers SET status = 'unauthorized' WHERE id = $1`, [authId]);
    try {
      expect(await t.call('activity/vote/getVoteWechatAuthUrl', { voteId, redirectPath: '/v' })).toMatchObject({
        resultCode: '409',
        resultMsg: WEB_AUTH_MESSAGES.noAccount,
      });
    } finally {
      await t.database.query(`UPDATE wechat_authorizers SET status = 'authorized' WHERE id = $1`, [authId]);
    }
  });
});
