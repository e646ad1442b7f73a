import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TResponseOf } from '../../../schemas/api/contract';
import { TEMPLATE_SHARE_MESSAGES, templateShareCalls, type TTemplateShare, type TTemplateShareLink } from '../../../schemas/api/template-share';
import type { TCreateResult } from '../../../schemas/api/question';
import { seedTemplates } from '../../../server/seed/templates/seed-templates';
import { shareTokenOf } from '../../../server/services/template-share/template-share.service';
import { loginNewUser, singleChoices } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const T = 'active/template/';
let t: TestApp;
let exam: { questionId: string; title: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedTemplates(t.database);
  const [row] = await t.database.query<{ public_id: string; title: string }>(
    `SELECT public_id, title FROM projects WHERE is_template AND question_type = 2 ORDER BY hot DESC LIMIT 1`,
  );
  exam = { questionId: row!.public_id, title: row!.title };
});
afterAll(() => t.close());

const projectsOf = async (phone: string) =>
  (await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM projects p JOIN users u ON u.id = p.owner_id WHERE u.phone = $1`, [phone]))[0]!.n;
const createdToday = async (phone: string) =>
  (
    await t.database.query<{ n: number }>(
      `SELECT COALESCE(sum(d.count), 0)::int AS n FROM daily_creations d JOIN users u ON u.id = d.user_id WHERE u.phone = $1`,
      [phone],
    )
  )[0]!.n;

describe('template as respondents see it (getTemplateQuestion)', () => {
  it('answers the template for anyone, scores shown and the answer key kept back', async () => {
    const answer = await t.call<TResponseOf<typeof templateShareCalls.getTemplateQuestion>>(`${T}getTemplateQuestion`, { questionId: exam.questionId });
    expect(answer.resultCode).toBe('200');
    expect(answer.data.title).toBe(exam.title);
    expect(answer.data.settings.loginRequired).toBe(false);
    const scored = answer.data.subjects.filter((s) => 'score' in s && s.score);
    expect(scored.length).toBeGreaterThan(0);
    expect(JSON.stringify(answer.data.subjects)).not.toMatch(/"isCorrect"|"answerAnalysis"/);
  });

  it('refuses a project that is not a template, and an unknown id, as 模板不存在或已下架', async () => {
    const owner = await loginNewUser(t);
    const own = await t.call<TCreateResult>(
      'activity/question/saveOrUpdateWxQuestion',
      { questionType: 1, title: '我的问卷', subjects: singleChoices(1) },
      owner.headers,
    );
    for (const questionId of [own.data.questionId!, 'noSuchTemplate1']) {
      const answer = await t.call(`${T}getTemplateQuestion`, { questionId }, owner.headers);
      expect([answer.resultCode, answer.resultMsg]).toEqual(['404', TEMPLATE_SHARE_MESSAGES.missing]);
      expect((await t.call(`${T}getTemplateShareLink`, { questionId })).resultCode).toBe('404');
    }
  });
});

describe('sharing a template with a friend', () => {
  it('names a logged-in sharer by name (never the phone); a visitor’s link names nobody', async () => {
    const a = await loginNewUser(t);
    await t.database.query(`UPDATE users SET username = '王老师' WHERE phone = $1`, [a.phone]);
    const link = await t.call<TTemplateShareLink>(`${T}getTemplateShareLink`, { questionId: exam.questionId }, a.headers);
    expect(link.data.sharerName).toBe('王老师');
    expect(link.data.url).toMatch(/\/shareQuestionnaire\?share=/);
    expect(link.data.qrPng).toMatch(/^data:image\/png;base64,/);
    expect(link.data.url).not.toContain(a.phone);
    const shared = await t.call<TTemplateShare>(`${T}getTemplateShare`, { shareToken: link.data.shareToken });
    expect(shared.data).toMatchObject({ sharerName: '王老师', copiedQuestionId: null, template: { questionId: exam.questionId, title: exam.title } });
    expect(JSON.stringify(shared.data)).not.toContain(a.phone);

    const anonymous = await t.call<TTemplateShareLink>(`${T}getTemplateShareLink`, { questionId: exam.questionId });
    expect(anonymous.data.sharerName).toBeNull();
    expect((await t.call<TTemplateShare>(`${T}getTemplateShare`, { shareToken: anonymous.data.shareToken })).data.sharerName).toBeNull();
  });

  it('refuses a forged or malformed token in the envelope', async () => {
    const a = await loginNewUser(t);
    const link = await t.call<TTemplateShareLink>(`${T}getTemplateShareLink`, { questionId: exam.questionId }, a.headers);
    const [questionId, , signature] = link.data.shareToken.split('.');
    // Someone else's name put on a real signature, and a token signed with another secret.
    for (const shareToken of [`${questionId}.someoneElse01.${signature}`, shareTokenOf('not-the-server-secret', exam.questionId, null)]) {
      for (const path of ['getTemplateShare', 'copyTemplateShare']) {
        const answer = await t.call(`${T}${path}`, { shareToken }, a.headers);
        expect([answer.resultCode, answer.resultMsg]).toEqual(['403', TEMPLATE_SHARE_MESSAGES.forged]);
      }
    }
    for (const shareToken of ['', 'abc', 'x'.repeat(300), 42]) {
      const answer = await t.call(`${T}getTemplateShare`, { shareToken });
      expect(answer.resultCode).toBe('400');
    }
    expect(await projectsOf(a.phone)).toBe(0);
  });

  it('copies into the friend’s account once per link: a retry answers the same copy', async () => {
    const a = await loginNewUser(t);
    const b = await loginNewUser(t);
    const link = await t.call<TTemplateShareLink>(`${T}getTemplateShareLink`, { questionId: exam.questionId }, a.headers);
    expect((await t.call(`${T}copyTemplateShare`, { shareToken: link.data.shareToken })).resultCode).toBe('401');

    const first = await t.call<TCreateResult>(`${T}copyTemplateShare`, { shareToken: link.data.shareToken }, b.headers);
    expect(first.data.isCreate).toBe(1);
    const again = await t.call<TCreateResult>(`${T}copyTemplateShare`, { shareToken: link.data.shareToken }, b.headers);
    expect(again.data).toEqual(first.data);
    expect(await projectsOf(b.phone)).toBe(1);
    expect(await createdToday(b.phone)).toBe(1);

    const list = await t.call<{ list: { questionId: string; title: string }[] }>('activity/question/getWxQuestionList', { questionType: 2 }, b.headers);
    expect(list.data.list.map((p) => [p.questionId, p.title])).toEqual([[first.data.questionId, exam.title]]);
    const copied = await t.call<{ subjects: unknown[] }>('activity/question/getSubject', { questionId: first.data.questionId }, b.headers);
    const template = await t.call<{ subjects: unknown[] }>('activity/question/getSubject', { questionId: exam.questionId }, b.headers);
    expect(copied.data.subjects.length).toBe(template.data.subjects.length);
    const shared = await t.call<TTemplateShare>(`${T}getTemplateShare`, { shareToken: link.data.shareToken }, b.headers);
    expect(shared.data.copiedQuestionId).toBe(first.data.questionId);
  });

  it('copies again once the copy was deleted for good, and keeps to the daily limit', async () => {
    const b = await loginNewUser(t);
    const token = (await t.call<TTemplateShareLink>(`${T}getTemplateShareLink`, { questionId: exam.questionId })).data.shareToken;
    const first = await t.call<TCreateResult>(`${T}copyTemplateShare`, { shareToken: token }, b.headers);
    await t.call('activity/question/getWxQuestionDel', { questionId: first.data.questionId }, b.headers);
    await t.call('activity/question/getWxQuestionCompletelyDel', { questionId: first.data.questionId }, b.headers);
    const second = await t.call<TCreateResult>(`${T}copyTemplateShare`, { shareToken: token }, b.headers);
    expect(second.data.isCreate).toBe(1);
    expect(second.data.questionId).not.toBe(first.data.questionId);

    // The day's creations used up: isCreate 0 and nothing made; the link stays free for tomorrow.
    await t.database.query(`UPDATE daily_creations SET count = 1000 WHERE user_id = (SELECT id FROM users WHERE phone = $1)`, [b.phone]);
    const other = (await t.call<TTemplateShareLink>(`${T}getTemplateShareLink`, { questionId: exam.questionId }, (await loginNewUser(t)).headers)).data
      .shareToken;
    const refused = await t.call<TCreateResult>(`${T}copyTemplateShare`, { shareToken: other }, b.headers);
    expect(refused.data).toEqual({ isCreate: 0, questionId: null });
    expect(await projectsOf(b.phone)).toBe(1);
  });

  it('ten simultaneous copies of one link make one project (getQuestionCopy, not keyed, makes ten)', async () => {
    const b = await loginNewUser(t, 3);
    const token = (await t.call<TTemplateShareLink>(`${T}getTemplateShareLink`, { questionId: exam.questionId })).data.shareToken;
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.call<TCreateResult>(`${T}copyTemplateShare`, { shareToken: token }, b.headers)));
    expect(new Set(answers.map((a) => `${a.resultCode}:${a.data.isCreate}:${a.data.questionId}`)).size).toBe(1);
    expect(await projectsOf(b.phone)).toBe(1);
    expect(await createdToday(b.phone)).toBe(1);

    const naive = await Promise.all(
      Array.from({ length: 10 }, () => t.call<TCreateResult>('activity/question/getQuestionCopy', { questionId: exam.questionId }, b.headers)),
    );
    expect(naive.filter((a) => a.data.isCreate === 1)).toHaveLength(10);
    expect(await projectsOf(b.phone)).toBe(11);
  });
});
