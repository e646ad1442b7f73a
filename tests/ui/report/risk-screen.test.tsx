import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TRiskScreenInfo } from '../../../schemas/api/report';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, project, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';
import { detailOf, sheets, STATEMENT } from './report-fixtures';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/ui/echarts-setup', () => ({ init: () => ({ setOption: () => {}, resize: () => {}, dispose: () => {} }) }));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const R = 'question/statement/';
const questionId = STATEMENT.questionId;
const ALL = sheets(20);

const box = { width: 1200, height: 600 };
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => box.height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => box.width });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

function setUp(info: TRiskScreenInfo, powerType = 1) {
  markSession();
  api.current = createFakeApi({
    'activity/question/getWxQuestion': () => project({ questionId, title: STATEMENT.title, questionType: 2, status: 1, dataCount: ALL.length, powerType }),
    [`${R}getStatement`]: () => STATEMENT,
    [`${R}getDataDetail`]: detailOf(ALL),
    [`${R}getRiskScreen`]: () => info,
    [`${R}riskScreen`]: () => {
      if (!info.remaining) throw new ApiError('409', '风控筛查次数不足，请先购买风控服务', { reason: 'quotaEmpty', buyPath: '/buyRiskAccound.html' });
      return { screened: 4, flagged: 2, unscreened: 3, remaining: 0 };
    },
  });
}
afterEach(() => forgetSession());

async function openDetail() {
  const user = userEvent.setup();
  await renderApp(`/questionnaire/report.html?questionId=${questionId}`);
  await user.click(await screen.findByRole('tab', { name: '数据详情' }));
  await screen.findByTestId('data-detail');
  return user;
}

describe('风控筛查 on the data detail', () => {
  it('shows the sheets waiting and the units left, screens on confirm, reports the result and reloads the table', async () => {
    setUp({ pending: 7, remaining: 4, buyPath: '/buyRiskAccound.html' });
    const user = await openDetail();
    const loads = api.current!.callsTo(`${R}getDataDetail`).length;
    await user.click(screen.getByRole('button', { name: '风控筛查' }));
    const dialog = await screen.findByRole('dialog', { name: '风控筛查' });
    expect(await within(dialog).findByText('待筛查答卷：7 份')).toBeInTheDocument();
    expect(within(dialog).getByText('剩余风控筛查次数：4 次')).toBeInTheDocument();
    expect(within(dialog).getByText(/本次先筛查最早提交的 4 份/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '开始筛查' }));
    expect(await screen.findByText('筛查完成：已筛查 4 份，标记可疑 2 份，剩余次数 0 次；3 份因次数不足未筛查', { selector: '[role="status"]' })).toBeVisible();
    expect(api.current!.callsTo(`${R}riskScreen`)).toEqual([{ questionId }]);
    await waitFor(() => expect(api.current!.callsTo(`${R}getDataDetail`).length).toBeGreaterThan(loads));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with no units left offers the package page instead of screening', async () => {
    setUp({ pending: 7, remaining: 0, buyPath: '/buyRiskAccound.html' });
    const user = await openDetail();
    await user.click(screen.getByRole('button', { name: '风控筛查' }));
    const dialog = await screen.findByRole('dialog', { name: '风控筛查' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('风控筛查次数不足，请先购买风控服务');
    expect(within(dialog).getByRole('link', { name: '购买风控服务' })).toHaveAttribute('href', '/buyRiskAccound.html');
    expect(within(dialog).getByRole('button', { name: '购买风控服务' })).toBeInTheDocument();
    expect(api.current!.callsTo(`${R}riskScreen`)).toEqual([]);
  });

  it('the 可疑 tag carries its reason; a view-only collaborator has no 风控筛查 button', async () => {
    setUp({ pending: 0, remaining: 0, buyPath: '/buyRiskAccound.html' }, 3);
    await openDetail();
    expect(screen.getByText('可疑', { selector: 'span' })).toHaveAttribute('title', '可疑原因：同一设备重复提交');
    expect(screen.queryByRole('button', { name: '风控筛查' })).not.toBeInTheDocument();
  });
});
