import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askPlacesRefresh } from '../../../src/respond/appointment/appointment-api';
import { ScheduledAppointment } from '../../../src/respond/appointment/appointment-widget';

// Subject 37 on a project with a schedule: the four weeks with their places, a day's slots, the party size, a
// full slot's waitlist, and the places read again on focus and after a refused booking.
const calls: { path: string; body: Record<string, unknown> }[] = [];
let nineLeft = 2;
let resources: { key: string; name: string }[] = [];

const days = Array.from({ length: 28 }, (_, i) => {
  const date = new Date(Date.parse('2026-12-07T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10);
  const weekday = (i % 7) + 1;
  const open = weekday <= 5 && date !== '2026-12-09';
  return { date, weekday, open, slots: open ? 2 : 0, capacity: open ? 4 : 0, remaining: open ? 4 : 0 };
});

beforeEach(() => {
  calls.length = 0;
  nineLeft = 2;
  resources = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\/activity\/question\/appointment\//, '');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    calls.push({ path, body });
    const data =
      path === 'getWeeks'
        ? { timeZone: 'Asia/Shanghai', today: '2026-12-07', partySizeMax: 3, resources, days }
        : {
            list: [
              {
                resourceKey: body.resourceKey ?? '',
                date: body.date,
                start: '09:00',
                end: '10:00',
                startsAt: '',
                capacity: 2,
                taken: 2 - nineLeft,
                remaining: nineLeft,
                waiting: nineLeft ? 0 : 1,
                bookable: true,
                reason: '',
              },
              {
                resourceKey: body.resourceKey ?? '',
                date: body.date,
                start: '14:00',
                end: '15:00',
                startsAt: '',
                capacity: 2,
                taken: 0,
                remaining: 2,
                waiting: 0,
                bookable: false,
                reason: '已过预约截止时间',
              },
            ],
          };
    return { json: async () => ({ resultCode: '200', resultMsg: '成功', data }) } as Response;
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderWidget() {
  const onChange = vi.fn();
  render(<ScheduledAppointment questionId="q1" value={undefined} onChange={onChange} labelledBy="t" describedBy={undefined} />);
  return onChange;
}

describe('the scheduled appointment widget', () => {
  it('shows open days with places, closed days disabled, a day’s slots with places or the reason, and answers the whole choice', async () => {
    const onChange = renderWidget();
    const tuesday = await screen.findByRole('button', { name: '12月8日，剩余4个名额' });
    expect(screen.getByRole('button', { name: '12月9日，休息' })).toBeDisabled();
    await userEvent.setup().click(tuesday);
    const nine = await screen.findByRole('button', { name: /09:00–10:00/ });
    expect(nine).toHaveTextContent('剩余2');
    expect(screen.getByRole('button', { name: /14:00–15:00/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /14:00–15:00/ })).toHaveTextContent('已过预约截止时间');
    await userEvent.setup().click(screen.getByRole('button', { name: '增加人数' }));
    await userEvent.setup().click(nine);
    expect(onChange).toHaveBeenLastCalledWith({ resourceKey: '', date: '2026-12-08', start: '09:00', end: '10:00', partySize: 2, waitlist: false });
  });

  it('a full slot offers its waitlist; the choice says it waits', async () => {
    nineLeft = 0;
    const onChange = renderWidget();
    await userEvent.setup().click(await screen.findByRole('button', { name: '12月8日，剩余4个名额' }));
    const nine = await screen.findByRole('button', { name: /09:00–10:00/ });
    expect(nine).toHaveTextContent('已约满 · 候补1人');
    await userEvent.setup().click(nine);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ start: '09:00', waitlist: true }));
    expect(screen.getByText(/该时段已约满，提交后将加入候补/)).toHaveTextContent('该时段已约满，提交后将加入候补（前面有1人）');
  });

  it('reads the places again on focus and after a refused booking; a chosen slot that filled turns into a waitlist choice', async () => {
    const onChange = renderWidget();
    await userEvent.setup().click(await screen.findByRole('button', { name: '12月8日，剩余4个名额' }));
    await userEvent.setup().click(await screen.findByRole('button', { name: /09:00–10:00/ }));
    const before = calls.filter((c) => c.path === 'getTimes').length;
    nineLeft = 0;
    act(() => askPlacesRefresh());
    await waitFor(() => expect(screen.getByRole('button', { name: /09:00–10:00/ })).toHaveTextContent('已约满'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ start: '09:00', waitlist: true })));
    nineLeft = 1;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /09:00–10:00/ })).toHaveTextContent('剩余1'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ start: '09:00', waitlist: false })));
    expect(calls.filter((c) => c.path === 'getTimes').length).toBeGreaterThanOrEqual(before + 2);
  });

  it('with resources, the respondent picks one before the slots; the answer names it', async () => {
    resources = [
      { key: 'room-a', name: '一号诊室' },
      { key: 'room-b', name: '二号诊室' },
    ];
    const onChange = renderWidget();
    await userEvent.setup().click(await screen.findByRole('button', { name: '12月8日，剩余4个名额' }));
    expect(screen.getByText('请先选择预约对象')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '二号诊室' }));
    await userEvent.setup().click(await screen.findByRole('button', { name: /09:00–10:00/ }));
    // No slots are read for "any calendar" while the resource is still to choose.
    expect(calls.filter((c) => c.path === 'getTimes').map((c) => c.body.resourceKey)).toEqual(['room-b']);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ resourceKey: 'room-b', date: '2026-12-08', start: '09:00' }));
  });
});
