import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, FREE, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';
import { detailOf, pageOf, vote } from './vote-fixtures';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const TEMPLATE = {
  templateId: 'tpl_singer',
  title: '校园十佳歌手评选',
  cover: null,
  description: '适合学校文艺比赛的人气投票',
  category: '校园',
  playerCount: 10,
  playerTypes: ['独唱组', '组合组'],
  useCount: 128,
};
const TEMPLATES = [TEMPLATE, { ...TEMPLATE, templateId: 'tpl_teacher', title: '最美教师评选', category: '教育', playerTypes: [] }];

beforeEach(() => {
  markSession();
  api.current = createFakeApi({
    'activity/vote/getVoteRecommendList': () => TEMPLATES,
    'activity/vote/getPageWxAppletTemplate': (body) => ({
      ...pageOf(TEMPLATES.filter((each) => !body.category || each.category === body.category))(body),
      categories: ['校园', '教育'],
    }),
    'wxApplet/vote/getWxAppletTemplate': () => ({
      ...TEMPLATE,
      rules: ['每人每天可投3票', '每天可给同一选手投1票'],
      players: [{ name: '示例选手一', image: null, type: '独唱组', description: '' }],
    }),
    'wxApplet/vote/getTemplateByVoteId': () => ({ voteId: 'v_fromtpl0001', isCreate: 1 }),
    'activity/question/getQuestionCount': () => FREE,
    'activity/vote/saveOrUpdateVote': () => ({ voteId: 'v_blank000001', version: 1, isCreate: 1 }),
    'activity/vote/getVote': (body) => detailOf(vote({ voteId: String(body.voteId), title: '新投票' })),
  });
});
afterEach(() => forgetSession());

describe('/voting/create.html and /voting/templateLibrary.html', () => {
  it('creates a blank vote from a title and opens its editor', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/voting/create.html');
    await user.click(await screen.findByRole('button', { name: '创建投票' }));
    expect(await screen.findByText('请输入投票标题')).toBeInTheDocument();
    expect(api.current!.callsTo('activity/vote/saveOrUpdateVote')).toEqual([]);
    await user.type(screen.getByLabelText('投票标题'), '年度优秀员工评选');
    await user.click(screen.getByRole('button', { name: '创建投票' }));
    await waitFor(() => expect(api.current!.callsTo('activity/vote/saveOrUpdateVote')).toEqual([{ title: '年度优秀员工评选' }]));
    await waitFor(() => expect(router.state.location.href).toBe('/voting/add.html?voteId=v_blank000001'));
  });

  it('the day’s limit reached at saveOrUpdateVote (isCreate 0): the limit dialog, and no editor without a vote', async () => {
    // The count check passed, but another tab created meanwhile: the server refuses and creates nothing.
    api.current!.handlers['activity/vote/saveOrUpdateVote'] = () => ({ voteId: '', version: 0, isCreate: 0 });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    const { router } = await renderApp('/voting/create.html');
    await user.type(await screen.findByLabelText('投票标题'), '年度优秀员工评选');
    await user.click(screen.getByRole('button', { name: '创建投票' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('免费版');
    expect(api.current!.callsTo('activity/vote/saveOrUpdateVote')).toEqual([{ title: '年度优秀员工评选' }]);
    await user.click(within(dialog).getByRole('button', { name: '升级版本' }));
    expect(open).toHaveBeenCalledWith(expect.stringContaining('memberLevel=1'), '_blank', 'noopener');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/voting/create.html');
    expect(api.current!.callsTo('activity/vote/getVote')).toEqual([]);
    open.mockRestore();
  });

  it('the day’s count already used up: the limit dialog before any vote is created', async () => {
    api.current!.handlers['activity/question/getQuestionCount'] = () => ({ ...FREE, questionCount: 20 });
    const user = userEvent.setup();
    const { router } = await renderApp('/voting/create.html');
    await user.type(await screen.findByLabelText('投票标题'), '年度优秀员工评选');
    await user.click(screen.getByRole('button', { name: '创建投票' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('免费版');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.current!.callsTo('activity/vote/saveOrUpdateVote')).toEqual([]);
    expect(router.state.location.pathname).toBe('/voting/create.html');
    // The same title goes through once a slot is free again.
    api.current!.handlers['activity/question/getQuestionCount'] = () => FREE;
    await user.click(screen.getByRole('button', { name: '创建投票' }));
    await waitFor(() => expect(router.state.location.href).toBe('/voting/add.html?voteId=v_blank000001'));
  });

  it('a recommended template used at the day’s limit (isCreate 0): the limit dialog, and no editor', async () => {
    api.current!.handlers['wxApplet/vote/getTemplateByVoteId'] = () => ({ voteId: '', isCreate: 0 });
    const user = userEvent.setup();
    const { router } = await renderApp('/voting/create.html');
    await user.click(await screen.findByRole('button', { name: '使用模板 校园十佳歌手评选' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('免费版');
    expect(api.current!.callsTo('wxApplet/vote/getTemplateByVoteId')).toEqual([{ templateId: 'tpl_singer', appletSource: 1 }]);
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/voting/create.html');
  });

  it('previews a template with its rules and player types, then uses it', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/voting/templateLibrary.html');
    const card = (await screen.findByRole('heading', { name: '校园十佳歌手评选' })).closest('li')!;
    expect(within(card).getByText(/独唱组、组合组/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: '预览' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('每人每天可投3票')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '使用此模板' }));
    await waitFor(() => expect(api.current!.callsTo('wxApplet/vote/getTemplateByVoteId')).toEqual([{ templateId: 'tpl_singer', appletSource: 1 }]));
    await waitFor(() => expect(router.state.location.href).toBe('/voting/add.html?voteId=v_fromtpl0001'));
  });

  it('using a previewed template at the day’s limit: the preview steps aside for the limit dialog, then comes back', async () => {
    api.current!.handlers['wxApplet/vote/getTemplateByVoteId'] = () => ({ voteId: '', isCreate: 0 });
    const user = userEvent.setup();
    const { router } = await renderApp('/voting/templateLibrary.html');
    const card = (await screen.findByRole('heading', { name: '校园十佳歌手评选' })).closest('li')!;
    await user.click(within(card).getByRole('button', { name: '预览' }));
    await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: '使用此模板' }));
    const limit = await screen.findByRole('dialog', { name: '提示' });
    expect(limit).toHaveTextContent('免费版');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(limit).getByRole('button', { name: '取消' }));
    expect(await within(await screen.findByRole('dialog')).findByText('每人每天可投3票')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/voting/templateLibrary.html');
  });

  it('filters templates by category and shows the error state with a retry', async () => {
    const user = userEvent.setup();
    const first = await renderApp('/voting/templateLibrary.html');
    await screen.findByRole('heading', { name: '校园十佳歌手评选' });
    await user.click(screen.getByRole('tab', { name: '教育' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '校园十佳歌手评选' })).toBeNull());
    expect(api.current!.callsTo('activity/vote/getPageWxAppletTemplate').at(-1)).toMatchObject({ category: '教育', page: 1 });
    first.unmount();

    api.current!.handlers['activity/vote/getPageWxAppletTemplate'] = () => {
      throw new ApiError('500', '系统处理出错');
    };
    await renderApp('/voting/templateLibrary.html');
    expect(await screen.findByText('模板加载失败')).toBeInTheDocument();
  });
});
