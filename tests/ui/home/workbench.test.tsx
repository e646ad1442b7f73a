import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, FREE, listOf, project, type TFakeApi } from '../projects/fake-api';
import { openOnHost, renderApp, SAMPLE_USER } from '../render-app';
import { vote } from '../voting/vote-fixtures';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

afterEach(() => {
  forgetSession();
  openOnHost('http://localhost:3000/');
});

// The demo account holds one project of every kind (issue 44): each brand's workbench opens on its own.
const PROJECTS = [
  project({ questionId: 'q_survey', title: '客户满意度调查', questionType: 1, dataCount: 36, updateTime: '2026-03-09T08:00:00.000Z' }),
  project({ questionId: 'q_chain', title: '周六羽毛球活动报名', questionType: 5, solitaireType: 4, dataCount: 14, updateTime: '2026-03-08T08:00:00.000Z' }),
  project({ questionId: 'q_groupbuy', title: '小区水果团购', questionType: 5, solitaireType: 2, dataCount: 10, updateTime: '2026-03-07T08:00:00.000Z' }),
  project({ questionId: 'q_pay', title: '亲子运动会报名缴费', questionType: 6, dataCount: 8, updateTime: '2026-03-06T08:00:00.000Z' }),
  project({ questionId: 'q_appoint', title: '口腔健康检查预约', questionType: 7, dataCount: 13, updateTime: '2026-03-05T08:00:00.000Z' }),
];
const VOTES = [
  vote({ voteId: 'v_demo_0001', title: '最美社区志愿者评选', status: 'running', phase: 'running', playerCount: 8, voteCount: 212, visitCount: 96 }),
];

async function openWorkbench(host: string) {
  openOnHost(`http://${host}:3000/`);
  markSession();
  api.current = createFakeApi({
    'activity/question/getWxQuestionList': listOf(PROJECTS),
    'activity/question/getQuestionCount': () => FREE,
    'activity/vote/getVoteList': () => ({ list: VOTES, total: VOTES.length, page: 1, pageSize: 5 }),
  });
  await renderApp('/activeManagement.html');
  return within(await screen.findByRole('main'));
}
const tiles = (main: ReturnType<typeof within>) =>
  within(main.getByRole('heading', { name: '快速创建' }).closest('section')!)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
/** The menu's kind groups in order, an open one marked with ▾. */
const sidebarKinds = () =>
  [...screen.getByRole('complementary', { name: '工作台菜单' }).querySelectorAll('button[aria-expanded]')].map(
    (button) => `${button.textContent}${button.getAttribute('aria-expanded') === 'true' ? '▾' : ''}`,
  );

describe('each brand’s workbench opens on its own kinds', () => {
  it('投票通: the vote tile first, its votes with their counts before the projects, the 投票 menu open', async () => {
    const main = await openWorkbench('toupiao.localhost');
    expect(tiles(main)[0]).toBe('/voting/create.html');
    const panel = (await main.findByRole('heading', { name: '我的投票' })).closest('section')!;
    const row = (await within(panel).findByText('最美社区志愿者评选')).closest('li')!;
    expect(row).toHaveTextContent('212 票');
    expect(row).toHaveTextContent('8 位选手 · 96 次访问');
    expect(within(row).getByRole('link', { name: '结果' })).toHaveAttribute('href', '/voting/result.html?voteId=v_demo_0001');
    // The votes come before the projects.
    const headings = main.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('我的投票')).toBeLessThan(headings.indexOf('我的项目'));
    expect(sidebarKinds()).toEqual(['投票▾', '问卷', '考试', '表单', '接龙', '收款', '预约']);
  });

  it('接龙通: chain, payment and appointment tiles first; its recent projects are those, each opening its own screen', async () => {
    const main = await openWorkbench('jielong.localhost');
    expect(tiles(main).slice(0, 3)).toEqual(['/questionnaire/createSolitaire.html', '/questionnaire/createOnline.html', '/questionnaire/createAppoint.html']);
    const panel = (await main.findByRole('heading', { name: '我的接龙、收款和预约' })).closest('section')!;
    await within(panel).findByText('周六羽毛球活动报名');
    expect(within(panel).queryByText('客户满意度调查')).toBeNull();
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link', { name: '数据' }).getAttribute('href'))).toEqual([
      '/questionnaire/solitaireList.html?questionId=q_chain',
      '/questionnaire/solitaireList.html?solitaireType=2&questionId=q_groupbuy',
      '/online/list.html?questionId=q_pay',
      '/questionnaire/appointManage.html?questionId=q_appoint',
    ]);
    expect(main.queryByRole('heading', { name: '我的投票' })).toBeNull();
    expect(sidebarKinds()).toEqual(['接龙▾', '收款', '预约', '问卷', '考试', '表单', '投票']);
  });

  it('问卷通 keeps the table’s order and every kind’s recent projects', async () => {
    const main = await openWorkbench('localhost');
    expect(tiles(main)[0]).toBe('/questionnaire/create.html');
    const panel = (await main.findByRole('heading', { name: '我的项目' })).closest('section')!;
    await within(panel).findByText('客户满意度调查');
    expect(within(panel).getByText('口腔健康检查预约')).toBeInTheDocument();
    expect(main.queryByRole('heading', { name: '我的投票' })).toBeNull();
    expect(sidebarKinds()).toEqual(['问卷▾', '考试', '表单', '投票', '接龙', '收款', '预约']);
  });
});
