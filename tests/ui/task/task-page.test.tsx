import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSignStatus, TTask } from '../../../schemas/api/coins';
import { TASKS } from '../../../schemas/coins/rules';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { signStatusOf } from '../../../schemas/coins/sign-status';
import { createFakeApi, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
  useRefreshUser: () => () => {},
}));

const T = 'activity/task/';
let coin = 0;
let sign: TSignStatus = signStatusOf(0, 2);
let states: Record<string, TTask['state']> = {};
const tasks = (): TTask[] =>
  TASKS.map((t) => ({
    taskId: `tid-${t.code}`,
    code: t.code,
    taskType: t.taskType,
    dailyTaskType: t.dailyTaskType,
    title: t.title,
    description: t.description,
    reward: t.reward,
    state: states[t.code] ?? 'todo',
    progress: t.code === '2-2' ? 1 : 0,
    target: t.target,
    templateId: t.code === '2-8' ? 'tpl-today01' : null,
    receivedOn: t.code === '1-3' && states[t.code] === 'received' ? '投票通' : null,
  }));

beforeEach(() => {
  markSession();
  coin = 10;
  sign = signStatusOf(0, 2);
  states = { '1-1': 'done', '1-2': 'received', '1-3': 'received' };
  api.current = createFakeApi({
    [`${T}getWxAppletTaskList`]: () => ({ coin, coinName: '问卷币', sign, tasks: tasks() }),
    [`${T}receiveSignTask`]: () => {
      sign = signStatusOf(3, 2);
      coin += 15;
      return { sign, reward: 15, coin, coinName: '问卷币' };
    },
    [`${T}receiveTaskReward`]: (body) => {
      states['1-1'] = 'received';
      coin += 20;
      return { task: tasks().find((t) => t.taskId === body.taskId)!, reward: 20, coin, coinName: '问卷币' };
    },
    [`${T}bindingTask`]: (body) => tasks().find((t) => t.taskId === body.taskId)!,
    [`${T}getWxAppletTaskDetailList`]: () => ({ list: [], total: 0 }),
  });
});
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

describe('/task.html 任务中心', () => {
  it('signs in on the streak’s 3rd day for the bonus, and receives a done task’s reward once', async () => {
    const user = userEvent.setup();
    await renderApp('/task.html');
    expect(await screen.findByTestId('coin-balance')).toHaveTextContent('10');
    expect(screen.getByTestId('sign-streak')).toHaveTextContent('已连续签到 2 天，今日签到可得 15 问卷币');
    expect(screen.getByRole('link', { name: '问卷币明细' })).toHaveAttribute('href', '/coinList.html');
    await user.click(screen.getByRole('button', { name: '签到' }));
    await waitFor(() => expect(screen.getByTestId('coin-balance')).toHaveTextContent('25'));
    expect(screen.getByRole('button', { name: '今日已签到' })).toBeDisabled();

    const phone = screen.getByText('绑定手机号').closest('li')!;
    expect(within(screen.getByText('创建第一个项目').closest('li')!).getByText('已领取')).toBeInTheDocument();
    // A new-user task taken on another brand (paid once across the brands) names it.
    expect(within(screen.getByText('发布第一个项目').closest('li')!).getByText('已在投票通领取')).toBeInTheDocument();
    await user.click(within(phone).getByRole('button', { name: '领取奖励' }));
    expect(api.current!.callsTo(`${T}receiveTaskReward`)).toEqual([{ taskId: 'tid-1-1' }]);
    await waitFor(() => expect(within(phone).getByText('已领取')).toBeInTheDocument());
    expect(screen.getByTestId('coin-balance')).toHaveTextContent('45');
    expect(within(screen.getByText('互助答题 3 份').closest('li')!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
  });

  it('去完成 on today’s recommended template starts the task and opens the template with its taskId', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/task.html');
    const recommend = (await screen.findByText('体验今日推荐模板')).closest('li')!;
    await user.click(within(recommend).getByRole('button', { name: '去完成' }));
    expect(api.current!.callsTo(`${T}bindingTask`)).toEqual([{ taskId: 'tid-2-8' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/template/detail.html'));
    expect(router.state.location.search).toMatchObject({ questionId: 'tpl-today01', taskId: 'tid-2-8', taskType: '2-8' });
  });

  it('shows an error with 重新加载 when the list fails, and the empty records tab', async () => {
    api.current!.handlers[`${T}getWxAppletTaskList`] = () => {
      throw new ApiError('500', '系统处理出错');
    };
    const user = userEvent.setup();
    await renderApp('/task.html');
    expect(await screen.findByText('任务加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '任务记录' }));
    expect(await screen.findByText('暂无任务记录')).toBeInTheDocument();
  });
});
