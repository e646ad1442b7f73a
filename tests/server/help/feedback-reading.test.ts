import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFeedbackItem } from '../../../schemas/api/site';
import { readEnv } from '../../../server/env';
import { seedHelpArticles } from '../../../server/seed/help/seed-help';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, lastCode, type TestApp } from '../../helpers/test-app';

// Issue 48 item 1: the site operator (an account named in OPERATOR_ACCOUNTS) reads the help centre's 意见反馈, newest
// first with the article's title, and marks it 已处理; every other account is refused on the server.
const OPERATOR = '13912340001';
let t: TestApp;
let operator: { token: string };
let stranger: { token: string };
beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_ACCOUNTS: `13912340009,${OPERATOR}` } });
  await seedHelpArticles(t.database);
  await t.call('activity/user/sendSms', { phone: OPERATOR });
  operator = (await t.call<{ token: string }>('activity/user/login', { phone: OPERATOR, code: await lastCode(t.database, OPERATOR) })).data;
  stranger = await loginNewUser(t);
  const [logic] = await t.database.query<{ id: number }>(`SELECT id FROM help_articles WHERE slug = 'logic-jump'`);
  await t.call('wxApplet/article/saveOrUpdateFeedBack', { articleId: logic!.id, content: '第3步找不到跳转到按钮', contact: '微信 abc' });
  await t.call('wxApplet/article/saveOrUpdateFeedBack', { content: '希望帮助中心能有视频教程' }, { host: 'jielong.localhost' });
  // The second one is the newer, whatever the clock's resolution.
  await t.database.query(`UPDATE help_feedback SET created_at = created_at + interval '1 second' WHERE content LIKE '希望%'`);
});
afterAll(() => t.close());

const list = (token?: string) => t.call<{ list: TFeedbackItem[]; total: number }>('site/feedback/list', {}, token ? { token } : {});

describe('site/feedback', () => {
  it('shows the operator every feedback, newest first, with the article it is about', async () => {
    const answer = await list(operator.token);
    expect(answer.resultCode).toBe('200');
    expect(answer.data.total).toBe(2);
    expect(answer.data.list.map((f) => [f.content, f.articleTitle, f.systemSource, f.contact, f.handledTime])).toEqual([
      ['希望帮助中心能有视频教程', null, 7, '', null],
      ['第3步找不到跳转到按钮', '跳题逻辑和显示逻辑', 1, '微信 abc', null],
    ]);
  });

  it('refuses any other account and a visitor who is not logged in', async () => {
    expect(await list(stranger.token)).toMatchObject({ resultCode: '403', resultMsg: '仅站点运营者可以查看意见反馈' });
    expect((await list()).resultCode).toBe('401');
    const [first] = (await list(operator.token)).data.list;
    expect(await t.call('site/feedback/handle', { feedbackId: first!.feedbackId }, { token: stranger.token })).toMatchObject({ resultCode: '403' });
    expect((await list(operator.token)).data.list[0]!.handledTime).toBeNull();
  });

  it('marks one 已处理 once: a second mark keeps the first time', async () => {
    const [first] = (await list(operator.token)).data.list;
    const marked = await t.call<{ handledTime: string }>('site/feedback/handle', { feedbackId: first!.feedbackId }, { token: operator.token });
    expect(marked.resultCode).toBe('200');
    const again = await t.call<{ handledTime: string }>('site/feedback/handle', { feedbackId: first!.feedbackId }, { token: operator.token });
    expect(again.data.handledTime).toBe(marked.data.handledTime);
    const after = (await list(operator.token)).data.list;
    expect(after.map((f) => f.handledTime !== null)).toEqual([true, false]);
    expect(await t.call('site/feedback/handle', { feedbackId: 'no-such-feedback' }, { token: operator.token })).toMatchObject({
      resultCode: '404',
      resultMsg: '反馈不存在',
    });
  });

  it('nobody reads when OPERATOR_ACCOUNTS is unset, and a malformed setting stops the start', async () => {
    expect(readEnv({ OPERATOR_ACCOUNTS: ' 13912340001 ,13912340002' }).OPERATOR_ACCOUNTS).toBe('13912340001,13912340002');
    expect(() => readEnv({ OPERATOR_ACCOUNTS: 'admin' })).toThrow(/OPERATOR_ACCOUNTS/);
    const plain = await createTestApp();
    try {
      await plain.call('activity/user/sendSms', { phone: OPERATOR });
      const { token } = (await plain.call<{ token: string }>('activity/user/login', { phone: OPERATOR, code: await lastCode(plain.database, OPERATOR) })).data;
      expect((await plain.call('site/feedback/list', {}, { token })).resultCode).toBe('403');
    } finally {
      await plain.close();
    }
  });
});
