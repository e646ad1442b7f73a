import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '../../../schemas/order/order-states';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp, SAMPLE_USER } from '../render-app';
import { createFakeApi, project, type TFakeApi } from '../projects/fake-api';

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
    'activity/question/getWxQuestion': () => project({ questionId: 'q_shop0000001', title: '社区团购收款', questionType: 6, status: 0 }),
    // A production server without PAY_PROVIDER (issue 42): the refusal names the setting.
    'activity/question/getQuestionStatus': () => {
      throw new ApiError('409', ORDER_MESSAGES.publishNeedsProvider);
    },
  });
});
afterEach(() => forgetSession());

describe('publishing a payment project where nobody takes payments', () => {
  it('the release page says which setting is missing', async () => {
    const user = userEvent.setup();
    await renderApp('/questionnaire/release.html?questionId=q_shop0000001');
    await user.click(await screen.findByRole('button', { name: '发布' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('网站尚未配置支付渠道（服务器设置 PAY_PROVIDER），含收费商品的项目暂不能发布');
    expect(api.current!.callsTo('activity/question/getQuestionStatus')).toEqual([{ questionId: 'q_shop0000001', status: 1 }]);
    // Still a draft.
    expect(screen.getByText('未发布')).toBeInTheDocument();
  });
});
