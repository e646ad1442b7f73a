import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSheetDetail } from '../../../schemas/api/report';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, project, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';
import { detailOf, sheets } from '../report/report-fixtures';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const R = 'question/statement/';
const LIST = 'activity/question/getAnswerList';
const questionId = 'q-answers';
const ALL = sheets(120);

function setUp(powerType: 1 | 2 | 3) {
  api.current = createFakeApi({
    'activity/question/getWxQuestion': () => project({ questionId, title: '满意度调查', status: 1, dataCount: ALL.length, powerType }),
    [LIST]: detailOf(ALL),
    [`${R}markSuspect`]: (body) => ({ sheetId: body.sheetId, suspect: body.suspect }),
    [`${R}delAnswerSheet`]: (body) => ({ sheetId: body.sheetId, status: 0 }),
    [`${R}exportExcel`]: () => ({ url: '/api/question/statement/download?token=x', fileName: '满意度调查_答卷数据.xlsx' }),
    [`${R}getAnswerSheetDetail`]: (body): TSheetDetail => ({
      sheetId: String(body.sheetId),
      createTime: ALL[0]!.createTime,
      durationSeconds: 10,
      source: 'link',
      suspect: false,
      suspectReason: null,
      status: 1,
      score: null,
      maxScore: null,
      ip: '',
      answers: [],
      prevSheetId: null,
      nextSheetId: null,
    }),
  });
}
beforeEach(() => markSession());
afterEach(() => forgetSession());
const listCalls = () => api.current!.callsTo(LIST);

describe('answer list (/answerList.html)', () => {
  it('shows the answers, numbered like 数据详情, times in Beijing time, and loads more', async () => {
    setUp(1);
    const user = userEvent.setup();
    await renderApp(`/answerList.html?questionId=${questionId}`);
    const table = await screen.findByTestId('answer-list');
    expect(listCalls()[0]).toEqual({ questionId, pageSize: 50, sort: 'createTime', order: 'desc', filter: undefined });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(51);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(expect.arrayContaining(['序号', '7. 1+1=?', '2. 预算分配']));
    // The newest sheet is 1, as in 数据详情; its content and its time (08:02:00 UTC) in Beijing time.
    expect(within(rows[1]!).getAllByRole('cell')[1]).toHaveTextContent(/^1$/);
    expect(rows[1]).toHaveTextContent('研发:50, 市场:50');
    expect(rows[1]).toHaveTextContent('2025-05-01 16:02:00');
    expect(screen.getByText('已显示 50 / 共 120 份')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('已显示 100 / 共 120 份');
    expect(listCalls().at(-1)).toMatchObject({ cursor: '50' });
    expect(within(within(table).getAllByRole('row')[100]!).getAllByRole('cell')[1]).toHaveTextContent(/^100$/);
  });

  it('search and filters go to the server as one filter', async () => {
    setUp(1);
    const user = userEvent.setup();
    await renderApp(`/answerList.html?questionId=${questionId}`);
    await screen.findByTestId('answer-list');
    await user.type(screen.getByRole('searchbox', { name: '搜索答卷' }), '市场');
    await waitFor(() => expect(listCalls().at(-1)!.filter).toEqual({ search: '市场' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '来源' }), 'qr');
    await user.selectOptions(screen.getByRole('combobox', { name: '状态' }), 'only');
    await waitFor(() => expect(listCalls().at(-1)!.filter).toEqual({ search: '市场', sources: ['qr'], suspect: 'only' }));
    // 2026-01-01 00:30 typed in the zh-CN picker (24-hour text box) is Beijing time.
    const from = screen.getByRole('textbox', { name: '开始时间' });
    await user.type(from, '2026-01-01 00:30{Enter}');
    expect(from).toHaveValue('2026-01-01 00:30');
    await waitFor(() => expect(listCalls().at(-1)!.filter).toMatchObject({ from: '2025-12-31T16:30:00.000Z' }));
    await user.click(screen.getByRole('button', { name: /清除筛选/ }));
    await waitFor(() => expect(listCalls().at(-1)!.filter).toBeUndefined());
  });

  it('edit power marks the selection invalid and moves it to the bin after one confirmation', async () => {
    setUp(2);
    const user = userEvent.setup();
    await renderApp(`/answerList.html?questionId=${questionId}`);
    await screen.findByTestId('answer-list');
    await user.click(screen.getByRole('checkbox', { name: '选择第 1 份答卷' }));
    await user.click(screen.getByRole('checkbox', { name: '选择第 3 份答卷' }));
    expect(screen.getByText('已选 2 份')).toBeInTheDocument();
    // Export is the report's power (1 or 3): not offered to an editor.
    expect(screen.queryByRole('button', { name: /导出所选/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /标记无效/ }));
    await waitFor(() =>
      expect(api.current!.callsTo(`${R}markSuspect`)).toEqual([
        { questionId, sheetId: ALL[0]!.sheetId, suspect: true },
        { questionId, sheetId: ALL[2]!.sheetId, suspect: true },
      ]),
    );
    await screen.findByText('已将 2 份答卷标记为无效');
    await user.click(screen.getByRole('checkbox', { name: '选择第 2 份答卷' }));
    await user.click(screen.getByRole('button', { name: /^删除$/ }));
    expect(api.current!.callsTo(`${R}delAnswerSheet`)).toHaveLength(0);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(api.current!.callsTo(`${R}delAnswerSheet`)).toHaveLength(1));
    await screen.findByText('已将 1 份答卷移入回收站');
  });

  it('a refused change reports only what happened and keeps the selection', async () => {
    setUp(1);
    let n = 0;
    api.current!.handlers[`${R}delAnswerSheet`] = (body) => {
      n += 1;
      if (n === 3) throw new ApiError('404', '答卷不存在或已删除');
      return { sheetId: body.sheetId, status: 0 };
    };
    const user = userEvent.setup();
    await renderApp(`/answerList.html?questionId=${questionId}`);
    await screen.findByTestId('answer-list');
    for (const no of [1, 2, 3, 4]) await user.click(screen.getByRole('checkbox', { name: `选择第 ${no} 份答卷` }));
    await user.click(screen.getByRole('button', { name: /^删除$/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    await screen.findByText('已将 2 份答卷移入回收站');
    expect(api.current!.callsTo(`${R}delAnswerSheet`)).toHaveLength(3);
    expect(screen.getByText('已选 4 份')).toBeInTheDocument();
  });

  it('view power exports the selection but cannot mark or delete', async () => {
    setUp(3);
    const user = userEvent.setup();
    await renderApp(`/answerList.html?questionId=${questionId}`);
    await screen.findByTestId('answer-list');
    await user.click(screen.getByRole('checkbox', { name: '选择第 2 份答卷' }));
    expect(screen.queryByRole('button', { name: /标记无效/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^删除$/ })).toBeNull();
    expect(screen.getByText('你对该项目只有查看权限，不能删除或标记答卷')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /导出所选/ }));
    await waitFor(() => expect(api.current!.callsTo(`${R}exportExcel`)).toEqual([{ questionId, mode: 'subject', filter: { sheetIds: [ALL[1]!.sheetId] } }]));
  });

  it('a row opens its sheet, whose 返回 leads back to the list', async () => {
    setUp(3);
    const user = userEvent.setup();
    const { router } = await renderApp(`/answerList.html?questionId=${questionId}`);
    const table = await screen.findByTestId('answer-list');
    await user.click(within(table).getAllByRole('row')[2]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/questionnaire/answerSheetDetail.html'));
    expect(router.state.location.search).toMatchObject({ questionId, sheetId: ALL[1]!.sheetId, sort: 'createTime', order: 'desc', from: 'answers' });
    const back = await screen.findByRole('link', { name: /返回答卷列表/ }, { timeout: 5000 });
    expect(back.getAttribute('href')).toBe(`/answerList.html?questionId=${questionId}`);
    // View power: no bin or flag buttons on the sheet either.
    expect(screen.queryByRole('button', { name: /移入回收站|标记无效/ })).toBeNull();
  });
});
