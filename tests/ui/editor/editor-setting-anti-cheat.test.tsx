import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, defaultStyle, type TProjectSettings } from '../../../schemas/api/settings';
import { forgetSession, markSession } from '../../../src/api/token';
import { P, fakeProject, openEditor } from './editor-fake';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

beforeEach(() => markSession());
afterEach(() => forgetSession());

const savedSettings = () => api.current!.callsTo(`${P}/updateWxQuestionSetting`).map((b) => (b as { settings: TProjectSettings }).settings);

describe('editor settings: 防作弊', () => {
  it('switches 禁止复制粘贴 on and sets a 切屏限制, refusing 0', async () => {
    const user = userEvent.setup();
    let settings = defaultSettings();
    await openEditor(
      fakeProject(api, {
        handlers: {
          [`${P}/getWxQuestionSetting`]: () => ({ settings, style: defaultStyle(), version: 1 }),
          [`${P}/updateWxQuestionSetting`]: (body) => {
            settings = (body as { settings: TProjectSettings }).settings;
            return { settings, version: 2 };
          },
        },
      }),
      'setting',
    );
    const block = await screen.findByRole('switch', { name: '禁止复制粘贴' });
    expect(block).not.toBeChecked();
    expect(screen.getByText('答题者离开答题页面（切换到其他页面或应用；手机上传文件时打开相册、相机也算一次）超过设定次数时，自动交卷')).toBeInTheDocument();
    await user.click(block);
    await waitFor(() => expect(savedSettings().at(-1)).toMatchObject({ noCopyPaste: true }), { timeout: 5_000 });
    const leave = screen.getByRole('textbox', { name: '切屏限制' });
    expect(leave).toHaveAttribute('placeholder', '不限');
    await user.type(leave, '0');
    await user.tab();
    expect(await screen.findByText('请输入大于0的整数')).toBeInTheDocument();
    await user.clear(leave);
    await user.type(leave, '3');
    await user.tab();
    await waitFor(() => expect(savedSettings().at(-1)).toMatchObject({ noCopyPaste: true, leaveLimit: 3 }), { timeout: 5_000 });
  });
});
