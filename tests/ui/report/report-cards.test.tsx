import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, project, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';
import { SCORE, STATEMENT } from './report-fixtures';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
// echarts draws in the browser (e2e); here a chart is its labelled box.
vi.mock('../../../src/ui/echarts-setup', () => ({ init: () => ({ setOption: () => {}, resize: () => {}, dispose: () => {} }) }));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const R = 'question/statement/';
const questionId = STATEMENT.questionId;

beforeEach(() => {
  markSession();
  api.current = createFakeApi({
    'activity/question/getWxQuestion': () => project({ questionId, title: STATEMENT.title, questionType: 2, status: 1, dataCount: 4 }),
    [`${R}getStatement`]: () => STATEMENT,
    [`${R}getScoreStatement`]: () => SCORE,
    [`${R}getScoreRank`]: () => ({ list: [], total: 0 }),
  });
});
afterEach(() => forgetSession());

const card = (title: string) => within(screen.getByRole('heading', { name: new RegExp(title) }).closest('section')!);
// The report draws its cards a few per frame (use-progressive.ts): a card further down is waited for.
const laterCard = async (title: string) => {
  await screen.findByRole('heading', { name: new RegExp(title) });
  return card(title);
};
const kindButton = (c: ReturnType<typeof card>, name: string) => c.getByRole('button', { name });
const tableRows = (c: ReturnType<typeof card>, index = 0) =>
  within(c.getAllByRole('table')[index]!)
    .getAllByRole('row')
    .map((r) => r.textContent);

describe('report cards', () => {
  it('ranking: options by average position with the position counts; chart kinds switch', async () => {
    const user = userEvent.setup();
    await renderApp(`/questionnaire/report.html?questionId=${questionId}`);
    const rank = await screen.findByRole('heading', { name: /请按重要性排序/ }).then(() => card('请按重要性排序'));
    expect(rank.getByText('本题有效填写 4 人次，平均排名越小越靠前')).toBeInTheDocument();
    expect(tableRows(rank)).toEqual(['选项平均排名排序人次第1位第2位第3位', '价格1.754211', '质量24121', '服务2.254112']);
    expect(rank.getByRole('img', { name: '请按重要性排序 的统计图' })).toBeInTheDocument();
    expect(kindButton(rank, '柱状图')).toHaveAttribute('aria-pressed', 'true');
    await user.click(kindButton(rank, '名次分布'));
    expect(kindButton(rank, '名次分布')).toHaveAttribute('aria-pressed', 'true');
    expect(rank.getByRole('img')).toBeInTheDocument();
    await user.click(kindButton(rank, '表格'));
    expect(rank.queryByRole('img')).toBeNull();
    expect(rank.getAllByRole('table')).toHaveLength(1);
  });

  it('constant sum: the average allotted and its share per item; a pie on demand', async () => {
    const user = userEvent.setup();
    await renderApp(`/questionnaire/report.html?questionId=${questionId}`);
    await screen.findByRole('heading', { name: /预算分配/ });
    const sum = card('预算分配');
    expect(sum.getByText('本题有效填写 4 人次，每人共分配 100')).toBeInTheDocument();
    expect(tableRows(sum)).toEqual(['项目平均分配最小值最大值占比', '研发42.5010042.50%', '市场32.506032.50%', '运营2504025.00%']);
    await user.click(kindButton(sum, '饼图'));
    expect(kindButton(sum, '饼图')).toHaveAttribute('aria-pressed', 'true');
    expect(sum.getByRole('img')).toBeInTheDocument();
  });

  it('slider and evaluation show average and spread; evaluation adds its score distribution and label counts', async () => {
    const user = userEvent.setup();
    await renderApp(`/questionnaire/report.html?questionId=${questionId}`);
    await screen.findByRole('heading', { name: /推荐程度/ });
    const slide = card('推荐程度');
    const figures = (c: ReturnType<typeof card>) =>
      Object.fromEntries(c.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(figures(slide)).toEqual({ 填写人数: '4', 平均值: '25', 标准差: '12.91', 最小值: '10', 最大值: '40' });
    expect(slide.queryByRole('button', { name: '饼图' })).toBeNull();

    const evaluation = await laterCard('服务评价');
    expect(figures(evaluation)).toMatchObject({ 平均值: '3.75', 标准差: '1.26' });
    expect(evaluation.getByRole('heading', { name: /评价标签/ })).toBeInTheDocument();
    expect(tableRows(evaluation)).toEqual(['评价标签小计比例', '热情250.00%', '及时250.00%', '专业125.00%']);
    await user.click(kindButton(evaluation, '表格'));
    expect(tableRows(evaluation, 0)).toEqual(['选项小计比例', '1分00.00%', '2分125.00%', '3分00.00%', '4分250.00%', '5分125.00%']);
  });

  it("matrix scale lists each row's average and spread; matrix multiple its row answers", async () => {
    const user = userEvent.setup();
    await renderApp(`/questionnaire/report.html?questionId=${questionId}`);
    await screen.findByRole('heading', { name: /各方面评价/ });
    const scale = card('各方面评价');
    expect(tableRows(scale)).toEqual(['行标题1 差23 好平均分标准差', '环境0(0.00%)1(33.33%)2(66.67%)2.670.58', '服务1(33.33%)1(33.33%)1(33.33%)21']);
    expect(['堆叠图', '平均分图', '表格'].map((k) => kindButton(scale, k).getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    await user.click(kindButton(scale, '平均分图'));
    expect(scale.getByRole('img')).toBeInTheDocument();

    const multi = await laterCard('各时段饮品');
    expect(multi.getByText('本题有效填写 3 人次，比例按每行的填写人次计算')).toBeInTheDocument();
    expect(tableRows(multi)).toEqual(['行标题茶咖啡本行人次', '上午2(100.00%)1(50.00%)2', '下午0(0.00%)1(100.00%)1']);
    expect(kindButton(multi, '分组柱状图')).toBeInTheDocument();
  });

  it("exams: each scored card shows its correct rate; the score tab lists every subject's", async () => {
    const user = userEvent.setup();
    await renderApp(`/questionnaire/report.html?questionId=${questionId}`);
    await screen.findByRole('heading', { name: /1\+1=\?/ });
    expect(card('1\\+1=\\?').getByTestId('exam-line')).toHaveTextContent('正确率 75%平均得分 3.75 / 5满分人数 3 / 4');
    expect(screen.getAllByTestId('exam-line')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: '考试成绩' }));
    const scores = within(await screen.findByTestId('exam-subjects'));
    expect(scores.getByRole('heading', { name: '各题正确率' })).toBeInTheDocument();
    expect(
      within(scores.getByRole('table'))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['题目分值平均得分满分人数正确率', '7. 1+1=?53.753 / 475.00%']);
    await user.click(scores.getByRole('button', { name: '表格' }));
    expect(scores.queryByRole('img')).toBeNull();
    await waitFor(() => expect(api.current!.callsTo(`${R}getScoreStatement`)).toHaveLength(1));
  });
});
