import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterBar } from '../../../src/features/report/filter-bar';
import '../../../src/i18n';

describe('report FilterBar: the time range uses the zh-CN picker', () => {
  it('typed 24-hour Beijing times reach the filter; Enter first confirms the text, then submits', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<FilterBar subjects={[]} onApply={onApply} />);
    const from = screen.getByRole('textbox', { name: '开始时间' });
    await user.type(from, '2026-01-01 00:30{Enter}');
    expect(from).toHaveValue('2026-01-01 00:30');
    expect(onApply).not.toHaveBeenCalled();
    const to = screen.getByRole('textbox', { name: '结束时间' });
    await user.type(to, '2026-01-01 25:00');
    await user.click(screen.getByRole('button', { name: '应用筛选' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请按 YYYY-MM-DD HH:mm 格式填写');
    expect(onApply).toHaveBeenLastCalledWith({ from: '2025-12-31T16:30:00.000Z' });
    await user.clear(to);
    await user.type(to, '2026-01-02 23:59{Enter}{Enter}');
    expect(onApply).toHaveBeenLastCalledWith({ from: '2025-12-31T16:30:00.000Z', to: '2026-01-02T15:59:00.000Z' });
  });
});
