import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp, SAMPLE_USER } from '../render-app';
import { createFakeApi, FREE, project, type TFakeApi } from '../projects/fake-api';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const EXAM = project({ questionId: 'q_exam000001', title: '安全知识测验', questionType: 2, subjectCount: 2 });
const SUBJECTS = [
  {
    uuid: 's1',
    subjectType: 1,
    title: '灭火器的压力表指针应在哪个区域？',
    score: 5,
    answerAnalysis: '绿色区域表示压力正常。',
    options: [
      { uuid: 'o1', text: '绿色', isCorrect: true },
      { uuid: 'o2', text: '红色', isCorrect: false },
    ],
  },
  { uuid: 's2', subjectType: 3, title: '请写下你所在的部门' },
];
const LOGIC = { jumps: [{ from: 's1', to: 's2' }] };
const COPY = 'activity/question/getQuestionCopy';

beforeEach(() => {
  markSession();
  api.current = createFakeApi({
    'activity/question/getQuestionCount': () => FREE,
    'activity/question/getWxQuestion': (body) => (body.questionId === EXAM.questionId ? EXAM : { ...EXAM, ...body, questionType: 1 }),
    'activity/question/getSubject': () => ({ subjects: SUBJECTS, logic: LOGIC, version: 1 }),
    [COPY]: () => ({ isCreate: 1, questionId: 'q_copy000001' }),
  });
});
afterEach(() => forgetSession());

const openPage = () => renderApp(`/questionnaire/copy.html?questionId=${EXAM.questionId}`);

describe('/questionnaire/copy.html (issue 49 item 4)', () => {
  it('lists what an exam copied into a survey leaves behind', async () => {
    const user = userEvent.setup();
    await openPage();
    expect(await screen.findByRole('heading', { name: '复制项目' })).toBeInTheDocument();
    expect(screen.getByLabelText('副本标题')).toHaveValue('安全知识测验（副本）');
    expect(screen.getByRole('radio', { name: '考试' })).toBeChecked();
    expect(screen.getByText('题目、选项和设置都会完整复制。')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '问卷' }));
    const dropped = screen.getByText('不会复制的内容').parentElement!;
    expect(within(dropped).getByText('题目分值、正确答案与答案解析（1 道题）')).toBeInTheDocument();
    expect(within(dropped).getByText('考试设置：限时、成绩与答案的显示')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /复制逻辑/ }));
    expect(within(dropped).getByText(/题目逻辑（跳题/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /复制设置/ }));
    expect(within(dropped).getByText('收集设置（时间、次数限制、密码、白名单等）恢复为默认值')).toBeInTheDocument();
    expect(within(dropped).queryByText('考试设置：限时、成绩与答案的显示')).not.toBeInTheDocument();
    expect(api.current!.callsTo(COPY)).toHaveLength(0);
  });

  it('copies with the chosen options and opens the copy in the editor', async () => {
    const user = userEvent.setup();
    const { router } = await openPage();
    const title = await screen.findByLabelText('副本标题');
    await user.clear(title);
    await user.type(title, '安全知识调查');
    await user.click(screen.getByRole('radio', { name: '问卷' }));
    await user.click(screen.getByRole('checkbox', { name: /复制逻辑/ }));
    await user.click(screen.getByRole('button', { name: '复制并编辑' }));

    await waitFor(() => expect(api.current!.callsTo(COPY)).toHaveLength(1));
    expect(api.current!.callsTo(COPY)[0]).toEqual({
      questionId: EXAM.questionId,
      toType: 1,
      withSettings: true,
      withLogic: false,
      title: '安全知识调查',
    });
    await waitFor(() => expect(router.state.location.href).toBe('/questionnaire/edit/subject.html?questionId=q_copy000001'));
  });

  it('shows the refusal of a failed copy and stays on the page', async () => {
    api.current!.handlers[COPY] = () => {
      throw new ApiError('400', '项目不存在或已删除');
    };
    const user = userEvent.setup();
    const { router } = await openPage();
    await user.click(await screen.findByRole('button', { name: '复制并编辑' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('复制失败：项目不存在或已删除');
    expect(router.state.location.pathname).toBe('/questionnaire/copy.html');
    expect(screen.getByRole('button', { name: '复制并编辑' })).toBeEnabled();
  });

  it('without a project named, says where to come from', async () => {
    await renderApp('/questionnaire/copy.html');
    expect(await screen.findByText('没有指定要复制的项目')).toBeInTheDocument();
    expect(screen.getByText('请从项目列表中项目的“更多操作 → 高级复制”进入本页。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回项目列表' })).toHaveAttribute('href', '/questionnaire/list.html');
    expect(api.current!.callsTo('activity/question/getWxQuestion')).toHaveLength(0);
  });
});
