import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPLET_NOT_CONFIGURED } from '../../../schemas/api/applet';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp, SAMPLE_USER } from '../render-app';
import { createFakeApi, project, type TFakeApi } from '../projects/fake-api';

// 小程序码 on the release (share) page (issue 49): made on demand; an unconfigured server's message instead of a code.
const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
function serve(code: () => unknown) {
  api.current = createFakeApi({
    'activity/question/getWxQuestion': () => project({ questionId: 'q_applet00001', title: '员工满意度调查', questionType: 1, status: 1 }),
    'activity/question/getQuestionCode': code,
  });
}
beforeEach(() => markSession());
afterEach(() => forgetSession());

const card = async () => {
  const heading = await screen.findByRole('heading', { name: '小程序码' });
  return within(heading.closest('section')!);
};

describe('release page: 小程序码', () => {
  it('makes the code on demand and offers the download and the mini-program link', async () => {
    const user = userEvent.setup();
    serve(() => ({ qrCode: PNG, url: 'https://wxaurl.cn/abc123' }));
    await renderApp('/questionnaire/release.html?questionId=q_applet00001');
    const c = await card();
    expect(c.queryByRole('img')).toBeNull();
    expect(api.current!.callsTo('activity/question/getQuestionCode')).toEqual([]);
    await user.click(c.getByRole('button', { name: '生成小程序码' }));
    expect(await c.findByRole('img', { name: '问卷小程序码' })).toHaveAttribute('src', PNG);
    expect(c.getByRole('button', { name: '下载小程序码' })).toBeInTheDocument();
    expect(c.getByRole('button', { name: '复制小程序链接' })).toBeInTheDocument();
    expect(api.current!.callsTo('activity/question/getQuestionCode')).toEqual([{ questionId: 'q_applet00001' }]);
  });

  it('shows the server’s 未配置小程序 message instead of a code, and may try again', async () => {
    const user = userEvent.setup();
    serve(() => {
      throw new ApiError('400', APPLET_NOT_CONFIGURED);
    });
    await renderApp('/questionnaire/release.html?questionId=q_applet00001');
    const c = await card();
    await user.click(c.getByRole('button', { name: '生成小程序码' }));
    expect(await c.findByRole('alert')).toHaveTextContent(APPLET_NOT_CONFIGURED);
    expect(c.queryByRole('img')).toBeNull();
    expect(c.getByRole('button', { name: '重新生成' })).toBeEnabled();
  });
});
