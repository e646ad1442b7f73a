import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TTemplateSummary } from '../../../schemas/api/question';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp, SAMPLE_USER } from '../render-app';

// Issue 48 item 3: a shared template's page (refusal, the sharer's name, login then copy, the copy's success view),
// the template drawn by the respondent page, and the library's hot search (highlight, empty, apply to the grid).
const summary = (questionId: string, title: string, hot = 30): TTemplateSummary => ({
  questionId,
  title,
  subtitle: '<p>期末复习用</p>',
  questionType: 2,
  templateTypeId: 1,
  typeName: '学校考试',
  subjectCount: 10,
  hot,
});
const EXAM = summary('tplExam0001', '初中数学期末测验');
const state = vi.hoisted(() => ({ log: [] as { path: string; body: Record<string, unknown> }[], copied: null as string | null, session: 'anonymous' }));
vi.mock('../../../src/api/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/api/client')>();
  return {
    ...actual,
    call: async (contract: { path: string }, body: Record<string, unknown>) => {
      const name = contract.path.split('/').pop()!;
      state.log.push({ path: name, body });
      if (name === 'getTemplateShare') {
        if (body.shareToken !== 'tplExam0001.sharer0001.0123456789abcdef0123456789abcdef')
          throw new actual.ApiError('403', '分享链接无效或已被修改，请向好友重新获取');
        return { template: EXAM, sharerName: '王老师', copiedQuestionId: state.copied };
      }
      if (name === 'getQuestionCount') return { questionCount: 1, maxNumber: 20, memberLevel: 1, levelName: '免费版', subjectLimit: 200 };
      if (name === 'copyTemplateShare') {
        state.copied = 'myCopy00001';
        return { isCreate: 1, questionId: 'myCopy00001' };
      }
      if (name === 'getTemplateQuestion') {
        if (body.questionId !== EXAM.questionId) throw new actual.ApiError('404', '模板不存在或已下架');
        return {
          questionId: EXAM.questionId,
          title: EXAM.title,
          subtitle: '',
          questionType: 2,
          subjects: [{ subjectType: 1 }, { subjectType: 15 }, { subjectType: 2 }],
        };
      }
      if (name === 'getTemplateShareLink')
        return { shareToken: 't', url: 'http://localhost:3000/shareQuestionnaire?share=t', qrPng: 'data:image/png;base64,AA==', sharerName: null };
      if (name === 'getHotTemplateSearchPage') {
        const all = [summary('tplA0000001', '学生体质健康调查', 90), summary('tplB0000002', '健康打卡', 50)];
        const list = all.filter((t) => !body.keyword || t.title.includes(String(body.keyword)));
        return { list, total: list.length, page: 1, pageSize: 5 };
      }
      if (name === 'getWxQuestionTemplateList') return { list: [EXAM], total: 1, page: 1, pageSize: 12 };
      if (name === 'getWxQuestionTemplateTypeList') return [];
      if (name === 'getCollectionWhether') return { collected: false };
      throw new Error(`unexpected call ${contract.path}`);
    },
  };
});
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({
    status: state.session,
    user: state.session === 'authenticated' ? SAMPLE_USER : null,
    login: () => {},
    logout: async () => {},
    expire: () => {},
    update: () => {},
  }),
}));
const TOKEN = 'tplExam0001.sharer0001.0123456789abcdef0123456789abcdef';
beforeEach(() => {
  state.log.length = 0;
  state.copied = null;
  state.session = 'anonymous';
});
afterEach(() => forgetSession());

describe('/shareQuestionnaire', () => {
  it('refuses a forged link with the server’s words and a way to the library', async () => {
    await renderApp('/shareQuestionnaire?share=tplExam0001.x.0123456789abcdef0123456789abcdef');
    expect(await screen.findByText('分享链接无效或已被修改，请向好友重新获取')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去模板库' })).toHaveAttribute('href', '/template/list.html');
  });

  it('shows the template and who shared it; logged out, 复制到我的账号 asks for the login and comes back to copy', async () => {
    const { router } = await renderApp(`/shareQuestionnaire?share=${TOKEN}`);
    expect(await screen.findByText('王老师 分享给你的模板')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: EXAM.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '预览题目' })).toHaveAttribute('href', `/template/detailQuestion.html?id=${EXAM.questionId}`);
    fireEvent.click(screen.getByRole('button', { name: '复制到我的账号' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const redirect = String((router.state.location.search as { redirect?: string }).redirect);
    expect(redirect).toBe(`/shareQuestionnaire?share=${encodeURIComponent(TOKEN)}&copy=1`);
    expect(state.log.some((c) => c.path === 'copyTemplateShare')).toBe(false);
  });

  it('back from login with copy=1: counts, copies once, and offers 去编辑 and the list', async () => {
    markSession();
    state.session = 'authenticated';
    await renderApp(`/shareQuestionnaire?share=${TOKEN}&copy=1`);
    expect(await screen.findByText('已复制到你的账号')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去编辑' })).toHaveAttribute('href', '/questionnaire/edit/subject.html?questionId=myCopy00001');
    expect(screen.getByRole('link', { name: '查看我的项目' })).toHaveAttribute('href', '/questionnaire/exam.html');
    expect(state.log.filter((c) => c.path === 'getQuestionCount')).toHaveLength(1);
    expect(state.log.filter((c) => c.path === 'copyTemplateShare')).toEqual([{ path: 'copyTemplateShare', body: { shareToken: TOKEN } }]);
  });
});

describe('/template/detailQuestion.html', () => {
  it('says 模板不存在或已下架 for an unknown id', async () => {
    await renderApp('/template/detailQuestion.html?id=noSuchTemplate');
    expect(await screen.findByText('模板不存在或已下架')).toBeInTheDocument();
  });

  it('frames the respondent page on the template, counts its questions and shares it', async () => {
    await renderApp(`/template/detailQuestion.html?id=${EXAM.questionId}`);
    const frame = await screen.findByTitle(`模板题目：${EXAM.title}`);
    expect(frame).toHaveAttribute('src', `/s/${EXAM.questionId}?template=1`);
    expect(screen.getByText(/考试 · 2 题/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '分享给好友' }));
    const dialog = await screen.findByRole('dialog', { name: '分享给好友' });
    expect(await within(dialog).findByText('http://localhost:3000/shareQuestionnaire?share=t')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: '模板分享二维码' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '复制链接' })).toBeInTheDocument();
  });
});

describe('the library’s hot template search', () => {
  it('lists hot templates on focus, marks the words, says 没有找到相关模板, and Enter filters the grid', async () => {
    await renderApp('/template/list.html');
    const box = await screen.findByRole('searchbox', { name: '搜索模板' });
    fireEvent.focus(box);
    const panel = await screen.findByRole('region', { name: '热门模板搜索' });
    expect(await within(panel).findByText('学生体质健康调查')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '健康' } });
    await waitFor(() => expect(within(panel).getAllByText('健康', { selector: 'mark' })).toHaveLength(2));
    fireEvent.change(box, { target: { value: '没有的词' } });
    expect(await within(panel).findByText('没有找到相关模板')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '健康' } });
    await within(panel).findAllByText('健康', { selector: 'mark' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(state.log.some((c) => c.path === 'getWxQuestionTemplateList' && c.body.keyword === '健康')).toBe(true));
    expect(screen.queryByRole('region', { name: '热门模板搜索' })).not.toBeInTheDocument();
  });
});
