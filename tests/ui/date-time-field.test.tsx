import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateTimeField } from '../../src/ui/date-time-field';
import type { TDateTimeMode } from '../../src/ui/date-time-value';

function Harness({
  mode,
  initial = '',
  onChange,
  min,
  max,
}: {
  mode: TDateTimeMode;
  initial?: string;
  onChange: (v: string) => void;
  min?: string;
  max?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeField
        mode={mode}
        label="开始时间"
        value={value}
        min={min}
        max={max}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
      <output aria-label="值">{value}</output>
    </>
  );
}

const setup = (props: Omit<Parameters<typeof Harness>[0], 'onChange'>) => {
  const onChange = vi.fn();
  render(<Harness {...props} onChange={onChange} />);
  return { onChange, user: userEvent.setup(), input: screen.getByRole('textbox', { name: '开始时间' }) };
};

describe('DateTimeField', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 26, 15, 4));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the value zh-CN style, 24-hour, and hands back the native string', async () => {
    const { input, user, onChange } = setup({ mode: 'datetime', initial: '2026-03-05T21:30' });
    expect(input).toHaveValue('2026-03-05 21:30');
    await user.clear(input);
    await user.type(input, '2026/4/7 8:05{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-04-07T08:05');
    expect(input).toHaveValue('2026-04-07 08:05');
  });

  it('refuses text that is not a real date and keeps the old value', async () => {
    const { input, user, onChange } = setup({ mode: 'datetime', initial: '2026-03-05T21:30' });
    await user.clear(input);
    await user.type(input, '2026-02-30 10:00');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('请按 YYYY-MM-DD HH:mm 格式填写');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, '2026-02-28 25:00{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('值')).toHaveTextContent('2026-03-05T21:30');
  });

  it('refuses a typed date outside min/max', async () => {
    const { input, user, onChange } = setup({ mode: 'date', max: '2999-12-31' });
    await user.type(input, '3000-01-01{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('不能晚于 2999-12-31');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('picks a day from a Monday-first month grid with today marked (date mode closes on the pick)', async () => {
    const { input, user, onChange } = setup({ mode: 'date' });
    await user.click(screen.getByRole('button', { name: '选择开始时间' }));
    const dialog = screen.getByRole('dialog', { name: '选择开始时间' });
    const grid = within(dialog).getByRole('grid', { name: '2026年11月' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(within(grid).getByRole('button', { name: '2026年11月26日' })).toHaveAttribute('aria-current', 'date');
    // 1 Nov 2026 is a Sunday: the first row holds six empty cells before it.
    expect(within(grid).getAllByRole('row')[1]!.textContent).toBe('1');
    await user.click(within(grid).getByRole('button', { name: '2026年11月3日' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-03');
    expect(input).toHaveValue('2026-11-03');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves between months and years with the buttons and the keyboard', async () => {
    const { user, onChange } = setup({ mode: 'date', initial: '2026-01-31' });
    await user.click(screen.getByRole('button', { name: '选择开始时间' }));
    expect(screen.getByRole('grid')).toHaveAccessibleName('2026年1月');
    expect(screen.getByRole('button', { name: '2026年1月31日' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: '上个月' }));
    expect(screen.getByRole('grid')).toHaveAccessibleName('2025年12月');
    await user.click(screen.getByRole('button', { name: '下个月' }));
    await user.click(screen.getByRole('button', { name: '下个月' }));
    expect(screen.getByRole('grid')).toHaveAccessibleName('2026年2月');
    await user.click(screen.getByRole('button', { name: '下一年' }));
    expect(screen.getByRole('grid')).toHaveAccessibleName('2027年2月');
    // Keyboard: focus the 28th, step right into March, pick with Enter.
    screen.getByRole('button', { name: '2027年2月28日' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('grid')).toHaveAccessibleName('2027年3月');
    expect(screen.getByRole('button', { name: '2027年3月1日' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2027-03-08');
  });

  it('datetime: day plus hour/minute selects, confirmed with 确定', async () => {
    const { input, user, onChange } = setup({ mode: 'datetime' });
    await user.click(screen.getByRole('button', { name: '选择开始时间' }));
    await user.click(screen.getByRole('button', { name: '2026年11月20日' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByRole('combobox', { name: '时' }), '18');
    await user.selectOptions(screen.getByRole('combobox', { name: '分' }), '45');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-20T18:45');
    expect(input).toHaveValue('2026-11-20 18:45');
  });

  it('清除 empties the value', async () => {
    const { input, user, onChange } = setup({ mode: 'datetime', initial: '2026-03-05T21:30' });
    await user.click(screen.getByRole('button', { name: '选择开始时间' }));
    expect(screen.getByRole('button', { name: '2026年3月5日' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(input).toHaveValue('');
  });

  it('time mode: typed and picked HH:mm, no calendar', async () => {
    const { input, user, onChange } = setup({ mode: 'time', initial: '09:00' });
    await user.clear(input);
    await user.type(input, '7:5{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('07:05');
    await user.clear(input);
    await user.type(input, '24:00{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('请按 HH:mm 格式填写');
    await user.click(screen.getByRole('button', { name: '选择开始时间' }));
    expect(screen.queryByRole('grid')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: '时' }), '23');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(onChange).toHaveBeenLastCalledWith('23:05');
    expect(input).toHaveValue('23:05');
  });
});
