import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSpaceItem } from '../../../schemas/api/coins';
import * as api from '../../../src/api/space';
import { MutualPage } from '../../../src/features/mutual/mutual-page';
import { renderAuth } from '../auth/render-auth';

vi.mock('../../../src/api/space', async (original) => {
  const real = await original<typeof import('../../../src/api/space')>();
  return {
    ...real,
    spaceCoinQuery: vi.fn(),
    spaceListQuery: vi.fn(),
    spaceJoinedQuery: vi.fn(),
    spaceReleasedQuery: vi.fn(),
    publishableQuery: vi.fn(),
    releaseToSpace: vi.fn(),
  };
});

const item = (over: Partial<TSpaceItem>): TSpaceItem => ({
  releaseId: 'r1',
  questionId: 'q1',
  title: '通勤方式调查',
  questionType: 1,
  subjectCount: 6,
  minutes: 3,
  reward: 5,
  remaining: 9,
  answered: false,
  mine: false,
  releaser: '用户1234',
  createTime: '2026-12-01T02:00:00.000Z',
  ...over,
});
const page = <T,>(key: string, data: T) => ({ queryKey: ['space', key], queryFn: () => Promise.resolve(data), retry: false }) as never;

function serve(list: TSpaceItem[], coin = 100) {
  vi.mocked(api.spaceCoinQuery).mockReturnValue(page('coin', { list: [], total: 0, coin, coinName: '问卷币' }));
  vi.mocked(api.spaceListQuery).mockReturnValue(page('list', { list, total: list.length, coin, coinName: '问卷币' }));
  vi.mocked(api.spaceJoinedQuery).mockReturnValue(page('joined', { list: [], total: 0 }));
  vi.mocked(api.spaceReleasedQuery).mockReturnValue(page('released', { list: [], total: 0 }));
  vi.mocked(api.publishableQuery).mockReturnValue(
    page('publishable', {
      list: [
        { questionId: 'q9', title: '午餐偏好', questionType: 1, powerType: 1, status: 1 },
        { questionId: 'q8', title: '他人的问卷', questionType: 1, powerType: 2, status: 1 },
        { questionId: 'q7', title: '一个接龙', questionType: 5, powerType: 1, status: 1 },
      ],
      total: 3,
      page: 1,
      pageSize: 100,
    }),
  );
}

afterEach(() => vi.resetAllMocks());

describe('互助问答 (/mutual.html)', () => {
  it('lists what to answer with its reward and length; own and answered ones cannot be answered for coins', async () => {
    serve([item({}), item({ releaseId: 'r2', title: '我的问卷', mine: true }), item({ releaseId: 'r3', title: '答过的', answered: true })]);
    await renderAuth('/mutual.html', { '/mutual.html': MutualPage });
    const cards = await screen.findAllByTestId('space-item');
    expect(screen.getByTestId('space-coin')).toHaveTextContent('我的问卷币100');
    expect(cards[0]).toHaveTextContent('6 题');
    expect(cards[0]).toHaveTextContent('预计 3 分钟');
    expect(cards[0]).toHaveTextContent('+5 问卷币');
    expect(within(cards[0]!).getByRole('link', { name: '去答题' })).toHaveAttribute('href', '/s/q1?space=r1');
    expect(cards[1]).toHaveTextContent('我发布的');
    expect(within(cards[1]!).queryByRole('link', { name: '去答题' })).toBeNull();
    expect(cards[2]).toHaveTextContent('已答过');
  });

  it('an empty space says so', async () => {
    serve([]);
    await renderAuth('/mutual.html', { '/mutual.html': MutualPage });
    expect(await screen.findByText('暂时没有可答的问卷')).toBeInTheDocument();
  });

  it('the release dialog offers my published surveys, counts the answers a budget pays and refuses a budget above my coins', async () => {
    serve([], 100);
    vi.mocked(api.releaseToSpace).mockResolvedValue({ release: { budget: 50 }, coin: 50, coinName: '问卷币' } as never);
    const user = userEvent.setup();
    await renderAuth('/mutual.html?release=q9', { '/mutual.html': MutualPage });
    const dialog = await screen.findByRole('dialog', { name: '发布到互助空间' });
    const select = within(dialog).getByRole('combobox', { name: '选择项目' });
    expect(await within(select).findAllByRole('option')).toHaveLength(2);
    expect(select).toHaveValue('q9');
    const budget = within(dialog).getByRole('textbox', { name: /预算/ });
    await user.clear(budget);
    await user.type(budget, '200');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('问卷币不足：需要 200 问卷币，当前 100 问卷币');
    expect(within(dialog).getByRole('button', { name: '确认发布' })).toBeDisabled();
    await user.clear(budget);
    await user.type(budget, '50');
    expect(within(dialog).getByTestId('release-summary')).toHaveTextContent('预算可支付 10 份答卷');
    await user.click(within(dialog).getByRole('button', { name: '确认发布' }));
    expect(vi.mocked(api.releaseToSpace).mock.calls[0]![0]).toEqual({ questionId: 'q9', reward: 5, budget: 50, minutes: 3 });
  });
});
