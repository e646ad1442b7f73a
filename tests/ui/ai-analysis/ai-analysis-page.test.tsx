import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAiMessage, TAiReportSummary, TAiStreamEvent } from '../../../schemas/api/ai';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { openOnHost, renderApp, SAMPLE_USER } from '../render-app';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
/** The streamed question: its handler emits the reply's pieces, then answers (or throws the refusal). */
const stream = vi.hoisted(() => ({
  handler: null as null | ((body: Record<string, unknown>, emit: (e: TAiStreamEvent) => void) => Promise<unknown>),
  bodies: [] as Record<string, unknown>[],
}));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/api/ai-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/ai-client')>()),
  aiStream: (_contract: unknown, body: Record<string, unknown>, onEvent: (e: TAiStreamEvent) => void) => {
    stream.bodies.push(body);
    return stream.handler!(body, onEvent);
  },
}));
vi.mock('../../../src/ui/echarts-setup', () => ({ init: () => ({ setOption: () => {}, resize: () => {}, dispose: () => {} }) }));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
  useRefreshUser: () => () => {},
}));

const SUMMARY: TAiReportSummary = {
  sheetCount: 40,
  findings: [
    {
      kind: 'share',
      title: '第1题「您最常用的通勤方式」：选择「地铁」的最多，占 42.5%（17/40）',
      detail: '其次是「公交」，占 25%（10/40）。',
      subjectIds: ['s1'],
      chartId: 'c1',
      test: null,
    },
    {
      kind: 'difference',
      title: '第2题「年龄段」与第1题「通勤方式」的回答有显著差异',
      detail: '30 岁以下选择地铁的占 60%，30 岁及以上为 25%。',
      subjectIds: ['s2', 's1'],
      chartId: 'c2',
      test: { chiSquare: 9.4321, df: 2, pValue: 0.0089 },
    },
  ],
  charts: [
    {
      chartId: 'c1',
      title: '您最常用的通勤方式',
      kind: 'bar',
      labels: ['地铁', '公交', '自驾'],
      series: [{ name: '人次', values: [17, 10, 13] }],
      unit: 'count',
    },
    {
      chartId: 'c2',
      title: '年龄段 × 通勤方式',
      kind: 'crosstab',
      labels: ['地铁', '公交', '自驾'],
      series: [
        { name: '30岁以下', values: [60, 20, 20] },
        { name: '30岁及以上', values: [25, 30, 45] },
      ],
      unit: 'percent',
    },
  ],
};
const reply = (text: string, findings: TAiMessage['findings'] = [], charts: TAiMessage['charts'] = []): TAiMessage => ({
  role: 'assistant',
  text,
  findings,
  charts,
  engine: 'builtin',
  createTime: '2026-12-05T10:00:00.000Z',
});
let saved: TAiMessage[] = [];
let analysisError: ApiError | null = null;
let sheetCount = 40;

beforeEach(() => {
  markSession();
  saved = [];
  analysisError = null;
  sheetCount = 40;
  stream.bodies = [];
  stream.handler = async (body, emit) => {
    emit({ type: 'start', engine: 'builtin', engineName: '内置助手' });
    emit({ type: 'delta', text: '选择「地铁」的最多' });
    return {
      reply: reply(`关于「${String(body.message)}」：选择「地铁」的最多，占 42.5%（17/40）。`, [SUMMARY.findings[0]!], [SUMMARY.charts[0]!]),
      aiRemaining: null,
    };
  };
  api.current = createFakeApi({
    'activity/user/getLoginInfo': () => ({ userInfo: SAMPLE_USER }),
    'activity/ai/getQuestionAnalysis': () => {
      if (analysisError) throw analysisError;
      return { title: '通勤方式调查', questionType: 1, summary: { ...SUMMARY, sheetCount }, messages: saved, updateTime: null };
    },
    'activity/ai/saveOrUpdateAnalysis': (body) => {
      saved = body.messages as TAiMessage[];
      return { updateTime: '2026-12-05T10:00:01.000Z' };
    },
    'activity/ai/getAiSession': () => ({ key: 'k', engine: 'builtin', engineName: '内置助手', aiRemaining: 0, costPerUse: 0 }),
  });
});
afterEach(() => {
  forgetSession();
  openOnHost('http://localhost:3000/');
  vi.restoreAllMocks();
});

describe('/aiAnalysisTest.html AI 智能分析', () => {
  it('names the top findings with their numbers, the chi-square line and charts, and the engine', async () => {
    await renderApp('/aiAnalysisTest.html?questionId=q1');
    expect(await screen.findByRole('heading', { level: 1, name: '通勤方式调查' })).toBeInTheDocument();
    expect(screen.getByTestId('ai-sheet-count')).toHaveTextContent('基于 40 份有效答卷');
    expect(await screen.findByTestId('ai-engine')).toHaveTextContent('内置助手');
    const findings = screen.getAllByTestId('ai-finding');
    expect(findings).toHaveLength(2);
    expect(findings[0]).toHaveTextContent('选择「地铁」的最多，占 42.5%（17/40）');
    expect(within(findings[0]!).getByRole('img', { name: '您最常用的通勤方式' })).toBeInTheDocument();
    expect(within(findings[1]!).getByTestId('ai-test')).toHaveTextContent('χ²=9.43, df=2, p=0.009');
    expect(within(findings[1]!).getByTestId('ai-test')).toHaveTextContent('差异显著');
    expect(within(findings[1]!).getByRole('img', { name: '年龄段 × 通勤方式' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回统计报告' })).toHaveAttribute('href', '/questionnaire/report.html?questionId=q1');
  });

  it('asks a suggested question, shows the streamed reply with its finding, and saves the conversation', async () => {
    const user = userEvent.setup();
    await renderApp('/aiAnalysisTest.html?questionId=q1');
    await screen.findByRole('heading', { level: 1, name: '通勤方式调查' });
    await user.click(screen.getByRole('button', { name: '这份报告的主要发现是什么？' }));
    const answer = await screen.findByTestId('ai-reply');
    expect(answer).toHaveTextContent('关于「这份报告的主要发现是什么？」：选择「地铁」的最多，占 42.5%（17/40）。');
    expect(answer).toHaveTextContent('由内置助手回答');
    expect(within(answer).getByRole('img', { name: '您最常用的通勤方式' })).toBeInTheDocument();
    expect(stream.bodies[0]).toEqual({ questionId: 'q1', message: '这份报告的主要发现是什么？', history: [] });
    expect(await screen.findByTestId('ai-save-state')).toHaveTextContent('对话已保存');
    expect(saved.map((m) => m.role)).toEqual(['user', 'assistant']);

    // A typed follow-up goes with the conversation so far; Enter sends it.
    await user.type(screen.getByRole('textbox', { name: '输入您的问题' }), '哪个选项最多{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('ai-reply')).toHaveLength(2));
    expect(stream.bodies[1]).toMatchObject({ message: '哪个选项最多', history: [{ role: 'user' }, { role: 'assistant' }] });
    expect(screen.getByRole('textbox', { name: '输入您的问题' })).toHaveValue('');
  });

  it('shows the reply as it streams in, and sends nothing more until it is whole', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const answer = stream.handler!;
    stream.handler = (body, emit) =>
      new Promise((resolve) => {
        emit({ type: 'delta', text: '第1题「您最常用的通勤方式」：' });
        finish = () => resolve(answer(body, () => {}));
      });
    await renderApp('/aiAnalysisTest.html?questionId=q1');
    await screen.findByRole('heading', { level: 1, name: '通勤方式调查' });
    await user.click(screen.getByRole('button', { name: '这份报告的主要发现是什么？' }));
    expect(await screen.findByTestId('ai-streaming')).toHaveTextContent('第1题「您最常用的通勤方式」：');
    expect(screen.getByTestId('ai-question')).toHaveTextContent('这份报告的主要发现是什么？');
    expect(screen.getByRole('button', { name: '哪些题目之间有显著差异？' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /回答中/ })).toBeDisabled();
    finish();
    expect(await screen.findByTestId('ai-reply')).toHaveTextContent('选择「地铁」的最多');
    expect(screen.queryByTestId('ai-streaming')).toBeNull();
    expect(stream.bodies).toHaveLength(1);
  });

  it('restores the saved conversation on open, and clears it after confirming', async () => {
    const user = userEvent.setup();
    saved = [
      { role: 'user', text: '开放题里大家都在说什么？', findings: [], charts: [], engine: null, createTime: '' },
      reply('大家提到最多的是「拥挤」（12 次）。'),
    ];
    await renderApp('/aiAnalysisTest.html?questionId=q1');
    expect(await screen.findByTestId('ai-question')).toHaveTextContent('开放题里大家都在说什么？');
    expect(screen.getByTestId('ai-reply')).toHaveTextContent('大家提到最多的是「拥挤」（12 次）。');
    await user.click(screen.getByRole('button', { name: '清空对话' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '清空' }));
    await waitFor(() => expect(screen.queryByTestId('ai-reply')).toBeNull());
    await waitFor(() => expect(saved).toEqual([]));
  });

  it('keeps a refused question with the refusal (and the way to buy AI counts) and asks it again', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const answer = stream.handler!;
    stream.handler = async (body, emit) => {
      if (refuse) throw new ApiError('409', 'AI 次数不足');
      // The model answers and takes one AI count: the counts left show under the input.
      return { ...((await answer(body, emit)) as object), aiRemaining: 9 };
    };
    await renderApp('/aiAnalysisTest.html?questionId=q1');
    await screen.findByRole('heading', { level: 1, name: '通勤方式调查' });
    await user.click(screen.getByRole('button', { name: '哪些题目之间有显著差异？' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('AI 次数不足');
    expect(screen.getByRole('link', { name: '购买 AI 次数' })).toHaveAttribute('href', '/buyAI.html');
    expect(screen.getByTestId('ai-question')).toHaveTextContent('哪些题目之间有显著差异？');
    refuse = false;
    await user.click(screen.getByRole('button', { name: '重新提问' }));
    expect(await screen.findByTestId('ai-reply')).toHaveTextContent('关于「哪些题目之间有显著差异？」');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('ai-remaining')).toHaveTextContent('剩余 AI 次数 9');
  });

  it('without answers points to sharing instead of analysing', async () => {
    sheetCount = 0;
    await renderApp('/aiAnalysisTest.html?questionId=q1');
    expect(await screen.findByText('暂无答卷，收集到答卷后即可分析')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去分享问卷' })).toHaveAttribute('href', '/questionnaire/release.html?questionId=q1');
    expect(screen.queryByRole('textbox', { name: '输入您的问题' })).toBeNull();
  });

  it('says so when the user may not view the project', async () => {
    analysisError = new ApiError('403', '无权限');
    await renderApp('/aiAnalysisTest.html?questionId=q1');
    expect(await screen.findByText('您没有查看该项目报告的权限')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回我的项目' })).toHaveAttribute('href', '/questionnaire/list.html');
  });

  it('treats a project the server does not show (404) as one the user may not view', async () => {
    analysisError = new ApiError('404', '项目不存在');
    await renderApp('/aiAnalysisTest.html?questionId=q1');
    expect(await screen.findByText('找不到该项目，或您没有查看它的权限')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('loads again after a failure', async () => {
    const user = userEvent.setup();
    analysisError = new ApiError('500', '系统繁忙');
    await renderApp('/aiAnalysisTest.html?questionId=q1');
    expect(await screen.findByText('分析加载失败')).toBeInTheDocument();
    analysisError = null;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { level: 1, name: '通勤方式调查' })).toBeInTheDocument();
  });

  it('hides the engine label when the AI session cannot be read', async () => {
    api.current!.handlers['activity/ai/getAiSession'] = () => {
      throw new ApiError('500', '系统处理出错');
    };
    await renderApp('/aiAnalysisTest.html?questionId=q1');
    await screen.findByRole('heading', { level: 1, name: '通勤方式调查' });
    await waitFor(() => expect(api.current!.callsTo('activity/ai/getAiSession').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('ai-engine')).toBeNull();
  });
});
