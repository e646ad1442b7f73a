import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPrizeList, TRedPacketView, TUnapprovedSheet } from '../../../schemas/api/red-envelope';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp, SAMPLE_USER } from '../render-app';

// Red envelopes (issue 49 item 1): the setup refuses a bad rule before saving and sends the money it needs to the
// balance; the review approves the chosen sheets in one batch and shows suspect marks; the prize list shows totals.
const view = (over: Partial<TRedPacketView> = {}): TRedPacketView => ({
  questionId: 'q1',
  voteId: null,
  title: '红包问卷',
  questionType: 1,
  powerType: 1,
  envelope: null,
  balanceFen: 500,
  counts: { pending: 0, paying: 0, paid: 0, failed: 0, rejected: 0 },
  transferProvider: 'sandbox',
  ...over,
});
const sheet = (sheetId: string, extra: Partial<TUnapprovedSheet> = {}): TUnapprovedSheet => ({
  sheetId,
  submitTime: '2026-12-01T08:00:00.000Z',
  score: null,
  suspect: false,
  suspectReason: null,
  payee: '匿名答卷',
  ...extra,
});
const api = vi.hoisted(() => ({ view: null as unknown, sheets: [] as unknown[], prizes: null as unknown, calls: [] as { path: string; body: unknown }[] }));
vi.mock('../../../src/api/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/api/client')>();
  return {
    ...actual,
    call: async (contract: { path: string }, body: Record<string, unknown>) => {
      const verb = contract.path.replace('activity/question/redPacket/', '');
      api.calls.push({ path: verb, body });
      if (verb === 'getRedPacket' || verb === 'saveRedPacket') return api.view;
      if (verb === 'getUnapprovedList') return { list: api.sheets, total: api.sheets.length };
      if (verb === 'approveRedPacket') {
        const ids = body.sheetIds as string[];
        return { results: ids.map((sheetId) => ({ sheetId, ok: true, amountFen: 100, state: 'paid', message: '' })), done: ids.length, refused: 0 };
      }
      if (verb === 'getPrizeList') return api.prizes;
      return actual.call(contract as never, body as never, { quiet: true });
    },
  };
});
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

beforeEach(() => {
  markSession();
  api.calls = [];
  api.view = view();
});
afterEach(() => forgetSession());

describe('红包设置', () => {
  it('explains a budget below count × 0.30 元 and saves nothing; a good rule is saved in fen', async () => {
    const user = userEvent.setup();
    await renderApp('/RedEnvelope.html?questionId=q1');
    const total = await screen.findByLabelText('红包总额（元）');
    await user.clear(total);
    await user.type(total, '0.5');
    expect(screen.getByRole('alert')).toHaveTextContent('红包总额须在 个数×最小金额 到 个数×最大金额 之间');
    expect(screen.getByRole('button', { name: '保存规则' })).toBeDisabled();
    await user.clear(total);
    await user.type(total, '10');
    await user.click(screen.getByRole('button', { name: '保存规则' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === 'saveRedPacket')?.body).toMatchObject({ rule: { budgetFen: 1_000, minFen: 30, totalCount: 3 } }),
    );
  });

  it('with too little balance the pay button waits and the page links to 账户充值', async () => {
    api.view = view({
      balanceFen: 500,
      envelope: {
        amountMode: 'fixed',
        minFen: 100,
        maxFen: 100,
        totalCount: 10,
        budgetFen: 1_000,
        qualify: 'valid',
        minScore: null,
        firstN: null,
        state: 'unpaid',
        paidCount: 0,
        allocatedFen: 0,
        returnedFen: 0,
        heldFen: 0,
        paidTime: null,
        endedTime: null,
      },
    });
    await renderApp('/RedEnvelope.html?questionId=q1');
    expect(await screen.findByRole('button', { name: '从余额支付 ¥10.00' })).toBeDisabled();
    expect(screen.getByRole('link', { name: '余额不足，去充值' })).toHaveAttribute('href', '/accountRecharge/index.html');
    expect(screen.getByTestId('red-state')).toHaveTextContent('未充值');
  });
});

describe("a vote's red envelope (?voteId=)", () => {
  it('names the vote in every call, offers no score rule, speaks of 投票 and leads back to 投票管理', async () => {
    const user = userEvent.setup();
    api.view = view({ questionId: '', voteId: 'v1vote01', questionType: 0, title: '最美教师评选' });
    await renderApp('/RedEnvelope.html?voteId=v1vote01');
    const who = await screen.findByLabelText('领取条件');
    expect(
      within(who)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['所有有效投票', '前 N 份有效投票']);
    expect(screen.getByRole('link', { name: /返回投票管理/ })).toHaveAttribute('href', '/voting/list.html');
    await user.click(screen.getByRole('button', { name: '保存规则' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'saveRedPacket')?.body).toMatchObject({ voteId: 'v1vote01' }));
    expect(api.calls.every((c) => !(c.body as { questionId?: string }).questionId)).toBe(true);
  });

  it('reviews ballots: no score column, no sheet link, approved with the voteId', async () => {
    const user = userEvent.setup();
    api.view = view({ questionId: '', voteId: 'v1vote01', questionType: 0 });
    api.sheets = [sheet('ballot-1', { payee: '匿名投票' })];
    await renderApp('/unapproved.html?voteId=v1vote01');
    const rows = await screen.findAllByTestId('unapproved-row');
    expect(screen.queryByRole('columnheader', { name: '得分' })).toBeNull();
    expect(within(rows[0]!).queryByRole('link')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: '选择投票 ballot-1' }));
    await user.click(screen.getByRole('button', { name: '通过并发放' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'approveRedPacket')?.body).toEqual({ voteId: 'v1vote01', sheetIds: ['ballot-1'] }));
  });
});

describe('待审核红包 and 中奖名单', () => {
  it('shows the suspect mark and approves the chosen sheets in one batch', async () => {
    const user = userEvent.setup();
    api.sheets = [sheet('s1'), sheet('s2', { suspect: true, suspectReason: '答题过快' })];
    await renderApp('/unapproved.html?questionId=q1');
    const rows = await screen.findAllByTestId('unapproved-row');
    expect(rows[1]).toHaveTextContent('疑似作弊：答题过快');
    expect(screen.getByRole('button', { name: '通过并发放' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: '全选' }));
    await user.click(screen.getByRole('button', { name: '通过并发放' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'approveRedPacket')?.body).toEqual({ questionId: 'q1', sheetIds: ['s1', 's2'] }));
  });

  it('lists the payouts with their state and the totals', async () => {
    const prizes: TPrizeList = {
      list: [
        {
          sheetId: 'sheet-a',
          amountFen: 388,
          state: 'paid',
          payee: '匿名答卷',
          decidedTime: '2026-12-01T08:00:00.000Z',
          paidTime: null,
          transferId: 'SBT1',
          failReason: null,
        },
        {
          sheetId: 'sheet-b',
          amountFen: 120,
          state: 'failed',
          payee: '登录用户',
          decidedTime: '2026-12-01T08:00:00.000Z',
          paidTime: null,
          transferId: null,
          failReason: '转账失败',
        },
      ],
      total: 2,
      totals: { paidFen: 388, payingFen: 0, failedFen: 120, paid: 1, paying: 0, failed: 1 },
    };
    api.prizes = prizes;
    await renderApp('/prizeLists.html?questionId=q1');
    const rows = await screen.findAllByTestId('prize-row');
    expect(within(rows[0]!).getByText('已发放')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('发放失败')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: '重新发放' })).toBeInTheDocument();
    expect(screen.getByTestId('prize-totals')).toHaveTextContent('已发放 1 个，共 ¥3.88');
    expect(screen.getByRole('tab', { name: '红包' })).toBeInTheDocument();
  });
});
