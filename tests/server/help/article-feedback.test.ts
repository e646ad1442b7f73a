import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS } from '../../../server/services/help/article-feedback.service';
import { seedHelpArticles } from '../../../server/seed/help/seed-help';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// 意见反馈 (issue 48 item 1): validated, stored as plain text with the article it is about, rate-limited per address.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedHelpArticles(t.database);
});
afterAll(() => t.close());

describe('saveOrUpdateFeedBack', () => {
  it('stores the feedback with its article, as plain text', async () => {
    const articleId = (await t.database.query<{ id: number }>(`SELECT id FROM help_articles WHERE slug = 'logic-jump'`))[0]!.id;
    const saved = await t.call<{ feedbackId: string }>('wxApplet/article/saveOrUpdateFeedBack', {
      articleId,
      content: '第3步找不到<b>跳转到</b>按钮<script>x()</script>',
      contact: '13800138000',
    });
    expect(saved).toMatchObject({ resultCode: '200', resultMsg: '感谢反馈，我们会尽快改进' });
    const [row] = await t.database.query<{ article_id: number; content: string; system_source: number }>(
      'SELECT article_id, content, system_source FROM help_feedback WHERE public_id = $1',
      [saved.data.feedbackId],
    );
    expect(row).toEqual({ article_id: articleId, content: '第3步找不到跳转到按钮', system_source: 1 });
  });

  it('refuses feedback too short or too long, naming the rule', async () => {
    expect(await t.call('wxApplet/article/saveOrUpdateFeedBack', { content: '不好' })).toMatchObject({
      resultCode: '400',
      resultMsg: 'content: 反馈内容至少5个字',
    });
    expect((await t.call('wxApplet/article/saveOrUpdateFeedBack', { content: '长'.repeat(501) })).resultMsg).toBe('content: 反馈内容不能超过500个字');
    expect((await t.call('wxApplet/article/saveOrUpdateFeedBack', { content: '<i></i><b></b>' })).resultCode).toBe('400');
  });

  it('lets one address send a few in ten minutes, then refuses', async () => {
    await t.database.query(`DELETE FROM rate_limits WHERE key LIKE 'help-feedback:%'`);
    const codes: string[] = [];
    for (let i = 0; i <= FEEDBACK_LIMITS.perTenMinutes; i++)
      codes.push((await t.call('wxApplet/article/saveOrUpdateFeedBack', { content: `第${i}条意见反馈内容` })).resultCode);
    expect(codes).toEqual([...Array(FEEDBACK_LIMITS.perTenMinutes).fill('200'), '429']);
  });
});
