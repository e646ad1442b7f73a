import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLET_NOT_CONFIGURED } from '../../../schemas/api/applet';
import { startFakeWechatApplet, type FakeWechatApplet } from '../../helpers/fake-wechat-applet';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject } from '../../helpers/publish';
import { createTestApp, siblingApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let fake: FakeWechatApplet;
let t: TestApp;
let bare: TestApp;
let owner: Awaited<ReturnType<typeof loginNewUser>>;
let stranger: Awaited<ReturnType<typeof loginNewUser>>;
let questionId: string;

type Code = { qrCode: string; url: string };

beforeAll(async () => {
  fake = await startFakeWechatApplet();
  t = await createTestApp({ env: fake.env });
  bare = await siblingApp(t, { env: {} });
  [owner, stranger] = [await loginNewUser(t), await loginNewUser(t)];
  questionId = await publishProject(t, owner.headers, { subjects: [makeSubject(1, 1, '您的年龄')] });
});
afterAll(async () => {
  await bare.close();
  await t.close();
  await fake.close();
});

describe(`mini-program code and link on ${engineName()}`, () => {
  it('a bound applet answers a QR image and a link for the project page', async () => {
    const code = await t.call<Code>('activity/question/getQuestionCode', { questionId, appletSource: 7 }, owner.headers);
    expect(code.resultCode).toBe('200');
    expect(code.data.qrCode).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(code.data.url).toMatch(/^https:\/\/wxaurl\.cn\/fake\d+$/);
    expect(fake.codes.at(-1)).toEqual({ scene: `q=${questionId}`, page: 'pages/answer/index' });
    const link = await t.call<{ url: string }>('activity/question/T2/getAppletUrl', { questionId }, owner.headers);
    expect(link.data.url).toMatch(/^https:\/\/wxaurl\.cn\/fake\d+$/);
    expect(fake.links.at(-1)).toEqual({ path: 'pages/answer/index', query: `questionId=${questionId}`, expire_interval: 30 });
    // One access token serves both calls.
    expect(fake.tokens).toBe(1);
  });

  it('without an applet configured both calls say what to configure', async () => {
    for (const path of ['activity/question/getQuestionCode', 'activity/question/T2/getAppletUrl']) {
      const answer = await bare.call(path, { questionId }, owner.headers);
      expect(answer).toMatchObject({ resultCode: '400', resultMsg: APPLET_NOT_CONFIGURED });
    }
  });

  it("WeChat's refusal is said as such, and a stranger gets nothing", async () => {
    fake.failWith = { errcode: 85074, errmsg: 'not published' };
    const refused = await t.call('activity/question/getQuestionCode', { questionId }, owner.headers);
    fake.failWith = null;
    expect(refused).toMatchObject({ resultCode: '400', resultMsg: '生成小程序码失败：微信小程序接口错误 85074：not published' });
    expect((await t.call('activity/question/getQuestionCode', { questionId }, stranger.headers)).resultCode).toBe('404');
    expect((await t.call('activity/question/T2/getAppletUrl', { questionId }, {})).resultCode).toBe('401');
  });
});

describe(`template searches feed the hot words on ${engineName()}`, () => {
  it('saveSearch records a word; the most searched by distinct people come first', async () => {
    const save = (keyword: string, headers: Record<string, string>) => t.call('wxApplet/search/saveSearch', { keyword, questionType: 1 }, headers);
    for (const headers of [owner.headers, stranger.headers]) expect((await save('满意度', headers)).resultCode).toBe('200');
    await save('考勤', owner.headers);
    await save('考勤', owner.headers);
    expect((await save('  ', owner.headers)).resultCode).toBe('400');
    const hot = await t.call<{ hotKeywords: string[] }>('active/template/getHotTemplateSearchPage', { questionType: 1 }, {});
    expect(hot.data.hotKeywords).toEqual(['满意度', '考勤']);
    const exams = await t.call<{ hotKeywords: string[] }>('active/template/getHotTemplateSearchPage', { questionType: 2 }, {});
    expect(exams.data.hotKeywords).toEqual([]);
  });
});
