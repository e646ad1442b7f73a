import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TQuotaStat } from '../../../schemas/api/report';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, project, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const STATEMENT = 'question/statement/getQuotaStatement';
const UPDATE = 'activity/question/quota/updateQuota';
const questionId = 'q-quotas';
const QUOTAS: TQuotaStat[] = [
  { id: 'option:s1:a', label: '第1题 选择场次：上午场', used: 3, limit: 3, full: true, basis: 'option', condition: null, onFull: 'hideOption', message: '' },
  {
    id: 'quota-b',
    label: '条件配额',
    used: 1,
    limit: 4,
    full: false,
    basis: 'condition',
    condition: '第2题 性别 选择「男」',
    onFull: 'end',
    message: '男性名额已满，感谢参与',
  },
];

function setUp(powerType: 1 | 2 | 3, quotas: TQuotaStat[] = QUOTAS) {
  api.current = createFakeApi({
    'activity/question/getWxQuestion': () => project({ questionId, title: '活动报名', status: 1, powerType }),
    [STATEMENT]: () => quotas,
    [UPDATE]: (body) => {
      if (Number(body.limit) < 3) throw new ApiError('409', '配额不能小于已使用的数量（已使用 3）');
      return { id: String(body.quotaId), limit: Number(body.limit), used: 3, version: 2 };
    },
  });
}
beforeEach(() => markSession());
afterEach(() => forgetSession());

describe('option quotas (/optionsQuota.html)', () => {
  it('shows every quota with its condition, full behaviour and fill', async () => {
    setUp(1);
    await renderApp(`/optionsQuota.html?questionId=${questionId}`);
    const rows = await screen.findAllByTestId('quota-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('第1题 选择场次：上午场')).toBeTruthy();
    expect(within(rows[0]!).getByText('隐藏该选项')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('quota-fill').textContent).toBe('3 / 3');
    expect(within(rows[0]!).getByText('已满')).toBeTruthy();
    expect(within(rows[1]!).getByText('条件：第2题 性别 选择「男」')).toBeTruthy();
    expect(within(rows[1]!).getByText('结束作答（结束页）')).toBeTruthy();
    expect(within(rows[1]!).getByText('“男性名额已满，感谢参与”')).toBeTruthy();
    expect(within(rows[1]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    expect(screen.getByTestId('quota-summary-full').textContent).toContain('1');
    expect(screen.getByText(/每 5 秒自动刷新/)).toBeTruthy();
  });

  it('changes a target, and shows the refusal of one below what is used', async () => {
    setUp(1);
    const user = userEvent.setup();
    await renderApp(`/optionsQuota.html?questionId=${questionId}`);
    const field = await screen.findByLabelText('第1题 选择场次：上午场 的配额数量');
    const row = field.closest('tr')!;
    await user.clear(field);
    await user.type(field, '2');
    await user.click(within(row as HTMLElement).getByRole('button', { name: '保存' }));
    expect((await within(row as HTMLElement).findByRole('alert')).textContent).toBe('配额不能小于已使用的数量（已使用 3）');
    await user.clear(field);
    await user.type(field, '10');
    await user.click(within(row as HTMLElement).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.current!.callsTo(UPDATE).at(-1)).toEqual({ questionId, quotaId: 'option:s1:a', limit: 10 }));
  });

  it('edit power (2) sees the targets and fill, changes a target, and goes back to the project list (no report)', async () => {
    setUp(2);
    const user = userEvent.setup();
    await renderApp(`/optionsQuota.html?questionId=${questionId}`);
    const rows = await screen.findAllByTestId('quota-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByTestId('quota-fill').textContent).toBe('1 / 4');
    expect(screen.queryByText(/没有查看数据的权限/)).toBeNull();
    expect(screen.getByRole('link', { name: '返回项目列表' })).toHaveAttribute('href', '/questionnaire/list.html');
    const field = screen.getByLabelText('条件配额 的配额数量');
    await user.clear(field);
    await user.type(field, '6');
    await user.click(within(rows[1]!).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.current!.callsTo(UPDATE)).toEqual([{ questionId, quotaId: 'quota-b', limit: 6 }]));
  });

  it('view power sees the fill without fields to change it', async () => {
    setUp(3);
    await renderApp(`/optionsQuota.html?questionId=${questionId}`);
    await screen.findAllByTestId('quota-row');
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('a project without quotas says how to add one', async () => {
    setUp(1, []);
    await renderApp(`/optionsQuota.html?questionId=${questionId}`);
    expect(await screen.findByText('该项目还没有设置配额')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去逻辑设置添加配额' })).toBeTruthy();
  });
});
