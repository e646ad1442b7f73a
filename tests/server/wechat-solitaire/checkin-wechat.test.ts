import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_MESSAGES, type TCheckInManageView, type TCheckInView } from '../../../schemas/api/checkin';
import { WEB_AUTH_MESSAGES } from '../../../schemas/api/component';
import type { FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { loginNewUser } from '../../helpers/fixtures';
import type { TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { at, device, publishCheckIn, uploadCheckInPhoto } from '../checkin/checkin-helpers';
import { authorise, bindAccount, S, wechatApp } from './wechat-solitaire-helpers';

/**
 * 仅限微信授权参与 for check-in chains (issue 47 item 1) against the fake WeChat: the setting takes only the owner's
 * own authorised official account; a participant is `w:<openid>` of it for every check-in and photo, so one WeChat
 * user checking in from many browsers at once is one check-in of the day; the refusals a participant can meet.
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let fake: FakeWechatOpen;
const clock = at('2026-12-02', '08:00');
beforeAll(async () => {
  ({ t, fake } = await wechatApp(() => clock));
}, 180_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A published check-in whose owner bound an official account and set 仅限微信授权参与 through it. */
async function wechatCheckIn(photoMode: 'off' | 'optional' = 'off') {
  const ctx = await publishCheckIn(t, { startDay: '2026-12-01', endDay: '2026-12-31', photoMode });
  const account = await bindAccount(t, fake, ctx.owner.headers);
  const saved = await t.call(`${S}saveCheckInSetting`, { questionId: ctx.questionId, wechatAuthId: account.authId }, ctx.owner.headers);
  expect(saved.resultCode).toBe('200');
  return { ...ctx, ...account };
}
const checkIn = (questionId: string, extra: Record<string, unknown>) => t.call(`${S}checkIn`, { questionId, deviceId: device(), name: '小王', ...extra });
const view = (questionId: string, extra: Record<string, unknown> = {}) => t.call<TCheckInView>(`${S}getCheckIn`, { questionId, deviceId: device(), ...extra });

describe(`仅限微信授权参与 check-ins (${engineName()})`, () => {
  it('takes only the owner’s own authorised account, shows it on both views, and turns off with null', async () => {
    const ctx = await wechatCheckIn();
    const manage = await t.call<TCheckInManageView>(`${S}getCheckInManage`, { questionId: ctx.questionId }, ctx.owner.headers);
    expect(manage.data.wechatAuthId).toBe(ctx.authId);
    expect((await view(ctx.questionId)).data.wechatAuthId).toBe(ctx.authId);
    // Another user's account is not the owner's binding.
    const stranger = await loginNewUser(t);
    const theirs = await bindAccount(t, fake, stranger.headers);
    const refused = await t.call(`${S}saveCheckInSetting`, { questionId: ctx.questionId, wechatAuthId: theirs.authId }, ctx.owner.headers);
    expect(refused).toMatchObject({ resultCode: '400', resultMsg: WEB_AUTH_MESSAGES.chooseAccount });
    expect((await t.call(`${S}saveCheckInSetting`, { questionId: ctx.questionId, wechatAuthId: null }, ctx.owner.headers)).resultCode).toBe('200');
    expect((await view(ctx.questionId)).data.wechatAuthId).toBeNull();
    expect((await checkIn(ctx.questionId, {})).resultCode).toBe('200');
  });

  it('refuses a check-in without, with a forged or with another account’s WeChat identity, each with its message', async () => {
    const ctx = await wechatCheckIn();
    const other = await wechatCheckIn();
    expect(await checkIn(ctx.questionId, {})).toMatchObject({
      resultCode: '409',
      resultMsg: CHECKIN_MESSAGES.wechatRequired,
      data: { reason: 'wechatRequired' },
    });
    const token = await authorise(t, fake, ctx.questionId, 'carol');
    const forged = token.replace(/\.[^.]+$/, '.forged');
    expect(await checkIn(ctx.questionId, { wechatToken: forged })).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.token });
    const othersToken = await authorise(t, fake, other.questionId, 'carol');
    expect(await checkIn(ctx.questionId, { wechatToken: othersToken })).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.otherAccount });
    // A logged-in participant is still asked for WeChat: the login is not the identity here.
    const someone = await loginNewUser(t);
    const loggedIn = await t.call(`${S}checkIn`, { questionId: ctx.questionId, deviceId: device(), name: '登录者' }, someone.headers);
    expect(loggedIn).toMatchObject({ resultCode: '409', resultMsg: CHECKIN_MESSAGES.wechatRequired });
    expect(await t.database.query('SELECT 1 FROM checkin_records r JOIN projects p ON p.id = r.project_id WHERE p.public_id = $1', [ctx.questionId])).toEqual(
      [],
    );
  });

  it('counts one WeChat user checking in from four browsers at once as one check-in of the day, theirs in every browser', async () => {
    const ctx = await wechatCheckIn();
    const tokens = await Promise.all([0, 1, 2, 3].map(() => authorise(t, fake, ctx.questionId, 'dave')));
    const erin = await authorise(t, fake, ctx.questionId, 'erin');
    const answers = await Promise.all([
      ...tokens.flatMap((wechatToken) => [0, 1, 2].map((i) => checkIn(ctx.questionId, { wechatToken, text: `第${i}次` }))),
      checkIn(ctx.questionId, { wechatToken: erin, name: '小李' }),
    ]);
    expect(answers.filter((a) => a.resultCode === '200')).toHaveLength(2);
    expect(answers.filter((a) => a.resultCode !== '200').map((a) => a.resultMsg)).toEqual(Array(11).fill(CHECKIN_MESSAGES.twice));
    const rows = await t.database.query<{ participant: string }>(
      'SELECT participant FROM checkin_records r JOIN projects p ON p.id = r.project_id WHERE p.public_id = $1 ORDER BY participant',
      [ctx.questionId],
    );
    expect(rows.map((r) => r.participant).sort()).toEqual([`w:${fake.openidOf(ctx.appid, 'dave')}`, `w:${fake.openidOf(ctx.appid, 'erin')}`].sort());
    // Another browser of dave's (a new device key) sees the check-in as his; without a token, nobody's.
    const fresh = await authorise(t, fake, ctx.questionId, 'dave');
    const his = await view(ctx.questionId, { wechatToken: fresh });
    expect(his.data.mine.map((r) => r.day)).toEqual(['2026-12-02']);
    expect(his.data.streaks.current).toBe(1);
    expect(his.data.ranking.filter((r) => r.mine).map((r) => r.name)).toEqual(['小王']);
    const anonymous = await view(ctx.questionId);
    expect(anonymous.data.mine).toEqual([]);
    expect(anonymous.data.participants).toBe(2);
  });

  it('keeps photos the WeChat user’s: uploaded in one browser, checked in with from another', async () => {
    const ctx = await wechatCheckIn('optional');
    const first = await authorise(t, fake, ctx.questionId, 'frank');
    const second = await authorise(t, fake, ctx.questionId, 'frank');
    expect(await uploadCheckInPhoto(t, { questionId: ctx.questionId, deviceId: device() })).toMatchObject({
      resultCode: '409',
      resultMsg: CHECKIN_MESSAGES.wechatRequired,
    });
    const photo = await uploadCheckInPhoto(t, { questionId: ctx.questionId, deviceId: device(), wechatToken: first });
    expect(photo.resultCode).toBe('200');
    expect((await checkIn(ctx.questionId, { wechatToken: second, photos: [photo.data.url] })).resultCode).toBe('200');
    // Someone else's WeChat identity cannot take frank's photo.
    const grace = await authorise(t, fake, ctx.questionId, 'grace');
    expect(await checkIn(ctx.questionId, { wechatToken: grace, photos: [photo.data.url] })).toMatchObject({
      resultCode: '400',
      resultMsg: CHECKIN_MESSAGES.photoNotOwn,
    });
  });
});
