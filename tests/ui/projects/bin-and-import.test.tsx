import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

beforeEach(() => {
  markSession();
  api.current = createFakeApi({
    'activity/question/getWxQuestionDelList': listOf([
      project({ questionId: 'q_deleted0001', title: '旧的考试', questionType: 2 }),
      project({ questionId: 'q_deleted0002', title: '作废的考试', questionType: 2 }),
    ]),
    'activity/question/getRetrieveWxQuestion': () => null,
    'activity/question/getWxQuestionCompletelyDel': () => ({ deleted: 1 }),
    'activity/question/getQuestionCount': () => FREE,
    'activity/question/saveOrUpdateWxQuestion': () => ({ isCreate: 1, questionId: 'q_imported001' }),
  });
});
afterEach(() => forgetSession());

const row = (title: string) => within(screen.getByRole('heading', { name: title }).closest('li')!);

describe('recycle bin (spec §2, §4)', () => {
  it('restores, deletes for good and empties the bin, each deletion confirmed', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/deleteExam.html');
    expect(await screen.findByRole('heading', { name: '考试回收站' })).toBeInTheDocument();
    expect(api.current!.callsTo('activity/question/getWxQuestionDelList')[0]).toMatchObject({ questionType: 2 });

    await user.click(row('旧的考试').getByRole('button', { name: '恢复' }));
    await waitFor(() => expect(api.current!.callsTo('activity/question/getRetrieveWxQuestion')).toEqual([{ questionId: 'q_deleted0001' }]));
    expect(await screen.findByText('已恢复')).toBeInTheDocument();

    await user.click(row('作废的考试').getByRole('button', { name: '彻底删除' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('「作废的考试」及其收集的数据将被永久删除，无法恢复。');
    await user.click(within(dialog).getByRole('button', { name: '彻底删除' }));
    await waitFor(() => expect(api.current!.callsTo('activity/question/getWxQuestionCompletelyDel')).toEqual([{ questionId: 'q_deleted0002' }]));

    await user.click(screen.getByRole('button', { name: '清空回收站' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('回收站中的 2 个考试及其数据将被永久删除');
    await user.click(within(dialog).getByRole('button', { name: '清空回收站' }));
    await waitFor(() => expect(api.current!.callsTo('activity/question/getWxQuestionCompletelyDel').at(-1)).toEqual({ all: true, questionType: 2 }));
  });
});

describe('text import (/textImport.html)', () => {
  it('previews the parsed subjects with numbering and warnings, then creates the project with them', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/textImport.html?questionType=4');
    const source = await screen.findByRole('textbox', { name: '题目文本' });
    fireEvent.change(source, {
      target: {
        value: '活动报名表\n1. 您的姓名 [填空][必答]\n2. 参加哪一场？\nA. 上午场\nB. 下午场\n[段落]\n请准时到场\n3. 备注 [简答]\n[最多选3项，奇怪]',
      },
    });

    expect(await screen.findByText('识别到 3 道题')).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: '识别结果' });
    expect(within(preview).getByText('活动报名表')).toBeInTheDocument();
    expect(within(preview).getByText('您的姓名')).toBeInTheDocument();
    expect(within(preview).getByText('上午场')).toBeInTheDocument();
    expect(within(preview).getByText('3.')).toBeInTheDocument();
    expect(within(preview).getByText('无法识别这一行（该题型不需要选项），已忽略')).toBeInTheDocument();
    expect(within(preview).getByText('第 9 行')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '生成表单' }));
    await waitFor(() => expect(router.state.location.href).toBe('/questionnaire/edit/subject.html?questionId=q_imported001'));
    const body = api.current!.callsTo('activity/question/saveOrUpdateWxQuestion')[0]!;
    expect(body).toMatchObject({ questionType: 4, title: '活动报名表' });
    expect((body.subjects as Array<{ subjectType: number }>).map((s) => s.subjectType)).toEqual([6, 1, 15, 7]);
  });
});
