import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSubject } from '../../../schemas/subjects/registry';
import { forgetSession, markSession } from '../../../src/api/token';
import { P, fakeProject, lastSaved, openEditor, subject } from './editor-fake';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

beforeEach(() => markSession());
afterEach(() => forgetSession());

const panel = () => screen.getByRole('complementary', { name: '题目设置' });

/** Subject `uuid` as the next autosave (Ctrl+S) sends it. */
async function saved(uuid: string): Promise<Record<string, unknown>> {
  const user = userEvent.setup();
  const before = api.current!.callsTo(`${P}/saveEditorDocument`).length;
  await user.keyboard('{Control>}s{/Control}');
  await waitFor(() => expect(api.current!.callsTo(`${P}/saveEditorDocument`).length).toBeGreaterThan(before));
  return lastSaved(api.current!).subjects.find((s: TSubject) => s.uuid === uuid) as unknown as Record<string, unknown>;
}

describe('editor property panel: dates and times use the zh-CN picker', () => {
  it('a date-time subject takes 最早 typed zh-CN style and 最晚 from the calendar, stored as before', async () => {
    const user = userEvent.setup();
    await openEditor(fakeProject(api, { subjects: [subject(14, 'when', '到访时间', { mode: 'datetime', max: '2027-03-10T17:00' })] }));
    await user.click(screen.getAllByTestId('subject-card')[0]!);
    const min = within(panel()).getByRole('textbox', { name: '最早' });
    const max = within(panel()).getByRole('textbox', { name: '最晚' });
    expect(max).toHaveValue('2027-03-10 17:00');
    await user.type(min, '2027-3-1 9:00{Enter}');
    expect(min).toHaveValue('2027-03-01 09:00');
    await user.click(within(panel()).getByRole('button', { name: '选择最晚' }));
    const dialog = screen.getByRole('dialog', { name: '选择最晚' });
    expect(within(dialog).getByRole('grid')).toHaveAccessibleName('2027年3月');
    await user.click(within(dialog).getByRole('button', { name: '2027年3月20日' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await saved('when')).toMatchObject({ min: '2027-03-01T09:00', max: '2027-03-20T17:00' });
  });

  it('appointment slot times are 24-hour HH:mm fields', async () => {
    const user = userEvent.setup();
    await openEditor(fakeProject(api, { questionType: 7, subjects: [subject(37, 'slot', '预约时段')] }));
    await user.click(screen.getAllByTestId('subject-card')[0]!);
    const start = within(panel()).getByRole('textbox', { name: '时段2开始' });
    expect(start).toHaveValue('14:00');
    await user.clear(start);
    await user.type(start, '13:30{Enter}');
    await user.click(within(panel()).getByRole('button', { name: '选择时段2结束' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '时' }), '18');
    await user.click(screen.getByRole('button', { name: '确定' }));
    const times = (await saved('slot')).times as Array<{ start: string; end: string }>;
    expect(times.map((t) => [t.start, t.end])).toEqual([
      ['09:00', '12:00'],
      ['13:30', '18:00'],
    ]);
  });
});
