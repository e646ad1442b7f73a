import { screen, waitFor, within } from '@testing-library/react';
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

const savedSettings = () =>
  api.current!.callsTo(`${P}/updateWxQuestionSetting`).map((b) => (b as { settings: { startTime: string | null; endTime: string | null } }).settings);

describe('editor settings: collection window uses the zh-CN picker', () => {
  it('shows 24-hour text, saves typed and picked times as before, and refuses an end before the start', async () => {
    const user = userEvent.setup();
    const settings = { ...defaultSettings(), startTime: '2026-12-01T21:30' };
    await openEditor(
      fakeProject(api, {
        handlers: {
          [`${P}/getWxQuestionSetting`]: () => ({ settings, style: defaultStyle(), version: 1 }),
          [`${P}/updateWxQuestionSetting`]: () => ({ settings, version: 2 }),
        },
      }),
      'setting',
    );
    const start = await screen.findByRole('textbox', { name: '开始时间' });
    expect(start).toHaveValue('2026-12-01 21:30');
    const end = screen.getByRole('textbox', { name: '结束时间' });
    await user.type(end, '2026-11-30 08:00{Enter}');
    expect(await screen.findByText('结束时间须晚于开始时间')).toBeInTheDocument();
    expect(savedSettings()).toEqual([]);
    await user.clear(end);
    await user.type(end, '2026/12/20 8:00{Enter}');
    expect(end).toHaveValue('2026-12-20 08:00');
    await user.click(screen.getByRole('button', { name: '选择结束时间' }));
    const dialog = screen.getByRole('dialog', { name: '选择结束时间' });
    await user.click(within(dialog).getByRole('button', { name: '下个月' }));
    await user.click(within(dialog).getByRole('button', { name: '2027年1月5日' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '时' }), '18');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    // eslint-disable-next-line wenjuan/no-fixed-future-date -- a typed and picked value: nothing here compares it with today
    await waitFor(() => expect(savedSettings().at(-1)).toMatchObject({ startTime: '2026-12-01T21:30', endTime: '2027-01-05T18:00' }), { timeout: 5_000 });
    expect(screen.getByRole('textbox', { name: '结束时间' })).toHaveValue('2027-01-05 18:00');
  });
});
