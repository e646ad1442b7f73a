import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSettingView } from '../../../schemas/api/appointment';
import { ZSchedule } from '../../../schemas/appointment/schedule';
import { forgetSession, markSession } from '../../../src/api/token';
import { fakeProject, openEditor, subject } from './editor-fake';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

// Monday 2027-03-01, 10:00 in Beijing: that morning's 09:00 slot has begun, its 14:00 one is still bookable.
const NOW = new Date('2027-03-01T02:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  markSession();
});
afterEach(() => {
  forgetSession();
  vi.useRealTimers();
});

const SCHEDULE = ZSchedule.parse({
  startDate: '2027-03-01',
  endDate: '2027-06-30',
  weekly: [1, 3, 5].map((weekday) => ({
    weekday,
    slots: [
      { start: '09:00', end: '10:00', capacity: 5 },
      { start: '14:00', end: '15:00', capacity: 3 },
    ],
  })),
  exceptions: [{ kind: 'closed', date: '2027-03-03' }],
});

const SETTING = 'activity/question/appointment/getSetting';
async function openAppointment(setting: TSettingView): Promise<string> {
  const questionId = fakeProject(api, { questionType: 7, subjects: [subject(37, 'slot', '预约时段')], handlers: { [SETTING]: () => setting } });
  await openEditor(questionId);
  return questionId;
}
const user = () => userEvent.setup();
const card = () => screen.getAllByTestId('subject-card')[0]!;
const panel = () => screen.getByRole('complementary', { name: '题目设置' });

describe('subject 37 in the editor of an appointment project', () => {
  it('with a schedule, previews the next dates with slots and the first one’s times, and the panel links to 预约设置', async () => {
    const questionId = await openAppointment({ schedule: SCHEDULE, version: 1 });
    const preview = await within(card()).findByTestId('schedule-preview');
    const dates = [...preview.querySelectorAll('[data-date]')].map((d) => d.getAttribute('data-date'));
    // Wednesday the 3rd is closed; seven dates with slots, today first.
    expect(dates).toEqual(['2027-03-01', '2027-03-05', '2027-03-08', '2027-03-10', '2027-03-12', '2027-03-15', '2027-03-17']);
    expect(within(preview).getByText('3/1')).toBeInTheDocument();
    expect(within(preview).getByText('14:00–15:00 · 可约3人')).toBeInTheDocument();
    expect(within(preview).queryByText(/09:00/)).toBeNull();
    expect(within(card()).queryByText('周二')).toBeNull();

    await user().click(card());
    expect(within(panel()).getByText('时段、容量与候补在「预约设置」中管理')).toBeInTheDocument();
    const link = within(panel()).getByRole('link', { name: '打开预约设置' });
    expect(link).toHaveAttribute('href', `/questionnaire/appointManage.html?questionId=${questionId}&tab=settings`);
    expect(within(panel()).queryByRole('textbox', { name: '时段1开始' })).toBeNull();
    expect(within(panel()).queryByText('可预约的星期')).toBeNull();
    expect(within(panel()).queryByRole('textbox', { name: '开始日期' })).toBeNull();
  });

  it('without a schedule yet, keeps the weekday chips and the slot fields, and offers 去设置', async () => {
    await openAppointment({ schedule: null, version: 0 });
    await user().click(card());
    const link = await within(panel()).findByRole('link', { name: '去设置' });
    expect(link.getAttribute('href')).toMatch(/^\/questionnaire\/appointManage\.html\?questionId=.+&tab=settings$/);
    expect(within(panel()).getByText('时段、容量与候补在「预约设置」中管理')).toBeInTheDocument();
    expect(within(panel()).getByRole('textbox', { name: '时段1开始' })).toHaveValue('09:00');
    expect(within(panel()).getByRole('textbox', { name: '开始日期' })).toBeInTheDocument();
    expect(within(card()).queryByTestId('schedule-preview')).toBeNull();
    for (const day of ['周一', '周二', '周日']) expect(within(card()).getByText(day)).toBeInTheDocument();
    expect(within(card()).getByText('09:00–12:00')).toBeInTheDocument();
  });
});
