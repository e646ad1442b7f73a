import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProjectInfo } from '../../../schemas/api/question';
import type { TStatement } from '../../../schemas/api/report';
import { COLLEAGUE_PHONE, seedDemoProjects } from '../../../server/seed/demo-projects';
import { DEMO_PASSWORD, DEMO_PHONE, seedDemoData } from '../../../server/seed/seed';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// Issue 17.8: a newcomer logging in as the demo account found an empty workbench, so the report, the exports and
// collaboration could not be seen without building and answering projects first.
// The seed's newer kinds upload pictures (demo-kinds.test.ts): into a directory of this test's own.
const dataDir = mkdtempSync(path.join(tmpdir(), 'wj-demo-projects-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  await seedDemoData(t.database);
  expect(await seedDemoProjects(t.app, t.database)).toBe(true);
}, 240_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const login = async (phone: string) => ({
  token: (await t.call<{ token: string }>('activity/user/userNameLogin', { userName: phone, password: DEMO_PASSWORD })).data.token,
});
const list = async (headers: { token: string }, questionType: number) =>
  (await t.call<{ list: TProjectInfo[] }>('activity/question/getWxQuestionList', { questionType, page: 1, pageSize: 20 }, headers)).data.list;

describe('demo projects', () => {
  it('the demo account holds a survey, an exam and a form, published and answered', async () => {
    const demo = await login(DEMO_PHONE);
    const counts = await Promise.all([1, 2, 4].map(async (kind) => (await list(demo, kind)).filter((p) => p.dataCount > 0).map((p) => [p.title, p.dataCount])));
    expect(counts).toEqual([[['2026 年度客户满意度调查', 36]], [['新员工入职培训考试', 14]], [['周末徒步活动报名', 12]]]);
  });

  it('the survey report shows the answers spread over the options', async () => {
    const demo = await login(DEMO_PHONE);
    const survey = (await list(demo, 1)).find((p) => p.title === '2026 年度客户满意度调查')!;
    const report = await t.call<TStatement>('question/statement/getStatement', { questionId: survey.questionId }, demo);
    expect(report.data.total).toBe(36);
    const options = report.data.subjects[0]!.options!;
    expect(options.map((o) => o.title)).toEqual(['非常满意', '满意', '一般', '不满意']);
    expect(options.reduce((sum, o) => sum + o.count, 0)).toBe(36);
    // Spread like real answers: no option holds them all.
    expect(options.filter((o) => o.count > 0).length).toBeGreaterThanOrEqual(3);
  });

  it('the answers arrived over the past week, newest first, after the project was made', async () => {
    const rows = await t.database.query<{ first: Date; last: Date; made: Date; days: string }>(
      `SELECT min(a.created_at) AS first, max(a.created_at) AS last, min(p.created_at) AS made, count(DISTINCT date_trunc('day', a.created_at)) AS days
         FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.title = '2026 年度客户满意度调查'`,
    );
    const { first, last, made, days } = rows[0]!;
    expect(Date.now() - new Date(last).getTime()).toBeLessThan(10 * 60_000);
    expect((new Date(last).getTime() - new Date(first).getTime()) / 86_400_000).toBeGreaterThan(6);
    expect(Number(days)).toBeGreaterThanOrEqual(7);
    expect(new Date(made).getTime()).toBeLessThan(new Date(first).getTime());
  });

  it('collaboration is there from both sides: a colleague edits the survey, and shares a project of its own', async () => {
    const demo = await login(DEMO_PHONE);
    const survey = (await list(demo, 1)).find((p) => p.title === '2026 年度客户满意度调查')!;
    const members = await t.call<{ list?: { username: string; powerType: number }[] } | { username: string; powerType: number }[]>(
      'code/getTeamMemberList',
      { questionId: survey.questionId },
      demo,
    );
    expect(JSON.stringify(members.data)).toContain('演示同事');
    const colleague = await login(COLLEAGUE_PHONE);
    const theirs = (await list(colleague, 1)).map((p) => p.title);
    expect(theirs).toContain('2026 年度客户满意度调查');
    expect((await list(demo, 1)).map((p) => p.title)).toContain('部门团建地点征集（同事共享）');
  });

  it("the samples leave the day's creation allowance untouched", async () => {
    const demo = await login(DEMO_PHONE);
    const count = await t.call<{ questionCount: number; maxNumber: number }>('activity/question/getQuestionCount', {}, demo);
    expect(count.data.questionCount).toBe(0);
  });

  it('runs once per database', async () => {
    expect(await seedDemoProjects(t.app, t.database)).toBe(false);
    const demo = await login(DEMO_PHONE);
    expect((await list(demo, 2)).length).toBe(1);
  });
});
