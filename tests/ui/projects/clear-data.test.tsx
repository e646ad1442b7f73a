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

const CLEAR = 'activity/question/getQuestionClear';
let projects = [
  project({ questionId: 'q_collecting01', title: '客户满意度调查', status: 1, dataCount: 12 }),
  project({ questionId: 'q_shared00001', title: '部门团建投票', status: 1, dataCount: 3, isTeamWork: 1, powerType: 2, ownerName: '韩梅梅' }),
];

beforeEach(() => {
  markSession();
  localStorage.clear();
  projects = projects.map((p) => (p.questionId === 'q_collecting01' ? { ...p, dataCount: 12, recordCount: 12 } : p));
  api.current = createFakeApi({
    'activity/question/getWxQuestionList': (body) => listOf(projects)(body),
    'activity/question/getQuestionCount': () => FREE,
    [CLEAR]: (body) => {
      projects = projects.map((p) => (p.questionId === body.questionId ? { ...p, dataCount: 0, recordCount: 0 } : p));
      return null;
    },
  });
});
afterEach(() => {
  forgetSession();
  localStorage.clear();
});

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;

describe('清空数据 from the project card', () => {
  it('asks first; cancelling keeps the data, confirming clears it and the card shows 0', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/list.html');
    await screen.findByRole('heading', { name: '客户满意度调查' });
    expect(within(card('客户满意度调查')).getByText('12')).toBeInTheDocument();

    await user.click(within(card('客户满意度调查')).getByRole('button', { name: '更多操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '清空数据' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定清空「客户满意度调查」的全部数据吗？已收集的 12 份答卷');
    expect(dialog).toHaveTextContent('此操作无法恢复');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.current!.callsTo(CLEAR)).toEqual([]);

    await user.click(within(card('客户满意度调查')).getByRole('button', { name: '更多操作' }));
    await user.click(await screen.findByRole('menuitem', { name: '清空数据' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认清空' }));
    await waitFor(() => expect(api.current!.callsTo(CLEAR)).toEqual([{ questionId: 'q_collecting01' }]));
    expect(await screen.findByText('数据已清空')).toBeInTheDocument();
    await waitFor(() => expect(within(card('客户满意度调查')).getByText('0')).toBeInTheDocument());
  });

  it('is not offered without manage power (更多 still holds 项目设置 and 选项配额 by power)', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/list.html');
    await screen.findByRole('heading', { name: '部门团建投票' });
    // An editor's menu holds 高级复制 and 项目设置 (issue 49 item 4), never 清空数据.
    await user.click(within(card('部门团建投票')).getByRole('button', { name: '更多操作' }));
    expect(await screen.findByRole('menuitem', { name: '高级复制' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: '项目设置' })).toBeTruthy();
    // 选项配额 too (targets and fill counts are not answers), but not 邀请回执 (who answered: the report's).
    expect(screen.getByRole('menuitem', { name: '选项配额' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: '邀请回执' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: '清空数据' })).toBeNull();
  });
});
