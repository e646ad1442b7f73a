import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_AUTH_MESSAGES, type TAuthInfo } from '../../../schemas/api/component';
import { WRITE_MESSAGES } from '../../../schemas/api/write';
import type { TDataDetail, TSheetDetail } from '../../../schemas/api/report';
import { startFakeWechatOpen, type FakeWechatOpen } from '../../helpers/fake-wechat-open';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { naiveCapacity } from '../../helpers/naive-strategies';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

/**
 * 仅限微信授权填写 on questionnaires, forms and exams (issue 47 item 1) against the fake WeChat: the setting names the
 * owner's bound official account (AppID written by the server), a sheet needs the respondent's WeChat identity,
 * keeps the openid, and 每个微信最多填写 N 次 holds under parallel submits (and a naive read-then-write does not).
 */
let fake: FakeWechatOpen;
let t: TestApp;
let naiveApp: TestApp;
let owner: { headers: { token: string } };
let authId: number;
let otherAuthId: number;
const MP = 'wx00000000000f0001';
const OTHER_MP = 'wx00000000000f0002';
const W = 'active/write/';

beforeAll(async () => {
  fake = await startFakeWechatOpen();
  t = await createTestApp({ jobs: 'manual', env: fake.env });
  naiveApp = await siblingApp(t, { strategies: { capacity: naiveCapacity } });
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
  authId = await bind(MP, '问卷公众号');
  otherAuthId = await bind(OTHER_MP, '另一个公众号');
}, 180_000);
afterAll(async () => {
  await naiveApp.close();
  await t.close();
  await fake.close();
});

const q = makeSubject(1, 1, '满意吗');
/** A published questionnaire of the owner's, 仅限微信授权填写 through `wechatAuthId`. */
const wechatForm = (settings: Record<string, unknown> = {}) =>
  publishProject(t, owner.headers, { subjects: [q], questionType: 4, settings: { wechatAuthId: authId, perWechatLimit: 1, ...settings } });

/** A respondent signed in to WeChat as `user` opens /s/<id>: the link, WeChat's round trip, the token. */
async function authorise(questionId: string, user: string) {
  const link = await t.call<{ url: string }>(`${W}getFormWechatAuthUrl`, { questionId, redirectPath: `/s/${questionId}` });
  expect(link.resultCode).toBe('200');
  const back = new URL(await fake.authorize(link.data.url, user));
  expect(back.pathname).toBe(`/s/${questionId}`);
  const p = Object.fromEntries(back.searchParams);
  const answer = await t.call<{ wechatToken: string }>(`${W}getFormWechatIdentity`, { questionId, code: p.code, state: p.state, appid: p.appid });
  expect(answer).toMatchObject({ resultCode: '200', resultMsg: '微信授权成功' });
  return { token: answer.data.wechatToken, back: p };
}

let device = 0;
const submit = (questionId: string, extra: Record<string, unknown> = {}, app = t) =>
  app.call(`${W}submit`, { questionId, submissionId: submissionId(), deviceId: `wx-device-${++device}`, answers: { [q.uuid]: pick(q, 0) }, ...extra });
const sheetsOf = (questionId: string) =>
  t.database.query<{ wechat_openid: string | null }>(
    'SELECT a.wechat_openid FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1 ORDER BY a.id',
    [questionId],
  );
const settingsOf = async (questionId: string, headers = owner.headers) =>
  (
    await t.call<{
      settings: { wechatAuthId: number | null; wechatAppid: string | null; perWechatLimit: number | null };
      wechat: { accounts: { authId: number }[] };
    }>('activity/question/getWxQuestionSetting', { questionId }, headers)
  ).data;

describe(`仅限微信授权填写 (${engineName()})`, () => {
  it('the setting takes the AppID from the owner’s binding, whatever the client sends, and offers the owner’s accounts', async () => {
    const questionId = await wechatForm({ wechatAppid: 'wxforgedbyclient' });
    const read = await settingsOf(questionId);
    expect(read.settings).toMatchObject({ wechatAuthId: authId, wechatAppid: MP, perWechatLimit: 1 });
    expect(read.wechat.accounts.map((a) => a.authId).sort()).toEqual([authId, otherAuthId].sort());
    // Saving again with a forged AppID keeps the binding's.
    await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: { wechatAppid: 'wxforged', perWechatLimit: 2 } }, owner.headers);
    expect((await settingsOf(questionId)).settings).toMatchObject({ wechatAppid: MP, perWechatLimit: 2 });
    const page = await t.call<{ settings: { wechatAuth: boolean } }>(`${W}getQuestion`, { questionId });
    expect(page.data.settings.wechatAuth).toBe(true);
  });

  it('a collaborator sees the owner’s accounts and cannot choose one of their own', async () => {
    const questionId = await wechatForm();
    const editor = await loginNewUser(t, 4);
    const [project] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
    const [me] = await t.database.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [editor.phone]);
    await t.database.query('INSERT INTO project_members (project_id, user_id, power_type) VALUES ($1, $2, 2)', [project!.id, me!.id]);
    fake.scanned('code-editor', { appid: 'wx00000000000f0009', nickName: '协作者的号' });
    const own = await t.call<TAuthInfo>('activity/component/getAuthorizerInfo', { authCode: 'code-editor' }, editor.headers);
    expect(own.resultCode).toBe('200');
    const read = await settingsOf(questionId, editor.headers);
    expect(read.wechat.accounts.map((a) => a.authId).sort()).toEqual([authId, otherAuthId].sort());
    const refused = await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: { wechatAuthId: own.data.authId } }, editor.headers);
    expect(refused).toMatchObject({ resultCode: '400', resultMsg: WEB_AUTH_MESSAGES.chooseAccount });
    // The owner's other account is the collaborator's to choose.
    const chosen = await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: { wechatAuthId: otherAuthId } }, editor.headers);
    expect(chosen.resultCode).toBe('200');
    expect((await settingsOf(questionId)).settings).toMatchObject({ wechatAuthId: otherAuthId, wechatAppid: OTHER_MP });
  });

  it('a submit needs the WeChat identity: none, forged and another account’s are refused; the sheet keeps the openid', async () => {
    const questionId = await wechatForm({ perWechatLimit: 2 });
    const other = await wechatForm({ wechatAuthId: otherAuthId });
    expect(await submit(questionId)).toMatchObject({ resultCode: '409', resultMsg: WRITE_MESSAGES.wechatRequired, data: { reason: 'wechatRequired' } });
    const forged = `${MP}.${fake.openidOf(MP, 'mallory')}.9999999999999.forged`;
    expect(await submit(questionId, { wechatToken: forged })).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.token });
    const foreign = (await authorise(other, 'mallory')).token;
    expect(await submit(questionId, { wechatToken: foreign })).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.otherAccount });
    const someone = await loginNewUser(t);
    expect(await t.call(`${W}submit`, { questionId, submissionId: submissionId(), deviceId: 'logged-in', answers: {} }, someone.headers)).toMatchObject({
      resultCode: '409',
      resultMsg: WRITE_MESSAGES.wechatRequired,
    });
    expect(await sheetsOf(questionId)).toEqual([]);

    const { token } = await authorise(questionId, 'alice');
    expect((await submit(questionId, { wechatToken: token })).resultCode).toBe('200');
    expect(await sheetsOf(questionId)).toEqual([{ wechat_openid: fake.openidOf(MP, 'alice') }]);
    // The report names the source 微信授权 with the openid shortened.
    const detail = await t.call<TDataDetail>('question/statement/getDataDetail', { questionId, pageSize: 20 }, owner.headers);
    expect(detail.resultCode).toBe('200');
    const openid = fake.openidOf(MP, 'alice');
    const short = `${openid.slice(0, 4)}…${openid.slice(-4)}`;
    expect(detail.data.list[0]!.wechat).toBe(short);
    const sheet = await t.call<TSheetDetail>('question/statement/getAnswerSheetDetail', { questionId, sheetId: detail.data.list[0]!.sheetId }, owner.headers);
    expect(sheet.data.wechat).toBe(short);
  });

  it('每个微信最多填写 1 次: another browser of the same WeChat user is refused, at the page and on submit; another user answers', async () => {
    const questionId = await wechatForm();
    const first = (await authorise(questionId, 'bob')).token;
    expect((await submit(questionId, { wechatToken: first })).resultCode).toBe('200');
    const again = (await authorise(questionId, 'bob')).token;
    expect(await t.call(`${W}getQuestion`, { questionId, wechatToken: again })).toMatchObject({
      resultCode: '409',
      resultMsg: WRITE_MESSAGES.wechatLimit,
      data: { reason: 'wechatLimit' },
    });
    expect(await submit(questionId, { wechatToken: again })).toMatchObject({ resultCode: '409', resultMsg: WRITE_MESSAGES.wechatLimit });
    // A stale token at the page is refused so the page authorises again.
    expect(await t.call(`${W}getQuestion`, { questionId, wechatToken: 'x.y.1.z' })).toMatchObject({ resultCode: '409', resultMsg: WEB_AUTH_MESSAGES.token });
    const carol = (await authorise(questionId, 'carol')).token;
    expect((await t.call(`${W}getQuestion`, { questionId, wechatToken: carol })).resultCode).toBe('200');
    expect((await submit(questionId, { wechatToken: carol })).resultCode).toBe('200');
    expect(await sheetsOf(questionId)).toHaveLength(2);
  });

  it('8 parallel submits of one openid with limit 1 store exactly one sheet; a naive read-then-write stores more', async () => {
    const race = async (app: TestApp, user: string) => {
      const questionId = await wechatForm();
      // One sheet of someone else first, so the race is not the project's first submit in this process.
      expect((await submit(questionId, { wechatToken: (await authorise(questionId, `${user}-first`)).token }, app)).resultCode).toBe('200');
      const tokens = [];
      for (let i = 0; i < 8; i++) tokens.push((await authorise(questionId, user)).token);
      const answers = await Promise.all(tokens.map((wechatToken) => submit(questionId, { wechatToken }, app)));
      return { answers, sheets: await sheetsOf(questionId) };
    };
    const exact = await race(t, 'dave');
    expect(exact.answers.filter((a) => a.resultCode === '200')).toHaveLength(1);
    expect(exact.answers.filter((a) => a.resultMsg === WRITE_MESSAGES.wechatLimit)).toHaveLength(7);
    expect(exact.sheets).toHaveLength(2);
    const naive = await race(naiveApp, 'erin');
    expect(naive.answers.filter((a) => a.resultCode === '200').length).toBeGreaterThan(1);
    expect(naive.sheets.length).toBeGreaterThan(2);
  });

  it('turned off, the form takes sheets without WeChat again; a copy does not carry the account', async () => {
    const questionId = await wechatForm();
    await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: { wechatAuthId: null } }, owner.headers);
    expect((await settingsOf(questionId)).settings).toMatchObject({ wechatAuthId: null, wechatAppid: null });
    expect(await t.call(`${W}getFormWechatAuthUrl`, { questionId, redirectPath: '/s' })).toMatchObject({
      resultCode: '409',
      resultMsg: WRITE_MESSAGES.notWechat,
    });
    expect((await submit(questionId)).resultCode).toBe('200');

    const on = await wechatForm();
    const copied = await t.call<{ questionId: string }>('activity/question/getQuestionCopy', { questionId: on }, owner.headers);
    expect(copied.resultCode).toBe('200');
    expect((await settingsOf(copied.data.questionId)).settings).toMatchObject({ wechatAuthId: null, wechatAppid: null });
  });

  it('a cancelled binding: the authorise link says so; a bad return path is refused', async () => {
    const questionId = await wechatForm();
    expect(await t.call(`${W}getFormWechatAuthUrl`, { questionId, redirectPath: '//evil.example.com/x' })).toMatchObject({
      resultCode: '400',
      resultMsg: '返回地址无效',
    });
    await t.database.query(`UPDATE wechat_authorizers SET status = 'unauthorized' WHERE id = $1`, [authId]);
    try {
      expect(await t.call(`${W}getFormWechatAuthUrl`, { questionId, redirectPath: '/s' })).toMatchObject({
        resultCode: '409',
        resultMsg: WEB_AUTH_MESSAGES.formNoAccount,
      });
      // The rest of the settings still save (the choice did not change).
      const saved = await t.call('activity/question/updateWxQuestionSetting', { questionId, settings: { perWechatLimit: 3 } }, owner.headers);
      expect(saved.resultCode).toBe('200');
    } finally {
      await t.database.query(`UPDATE wechat_authorizers SET status = 'authorized' WHERE id = $1`, [authId]);
    }
  });
});
