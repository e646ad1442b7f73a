import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp, SAMPLE_USER } from '../render-app';
import { createFakeApi, FREE, type TFakeApi } from './fake-api';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
const session = vi.hoisted(() => ({ status: 'authenticated' }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({
    status: session.status,
    user: session.status === 'authenticated' ? SAMPLE_USER : null,
    login: () => {},
    logout: async () => {},
    expire: () => {},
    update: () => {},
  }),
}));

const TEMPLATE = {
  questionId: 'q_template001',
  title: '客户满意度调查问卷',
  subtitle: '了解客户评价',
  questionType: 1,
  templateTypeId: 1,
  typeName: '满意度调查',
  subjectCount: 8,
  hot: 10,
};
const page = (list: unknown[]) => ({ list, total: list.length, page: 1, pageSize: 12 });

let open: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  markSession();
  session.status = 'authenticated';
  open = vi.spyOn(window, 'open').mockImplementation(() => null);
  api.current = createFakeApi({
    'activity/question/getQuestionCount': () => FREE,
    'activity/question/saveOrUpdateWxQuestion': () => ({ isCreate: 1, questionId: 'q_new0000001' }),
    'activity/question/getQuestionCopy': () => ({ isCreate: 1, questionId: 'q_copy000001' }),
    'activity/question/getWxQuestionTemplateTypeList': () => [{ templateTypeId: 1, name: '满意度调查', questionType: 1 }],
    'activity/question/getWxQuestionTemplateList': () => page([TEMPLATE]),
    'active/template/getHotTemplateSearchPage': () => page([TEMPLATE]),
  });
});
afterEach(() => {
  forgetSession();
  open.mockRestore();
});

async function createBlank(title = '门店满意度调查') {
  const user = userEvent.setup();
  const view = await renderApp('/questionnaire/create.html');
  await user.type(await screen.findByLabelText('问卷标题'), title);
  await user.click(screen.getByRole('button', { name: '立即创建' }));
  return { user, ...view };
}

describe('creation and its limit dialogs (spec §4, §8)', () => {
  it('creates a blank survey and opens the editor', async () => {
    const { router } = await createBlank();
    await waitFor(() => expect(router.state.location.href).toBe('/questionnaire/edit/subject.html?questionId=q_new0000001'));
    expect(api.current!.callsTo('activity/question/saveOrUpdateWxQuestion')[0]).toMatchObject({
      questionType: 1,
      title: '门店满意度调查',
      appletSource: 1,
    });
  });

  it('asks for a title before calling', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/createExam.html');
    await user.click(await screen.findByRole('button', { name: '立即创建' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入标题');
    expect(api.current!.callsTo('activity/question/saveOrUpdateWxQuestion')).toEqual([]);
  });

  it('offers AI 生成 for the page’s kind: an exam page opens /aiIndex.html on 考试测评', async () => {
    await renderApp('/questionnaire/createExam.html');
    const way = await screen.findByRole('region', { name: 'AI 生成' });
    expect(within(way).getByRole('link', { name: /去生成/ })).toHaveAttribute('href', '/aiIndex.html?kind=exam');
  });

  it('shows the daily-limit dialog when today’s count is used up, without calling create; 升级版本 opens the member page', async () => {
    api.current!.handlers['activity/question/getQuestionCount'] = () => ({ ...FREE, questionCount: 20 });
    const { user, router } = await createBlank();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('提示')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('免费版每天最多支持创建20个项目，请升级版本');
    expect(api.current!.callsTo('activity/question/saveOrUpdateWxQuestion')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: '升级版本' }));
    expect(open).toHaveBeenCalledWith('/member/index.html?memberLevel=1', '_blank', 'noopener');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/questionnaire/create.html');
  });

  it('shows the daily-limit dialog when the server answers isCreate 0', async () => {
    api.current!.handlers['activity/question/saveOrUpdateWxQuestion'] = () => ({ isCreate: 0, questionId: null });
    await createBlank();
    expect(await screen.findByRole('dialog')).toHaveTextContent('免费版每天最多支持创建20个项目，请升级版本');
  });

  it('shows the subject-limit dialog when the server answers isCreate 2; cancel closes it', async () => {
    api.current!.handlers['activity/question/saveOrUpdateWxQuestion'] = () => ({ isCreate: 2, questionId: null });
    const { user } = await createBlank();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('抱歉！当前版本不支持更多题目，请升级版本');
    expect(within(dialog).getByRole('button', { name: '升级版本' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(open).not.toHaveBeenCalled();
  });

  it('uses a template through the same limits (getQuestionCopy)', async () => {
    api.current!.handlers['activity/question/getQuestionCopy'] = () => ({ isCreate: 0, questionId: null });
    const user = userEvent.setup();
    await renderApp('/questionnaire/templateLibrarySurvey.html');
    await user.click(await screen.findByRole('button', { name: '使用此模板' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('免费版每天最多支持创建20个项目，请升级版本');
    expect(api.current!.callsTo('activity/question/getQuestionCopy')).toEqual([{ questionId: 'q_template001' }]);
  });

  it('sends a logged-out visitor who uses a template to the login route', async () => {
    forgetSession();
    session.status = 'anonymous';
    const user = userEvent.setup();
    const { router } = await renderApp('/template/list.html');
    await user.click(await screen.findByRole('button', { name: '使用此模板' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatchObject({ redirect: '/template/list.html' });
    expect(api.current!.callsTo('activity/question/getQuestionCopy')).toEqual([]);
  });
});
