import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, defaultStyle } from '../../../schemas/api/settings';
import { forgetSession, markSession } from '../../../src/api/token';
import { P, fakeProject, openEditor } from './editor-fake';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

beforeEach(() => markSession());
afterEach(() => forgetSession());

type TSaved = { wechatAuthId: number | null; perWechatLimit: number | null };
const savedSettings = () => api.current!.callsTo(`${P}/updateWxQuestionSetting`).map((b) => (b as { settings: TSaved }).settings);

/** The settings screen with the owner's official accounts as getWxQuestionSetting answers them. */
async function openSettings(accounts: { authId: number; nickName: string }[], configured = true) {
  const settings = defaultSettings();
  await openEditor(
    fakeProject(api, {
      handlers: {
        [`${P}/getWxQuestionSetting`]: () => ({ settings, style: defaultStyle(), version: 1, wechat: { accounts, configured } }),
        [`${P}/updateWxQuestionSetting`]: (body: unknown) => ({ settings: (body as { settings: unknown }).settings, version: 2 }),
      },
    }),
    'setting',
  );
  return screen.findByRole('switch', { name: '仅限微信授权填写' });
}

describe('editor settings: 仅限微信授权填写 (issue 47 item 1)', () => {
  it('without a bound official account the switch is disabled and links to the binding page', async () => {
    const only = await openSettings([]);
    await waitFor(() => expect(only).toBeDisabled());
    expect(only).not.toBeChecked();
    expect(screen.getByTestId('form-wechat-hint')).toHaveTextContent('微信授权填写（由项目创建者绑定）需要先绑定一个已认证的服务号');
    expect(screen.getByRole('link', { name: '去授权绑定公众号' })).toHaveAttribute('href', '/bindingServicer/index.html');
    expect(screen.queryByLabelText('授权填写的公众号')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('每个微信最多填写')).not.toBeInTheDocument();
  });

  it('without the platform configured the hint says the administrator must configure it first', async () => {
    await openSettings([], false);
    expect(await screen.findByTestId('form-wechat-hint')).toHaveTextContent('需要管理员先配置微信开放平台，再绑定公众号');
  });

  it('with accounts: switching on saves the first account, offers the account picker and the 次 field; choosing another saves it', async () => {
    const user = userEvent.setup();
    const only = await openSettings([
      { authId: 7, nickName: '问卷公众号' },
      { authId: 9, nickName: '另一个公众号' },
    ]);
    await waitFor(() => expect(only).toBeEnabled());
    expect(screen.queryByTestId('form-wechat-hint')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('授权填写的公众号')).not.toBeInTheDocument();
    await user.click(only);
    expect(only).toBeChecked();
    const picker = screen.getByRole('combobox', { name: '授权填写的公众号' });
    expect(picker).toHaveDisplayValue('问卷公众号');
    expect(screen.getByLabelText('每个微信最多填写')).toBeInTheDocument();
    await waitFor(() => expect(savedSettings().at(-1)).toMatchObject({ wechatAuthId: 7 }), { timeout: 5_000 });
    await user.selectOptions(picker, '另一个公众号');
    await waitFor(() => expect(savedSettings().at(-1)).toMatchObject({ wechatAuthId: 9 }), { timeout: 5_000 });
    // Off again: nothing to choose, and the setting is saved off.
    await user.click(only);
    expect(screen.queryByLabelText('授权填写的公众号')).not.toBeInTheDocument();
    await waitFor(() => expect(savedSettings().at(-1)).toMatchObject({ wechatAuthId: null }), { timeout: 5_000 });
  });
});
