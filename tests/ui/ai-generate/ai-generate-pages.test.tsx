import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAiGeneration, TAiStreamEvent } from '../../../schemas/api/ai';
import { subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, FREE, type TFakeApi } from '../projects/fake-api';
import { openOnHost, renderApp, SAMPLE_USER } from '../render-app';

/** /aiIndex.html and /aiResult.html (issue 52 item 4) against a fake main API and a fake AI stream. */
const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
const ai = vi.hoisted(() => ({
  asked: [] as Array<{ path: string; body: unknown }>,
  /** The next generation's events and answer (or refusal); `hold` keeps the stream open until released. */
  script: null as null | { events: unknown[]; answer: unknown; refuse?: string },
  release: null as null | (() => void),
  hold: false,
}));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/api/ai-client', () => ({
  aiStream: async (contract: { path: string }, body: unknown, onEvent: (event: unknown) => void) => {
    ai.asked.push({ path: contract.path, body });
    const script = ai.script!;
    for (const event of script.events) onEvent(event);
    if (ai.hold) await new Promise<void>((resolve) => (ai.release = resolve));
    if (script.refuse) throw new ApiError('409', script.refuse);
    return script.answer;
  },
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
  useRefreshUser: () => () => {},
}));

const subject = (uuid: string, title: string, type = 1): TSubject =>
  ({ ...subjectEntry(type).create({ uuid, indexSort: 1, newId: () => `${uuid}-${Math.random().toString(36).slice(2, 8)}` }), title }) as TSubject;
const SUBJECTS = [subject('a', '您对目前的薪酬福利是否满意？'), subject('b', '您对直属上级的管理方式是否满意？'), subject('c', '您对公司还有哪些建议？', 7)];
const generation = (over: Partial<TAiGeneration> = {}): TAiGeneration => ({
  generationId: 'g1',
  kind: 'question',
  prompt: '员工满意度调查，10题左右',
  engine: 'builtin',
  engineName: '内置助手',
  draft: { questionType: 1, solitaireType: null, title: '员工满意度调查', subtitle: '感谢参与', subjects: SUBJECTS },
  sources: ['员工敬业度调查'],
  aiRemaining: null,
  questionId: null,
  createTime: '2026-12-05T02:00:00.000Z',
  ...over,
});
const streamOf = (g: TAiGeneration): TAiStreamEvent[] => [
  { type: 'start', engine: g.engine, engineName: g.engineName },
  { type: 'title', title: g.draft.title, subtitle: g.draft.subtitle },
  ...g.draft.subjects.map((s, index) => ({ type: 'subject' as const, index, subject: s })),
];

let pushed: string[] = [];
beforeEach(() => {
  markSession();
  ai.asked = [];
  ai.hold = false;
  ai.script = { events: streamOf(generation()), answer: generation() };
  pushed = [];
  api.current = createFakeApi({
    'activity/user/getLoginInfo': () => ({ userInfo: SAMPLE_USER }),
    'activity/ai/getAiSession': () => ({ key: 'k', engine: 'builtin', engineName: '内置助手', aiRemaining: 0, costPerUse: 0 }),
    'activity/ai/listGenerations': () => ({ list: [], total: 0 }),
    'activity/ai/createFromGeneration': () => ({ isCreate: 1, questionId: 'q_new' }),
    'activity/question/getQuestionCount': () => ({ ...FREE, questionCount: 20 }),
  });
});
afterEach(() => {
  forgetSession();
  openOnHost('http://localhost:3000/');
  vi.restoreAllMocks();
});

const titles = () => screen.getAllByRole('textbox', { name: /^第\d+题标题$/ }).map((box) => (box as HTMLTextAreaElement).value);

describe('/aiIndex.html', () => {
  it('shows the kinds, their examples and the engine; 生成 streams the subjects in as cards, then the list edits and creates', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/aiIndex.html');
    const push = router.history.push.bind(router.history);
    vi.spyOn(router.history, 'push').mockImplementation((href: string) => {
      pushed.push(href);
      push(href);
    });
    expect(await screen.findByRole('heading', { name: 'AI 生成' })).toBeInTheDocument();
    expect(await screen.findByTestId('ai-engine')).toHaveTextContent('当前由内置助手生成');
    expect(await screen.findByText('还没有生成记录')).toBeInTheDocument();
    const prompt = screen.getByRole('textbox', { name: '描述您需要的内容' });
    expect(prompt).toHaveAttribute('placeholder', '例如：员工满意度调查，10题左右');
    await user.click(screen.getByRole('radio', { name: /报名表单/ }));
    expect(prompt).toHaveAttribute('placeholder', '例如：周末亲子活动报名表，收集家长和孩子信息');
    await user.click(screen.getByRole('radio', { name: /调查问卷/ }));

    // Too short: said, nothing asked.
    await user.type(prompt, '调');
    await user.click(screen.getByRole('button', { name: '生成' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请用至少2个字描述您需要的内容');
    expect(ai.asked).toEqual([]);

    await user.clear(prompt);
    await user.click(screen.getByRole('button', { name: '员工满意度调查，10题左右' }));
    expect(prompt).toHaveValue('员工满意度调查，10题左右');
    ai.hold = true;
    await user.click(screen.getByRole('button', { name: '生成' }));
    expect(await screen.findByText('正在生成，已生成 3 题…')).toBeInTheDocument();
    expect(screen.getAllByTestId('ai-subject')).toHaveLength(3);
    expect(screen.getAllByTestId('ai-subject')[2]).toHaveTextContent('多行文本');
    expect(screen.getAllByTestId('ai-subject')[0]).toHaveTextContent('选项1 / 选项2');
    expect(screen.queryByRole('button', { name: '创建并编辑' })).not.toBeInTheDocument();
    expect(ai.asked).toEqual([{ path: 'ai/question/ai_question_type', body: { prompt: '员工满意度调查，10题左右' } }]);
    expect(screen.getByRole('button', { name: '停止生成' })).toBeInTheDocument();
    ai.release!();

    const create = await screen.findByRole('button', { name: '创建并编辑' });
    expect(screen.getByRole('textbox', { name: '标题' })).toHaveValue('员工满意度调查');
    await user.click(screen.getByRole('button', { name: '删除第1题' }));
    expect(screen.getByText('已删除「您对目前的薪酬福利是否满意？」')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '撤销' }));
    expect(titles()).toEqual(['您对目前的薪酬福利是否满意？', '您对直属上级的管理方式是否满意？', '您对公司还有哪些建议？']);
    await user.click(screen.getByRole('button', { name: '删除第2题' }));
    await user.click(screen.getByRole('button', { name: '第2题上移' }));
    const first = screen.getByRole('textbox', { name: '第2题标题' });
    await user.clear(first);
    await user.type(first, '您对薪酬满意吗？');
    await user.clear(screen.getByRole('textbox', { name: '标题' }));
    await user.type(screen.getByRole('textbox', { name: '标题' }), '年度员工调查');
    await user.click(create);

    await waitFor(() => expect(pushed).toEqual(['/questionnaire/edit/subject.html?questionId=q_new']));
    expect(api.current!.callsTo('activity/ai/createFromGeneration')).toEqual([
      {
        generationId: 'g1',
        title: '年度员工调查',
        subtitle: '感谢参与',
        subjects: [SUBJECTS[2], { ...SUBJECTS[0], title: '您对薪酬满意吗？' }],
      },
    ]);
  });

  it('starts on the kind a create page names (?kind=exam), and on 调查问卷 for an unknown one', async () => {
    await renderApp('/aiIndex.html?kind=exam');
    expect(await screen.findByRole('radio', { name: /考试测评/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: '描述您需要的内容' })).toHaveAttribute('placeholder', '例如：新员工安全生产知识考试，单选和判断各5题');
  });

  it('takes an unknown ?kind= as 调查问卷', async () => {
    await renderApp('/aiIndex.html?kind=poster');
    expect(await screen.findByRole('radio', { name: /调查问卷/ })).toBeChecked();
  });

  it('shows a refused generation with 重新生成, and the daily limit as the create page does', async () => {
    const user = userEvent.setup();
    ai.script = { events: [{ type: 'start', engine: 'model', engineName: 'qwen-plus' }], answer: null, refuse: 'AI 次数已用完，请购买' };
    api.current!.handlers['activity/ai/getAiSession'] = () => ({ key: 'k', engine: 'model', engineName: 'qwen-plus', aiRemaining: 0, costPerUse: 1 });
    api.current!.handlers['activity/ai/createFromGeneration'] = () => ({ isCreate: 0, questionId: null });
    await renderApp('/aiIndex.html');
    const engine = await screen.findByTestId('ai-engine');
    expect(engine).toHaveTextContent('当前模型qwen-plus· 每次生成消耗 1 次 · 剩余 AI 次数 0');
    expect(within(engine).getByRole('link', { name: '购买AI次数' })).toHaveAttribute('href', '/buyAI.html');
    await user.type(screen.getByRole('textbox', { name: '描述您需要的内容' }), '客户满意度调查');
    await user.click(screen.getByRole('button', { name: '生成' }));
    expect(await screen.findByText('生成失败')).toBeInTheDocument();
    expect(screen.getByText('AI 次数已用完，请购买')).toBeInTheDocument();

    ai.script = { events: streamOf(generation()), answer: generation() };
    await user.click(screen.getByRole('button', { name: '重试' }));
    await user.click(await screen.findByRole('button', { name: '创建并编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('免费版每天最多');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(screen.getAllByTestId('ai-subject')).toHaveLength(3);
  });

  it('停止生成 cuts the generation: the subjects shown so far go, and 生成 can be pressed again', async () => {
    const user = userEvent.setup();
    ai.hold = true;
    await renderApp('/aiIndex.html');
    await user.type(await screen.findByRole('textbox', { name: '描述您需要的内容' }), '员工满意度调查');
    await user.click(screen.getByRole('button', { name: '生成' }));
    expect(await screen.findAllByTestId('ai-subject')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: '停止生成' }));
    await waitFor(() => expect(screen.queryAllByTestId('ai-subject')).toHaveLength(0));
    expect(screen.getByRole('button', { name: '生成' })).toBeEnabled();
  });

  it('lists my recent generations with 已创建, each opening /aiResult.html', async () => {
    api.current!.handlers['activity/ai/listGenerations'] = () => ({
      list: [
        {
          generationId: 'g2',
          kind: 'exam',
          prompt: '安全考试',
          title: '安全生产知识考试',
          subjectCount: 10,
          engine: 'builtin',
          questionId: 'q2',
          createTime: '2026-12-05T02:00:00.000Z',
        },
        {
          generationId: 'g1',
          kind: 'question',
          prompt: '员工',
          title: '员工满意度调查',
          subjectCount: 9,
          engine: 'builtin',
          questionId: null,
          createTime: '2026-12-04T02:00:00.000Z',
        },
      ],
      total: 2,
    });
    await renderApp('/aiIndex.html');
    const exam = await screen.findByRole('link', { name: /安全生产知识考试/ });
    expect(exam).toHaveAttribute('href', '/aiResult.html?generationId=g2');
    expect(exam).toHaveTextContent('考试测评 · 10 题');
    expect(exam.closest('li')).toHaveTextContent('已创建');
    expect(screen.getByRole('link', { name: /员工满意度调查/ }).closest('li')).toHaveTextContent('未创建');
  });
});

describe('/aiResult.html', () => {
  it('opens a stored generation editable, says 已创建 with the project’s link, and creates again', async () => {
    const user = userEvent.setup();
    api.current!.handlers['activity/ai/getGeneration'] = () => generation({ questionId: 'q_old' });
    await renderApp('/aiResult.html?generationId=g1');
    expect(await screen.findByText(/「员工满意度调查，10题左右」· 调查问卷 · 内置助手/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '打开项目' })).toHaveAttribute('href', '/questionnaire/edit/subject.html?questionId=q_old');
    expect(titles()).toHaveLength(3);
    expect(screen.getByText('参考来源：员工敬业度调查')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '删除第3题' }));
    await user.click(screen.getByRole('button', { name: '创建并编辑' }));
    await waitFor(() => expect(api.current!.callsTo('activity/ai/createFromGeneration')).toHaveLength(1));
    expect(api.current!.callsTo('activity/ai/createFromGeneration')[0]!.subjects).toEqual(SUBJECTS.slice(0, 2));
    expect(new Set(api.current!.callsTo('activity/ai/getGeneration').map((b) => b.generationId))).toEqual(new Set(['g1']));
  });

  it('shows loading, then a missing generation’s message; without an id, where to go', async () => {
    api.current!.handlers['activity/ai/getGeneration'] = () => {
      throw new ApiError('404', '该生成记录不存在或已删除');
    };
    await renderApp('/aiResult.html?generationId=nope');
    expect(await screen.findByText('无法打开这条生成记录')).toBeInTheDocument();
    expect(screen.getByText('该生成记录不存在或已删除')).toBeInTheDocument();
  });

  it('without an id says so and links to AI 生成', async () => {
    await renderApp('/aiResult.html');
    expect(await screen.findByText('没有指定生成记录')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去 AI 生成' })).toHaveAttribute('href', '/aiIndex.html');
  });
});
