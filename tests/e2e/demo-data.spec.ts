import { expect, test, type Page } from '@playwright/test';
import type { TProjectInfo } from '../../schemas/api/question';
import type { TVoteList } from '../../schemas/api/vote';
import { projectHref } from '../../src/app/kinds';
import { loginDemo, useToken } from './respond-support';
import { laneOrigin } from './support';

// Issue 44 acceptance: the demo account's seeded projects of every kind (the e2e server is a test start, which seeds
// them as a development start does) open on their brand with their data — the people, goods and figures the seed
// wrote — and never on a placeholder, an empty state or an error.
test.describe.configure({ mode: 'serial' });

interface TScreen {
  brand: 'wenjuan' | 'toupiao' | 'jielong';
  /** The seeded project's title (its vote's title for 投票通). */
  title: string;
  /** Names, goods and figures the seed put there, each to be seen on the screen. */
  shows: (string | RegExp)[];
  /**
   * Where its list row's count shows on the screen: as a figure (default), as that many rows of its table, or not as
   * such (a check-in's records are counted per day and per person).
   */
  counted?: 'rows' | 'elsewhere';
}

const SCREENS: TScreen[] = [
  { brand: 'wenjuan', title: '2026 年度客户满意度调查', shows: ['您对我们的整体服务是否满意？', '非常满意', /\d+(\.\d+)?%/] },
  { brand: 'wenjuan', title: '新员工入职培训考试', shows: ['公司规定的上班时间是？', /\d+(\.\d+)?%/] },
  { brand: 'wenjuan', title: '周末徒步活动报名', shows: ['选择路线', '香山 12 公里（中等）'] },
  { brand: 'toupiao', title: '第三届“最美社区志愿者”评选', shows: ['王秀兰', '周明'] },
  { brand: 'jielong', title: '周六羽毛球活动报名', shows: ['张伟', '郭强', '需要借球拍'] },
  { brand: 'jielong', title: '21 天晨跑打卡', shows: ['林晓', '曹颖', /^8 人参与/, '最高连续天数'], counted: 'elsewhere' },
  { brand: 'jielong', title: '小区水果团购（第 12 期）', shows: ['赣南脐橙', '东门快递驿站', '3号楼大堂'] },
  { brand: 'jielong', title: '秋季亲子运动会报名缴费', shows: ['刘女士', '亲子套票'], counted: 'rows' },
  { brand: 'jielong', title: '口腔健康检查预约', shows: ['蒋涛', '袁博'] },
];

/** What an unfinished or empty screen says: the placeholder page, an empty list, a failed load. */
const NOTHING = /该功能正在建设中|还没有|暂无|加载失败/;

async function expectData(page: Page, screen: TScreen, count: number) {
  const main = page.locator('main');
  for (const shown of screen.shows) await expect(main.getByText(shown).filter({ visible: true }).first(), `${screen.title}: ${shown}`).toBeVisible();
  // The figure its list row shows (answers, votes, entries, check-ins, orders, bookings) is on its screen too.
  if (screen.counted === 'rows') await expect(main.locator('tbody tr'), `${screen.title}: ${count} rows`).toHaveCount(count);
  else if (screen.counted !== 'elsewhere')
    await expect(
      main
        .getByText(new RegExp(`^\\D{0,6}${count}\\s*\\D{0,3}$`))
        .filter({ visible: true })
        .first(),
      `${screen.title}: ${count}`,
    ).toBeVisible();
  await expect(main.getByText(NOTHING), `${screen.title}: an empty state or a placeholder`).toHaveCount(0);
  await expect(page.getByRole('alert'), `${screen.title}: an error`).toHaveCount(0);
}

test('every seeded project of the demo account opens on its brand with its data, none empty', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await loginDemo(request);
  const headers = { token };
  const projects = (await (await request.post('/api/activity/question/getWxQuestionList', { data: { page: 1, pageSize: 50 }, headers })).json()).data
    .list as TProjectInfo[];
  const votes = (
    await (await request.post('/api/activity/vote/getVoteList', { data: { page: 1, pageSize: 20 }, headers: { ...headers, host: 'toupiao.localhost' } })).json()
  ).data as TVoteList;
  for (const brand of ['wenjuan', 'toupiao', 'jielong'] as const) await useToken(page, token, laneOrigin(`${brand}.localhost`));

  for (const screen of SCREENS) {
    const vote = votes.list.find((v) => v.title === screen.title);
    const project = projects.find((p) => p.title === screen.title);
    expect(vote ?? project, `seeded: ${screen.title}`).toBeDefined();
    const href = vote ? `/voting/result.html?voteId=${vote.voteId}` : projectHref.data(project!.questionId, project!.questionType, project!.solitaireType);
    await page.goto(`${laneOrigin(`${screen.brand}.localhost`)}${href}`);
    await expectData(page, screen, vote ? vote.voteCount : project!.recordCount);
  }
});
