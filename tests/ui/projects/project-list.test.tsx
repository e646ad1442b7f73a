import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp, SAMPLE_USER } from '../render-app';
import { createFakeApi, FREE, listOf, project, type TFakeApi } from './fake-api';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const PROJECTS = [
  project({ questionId: 'q_collecting01', title: '客户满意度调查', status: 1, dataCount: 12, subjectCount: 8 }),
  project({ questionId: 'q_draft000001', title: '新品需求调研', status: 0, dataCount: 0 }),
  project({ questionId: 'q_shared00001', title: '部门团建投票', status: 1, dataCount: 3, isTeamWork: 1, powerType: 2, ownerName: '韩梅梅' }),
];

beforeEach(() => {
  markSession();
  localStorage.clear();
  api.current = createFakeApi({
    'activity/question/getWxQuestionList': listOf(PROJECTS),
    'activity/question/getQuestionCount': () => FREE,
    'activity/question/getWxQuestionDel': () => null,
  });
});
afterEach(() => {
  forgetSession();
  localStorage.clear();
});

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;

describe('project list (spec §2 "Project lists")', () => {
  it('shows the projects of the kind as cards with status, data counts and the collaborator mark', async () => {
    await renderApp('/questionnaire/list.html');
    expect(await screen.findByRole('heading', { name: '客户满意度调查' })).toBeInTheDocument();
    expect(api.current!.callsTo('activity/question/getWxQuestionList')[0]).toMatchObject({
      questionType: 1,
      sort: 'updateTime',
      order: 'desc',
      page: 1,
    });

    const collecting = within(card('客户满意度调查'));
    expect(collecting.getByText('收集中')).toBeInTheDocument();
    expect(collecting.getByText('12')).toBeInTheDocument();
    expect(collecting.getByRole('button', { name: '暂停' })).toBeInTheDocument();
    expect(collecting.getByRole('link', { name: '数据' })).toHaveAttribute('href', '/questionnaire/report.html?questionId=q_collecting01');

    const draft = within(card('新品需求调研'));
    expect(draft.getByText('未发布')).toBeInTheDocument();
    expect(draft.getByRole('button', { name: '发布' })).toBeInTheDocument();

    const shared = within(card('部门团建投票'));
    expect(shared.getByText('协作')).toBeInTheDocument();
    // A collaborator with edit power may edit but not delete (the bin is the owner's).
    expect(shared.getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(shared.queryByRole('button', { name: '删除' })).toBeNull();
    expect(shared.queryByRole('link', { name: '数据' })).toBeNull();
  });

  it('filters by the status tabs and remembers the list / card layout', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/list.html');
    await screen.findByRole('heading', { name: '新品需求调研' });
    expect(screen.getByRole('tab', { name: '全部' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: '收集中' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '新品需求调研' })).toBeNull());
    expect(screen.getByRole('heading', { name: '客户满意度调查' })).toBeInTheDocument();
    expect(api.current!.callsTo('activity/question/getWxQuestionList').at(-1)).toMatchObject({ status: 1 });

    await user.click(screen.getByRole('tab', { name: '未发布' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '客户满意度调查' })).toBeNull());
    expect(screen.getByRole('heading', { name: '新品需求调研' })).toBeInTheDocument();
    expect(api.current!.callsTo('activity/question/getWxQuestionList').at(-1)).toMatchObject({ status: 0 });

    // Spec §3: layout '2' (cards) by default, kept in localStorage.
    expect(screen.getByRole('button', { name: '卡片' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '列表' }));
    expect(localStorage.getItem('projects.layout')).toBe('1');
  });

  it('searches by title after typing stops', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/list.html');
    await screen.findByRole('heading', { name: '新品需求调研' });
    await user.type(screen.getByRole('searchbox'), '满意度');
    await waitFor(() => expect(screen.queryByRole('heading', { name: '新品需求调研' })).toBeNull());
    const searches = api.current!.callsTo('activity/question/getWxQuestionList').map((body) => body.keyword);
    // One call for the settled keyword, none per keystroke.
    expect(searches.filter(Boolean)).toEqual(['满意度']);
  });

  it('moves a project to the bin only after the confirmation', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/list.html');
    await screen.findByRole('heading', { name: '新品需求调研' });

    await user.click(within(card('新品需求调研')).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定将「新品需求调研」移入回收站吗？');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.current!.callsTo('activity/question/getWxQuestionDel')).toEqual([]);

    const before = api.current!.callsTo('activity/question/getWxQuestionList').length;
    await user.click(within(card('新品需求调研')).getByRole('button', { name: '删除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '移入回收站' }));
    await waitFor(() => expect(api.current!.callsTo('activity/question/getWxQuestionDel')).toEqual([{ questionId: 'q_draft000001' }]));
    expect(await screen.findByText('已移入回收站')).toBeInTheDocument();
    await waitFor(() => expect(api.current!.callsTo('activity/question/getWxQuestionList').length).toBeGreaterThan(before));
  });

  it('copies a project in place through the creation limits', async () => {
    const user = userEvent.setup();
    api.current!.handlers['activity/question/getQuestionCopy'] = () => ({ isCreate: 1, questionId: 'q_copy000001' });
    const { router } = await renderApp('/questionnaire/list.html');
    await screen.findByRole('heading', { name: '新品需求调研' });
    await user.click(within(card('新品需求调研')).getByRole('button', { name: '复制' }));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    expect(api.current!.callsTo('activity/question/getQuestionCopy')).toEqual([{ questionId: 'q_draft000001' }]);
    expect(router.state.location.pathname).toBe('/questionnaire/list.html');
    // The next copy starts a fresh creation.
    await waitFor(() => expect(within(card('新品需求调研')).getByRole('button', { name: '复制' })).toBeEnabled());
    await user.click(within(card('客户满意度调查')).getByRole('button', { name: '复制' }));
    await waitFor(() => expect(api.current!.callsTo('activity/question/getQuestionCopy')).toHaveLength(2));
  });

  it('shows the empty state with a create button, and an error state that retries', async () => {
    const user = userEvent.setup();
    api.current!.handlers['activity/question/getWxQuestionList'] = listOf([]);
    const view = await renderApp('/questionnaire/exam.html');
    expect(await screen.findByText('还没有考试')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /创建考试/ }).at(-1)).toHaveAttribute('href', '/questionnaire/createExam.html');
    view.unmount();

    let fail = true;
    api.current!.handlers['activity/question/getWxQuestionList'] = (body) => {
      if (fail) throw new Error('系统处理出错');
      return listOf(PROJECTS)(body);
    };
    await renderApp('/questionnaire/list.html');
    expect(await screen.findByText('列表加载失败')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { name: '客户满意度调查' })).toBeInTheDocument();
  });
});
