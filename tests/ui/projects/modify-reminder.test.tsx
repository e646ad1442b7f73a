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

const WITH_DATA = '修改题目可能会影响已收集的数据，确定要修改吗？';
const NO_DATA = '修改问卷将暂停收集，修改完成后需要重新发布。';

beforeEach(() => {
  markSession();
  sessionStorage.clear();
  api.current = createFakeApi({
    'activity/question/getWxQuestionList': listOf([
      project({ questionId: 'q_withdata001', title: '有数据的问卷', status: 1, dataCount: 12 }),
      project({ questionId: 'q_nodata00001', title: '没数据的问卷', status: 1, dataCount: 0 }),
      project({ questionId: 'q_paused00001', title: '暂停的问卷', status: 0, dataCount: 4 }),
    ]),
    'activity/question/getQuestionCount': () => FREE,
    'activity/question/getQuestionStatus': (body) => project({ questionId: String(body.questionId), title: 'x', status: Number(body.status) }),
  });
});
afterEach(() => {
  forgetSession();
  sessionStorage.clear();
});

const editButton = (title: string) => within(screen.getByRole('heading', { name: title }).closest('li')!).getByRole('button', { name: '编辑' });

describe('modify reminder (spec §4)', () => {
  it('warns about collected data, and cancel does nothing', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/questionnaire/list.html');
    await screen.findByRole('heading', { name: '有数据的问卷' });
    await user.click(editButton('有数据的问卷'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('提示')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(WITH_DATA);
    // Spec §9: the modify dialog is 350 px wide.
    expect(dialog.style.getPropertyValue('--dialog-width')).toBe('350px');
    expect(within(dialog).getByRole('checkbox', { name: '本次编辑不再提醒' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.current!.callsTo('activity/question/getQuestionStatus')).toEqual([]);
    expect(router.state.location.pathname).toBe('/questionnaire/list.html');
  });

  it('says collection will pause when nothing was collected; confirm pauses and opens the editor', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/questionnaire/list.html');
    await screen.findByRole('heading', { name: '没数据的问卷' });
    await user.click(editButton('没数据的问卷'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(NO_DATA);
    expect(dialog).not.toHaveTextContent(WITH_DATA);

    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(router.state.location.href).toBe('/questionnaire/edit/subject.html?questionId=q_nodata00001'));
    expect(api.current!.callsTo('activity/question/getQuestionStatus')).toEqual([{ questionId: 'q_nodata00001', status: 0 }]);
  });

  it('names the kind: an exam says 修改考试 (issue 17 item 7)', async () => {
    const user = userEvent.setup();
    api.current!.handlers['activity/question/getWxQuestionList'] = listOf([
      project({ questionId: 'q_exam000001', title: '期中考试', status: 1, dataCount: 0, questionType: 2 }),
    ]);
    await renderApp('/questionnaire/exam.html');
    await screen.findByRole('heading', { name: '期中考试' });
    await user.click(editButton('期中考试'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('修改考试将暂停收集，修改完成后需要重新发布。');
  });

  it('opens a paused project straight in the editor', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/questionnaire/list.html');
    await screen.findByRole('heading', { name: '暂停的问卷' });
    await user.click(editButton('暂停的问卷'));
    await waitFor(() => expect(router.state.location.href).toBe('/questionnaire/edit/subject.html?questionId=q_paused00001'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.current!.callsTo('activity/question/getQuestionStatus')).toEqual([]);
  });

  it('本次编辑不再提醒 skips the reminder for the rest of the session', async () => {
    const user = userEvent.setup();
    const first = await renderApp('/questionnaire/list.html');
    await screen.findByRole('heading', { name: '有数据的问卷' });
    await user.click(editButton('有数据的问卷'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: '本次编辑不再提醒' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/questionnaire/edit/subject.html'));
    first.unmount();

    // Back on the list later in the same session: a collecting project pauses without asking.
    const second = await renderApp('/questionnaire/list.html');
    await screen.findByRole('heading', { name: '没数据的问卷' });
    await user.click(editButton('没数据的问卷'));
    await waitFor(() => expect(second.router.state.location.href).toBe('/questionnaire/edit/subject.html?questionId=q_nodata00001'));
    expect(api.current!.callsTo('activity/question/getQuestionStatus')).toEqual([
      { questionId: 'q_withdata001', status: 0 },
      { questionId: 'q_nodata00001', status: 0 },
    ]);
  });

  it('publishes and pauses through the status call', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/list.html');
    await screen.findByRole('heading', { name: '暂停的问卷' });
    await user.click(within(screen.getByRole('heading', { name: '暂停的问卷' }).closest('li')!).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('已发布，开始收集数据')).toBeInTheDocument();
    await user.click(within(screen.getByRole('heading', { name: '有数据的问卷' }).closest('li')!).getByRole('button', { name: '暂停' }));
    expect(await screen.findByText('已暂停收集')).toBeInTheDocument();
    expect(api.current!.callsTo('activity/question/getQuestionStatus')).toEqual([
      { questionId: 'q_paused00001', status: 1 },
      { questionId: 'q_withdata001', status: 0 },
    ]);
  });
});
