import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TMerchantDraft } from '../../../schemas/merchant/draft';
import { LONG_TERM } from '../../../schemas/merchant/constants';
import { MerchantFormProvider } from '../../../src/features/merchant/merchant-form';
import { PeriodInput } from '../../../src/features/merchant/merchant-inputs';

function Harness({ initial }: { initial: { begin: string; end: string } }) {
  const [period, setPeriod] = useState(initial);
  const draft = { period } as unknown as TMerchantDraft;
  const change = (path: string, value: unknown) => setPeriod((p) => ({ ...p, [path.split('.')[1]!]: value as string }));
  return (
    <MerchantFormProvider value={{ draft, errors: {}, change }}>
      <PeriodInput label="营业期限" beginPath="period.begin" endPath="period.end" />
      <output aria-label="草稿">{`${period.begin}|${period.end}`}</output>
    </MerchantFormProvider>
  );
}

describe('merchant PeriodInput: dates use the zh-CN picker', () => {
  it('typed and picked dates reach the draft as YYYY-MM-DD; years past 2999 are refused; 长期 disables the end', async () => {
    const user = userEvent.setup();
    // eslint-disable-next-line wenjuan/no-fixed-future-date -- a licence's validity as typed: the input never compares it with today
    render(<Harness initial={{ begin: '', end: '2030-06-30' }} />);
    const begin = screen.getByRole('textbox', { name: '营业期限开始日期' });
    await user.type(begin, '2018年5月1日{Enter}');
    expect(begin).toHaveValue('2018-05-01');
    expect(screen.getByLabelText('草稿')).toHaveTextContent('2018-05-01|2030-06-30');
    const end = screen.getByRole('textbox', { name: '营业期限结束日期' });
    await user.clear(end);
    await user.type(end, '3000-01-01{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('不能晚于 2999-12-31');
    await user.click(screen.getByRole('button', { name: '选择营业期限结束日期' }));
    await user.click(screen.getByRole('button', { name: '下个月' }));
    await user.click(screen.getByRole('button', { name: '2030年7月15日' }));
    expect(screen.getByLabelText('草稿')).toHaveTextContent('2018-05-01|2030-07-15');
    await user.click(screen.getByRole('checkbox', { name: '长期' }));
    expect(screen.getByLabelText('草稿')).toHaveTextContent(`2018-05-01|${LONG_TERM}`);
    expect(end).toBeDisabled();
    expect(end).toHaveValue('');
    expect(screen.getByRole('button', { name: '选择营业期限结束日期' })).toBeDisabled();
  });
});

describe('merchant PeriodInput: a half-typed end date', () => {
  it('is dropped with its message when 长期 is ticked', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ begin: '2018-05-01', end: '' }} />);
    const end = screen.getByRole('textbox', { name: '营业期限结束日期' });
    await user.type(end, '2030-13-01{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('请按 YYYY-MM-DD 格式填写');
    await user.click(screen.getByRole('checkbox', { name: '长期' }));
    expect(end).toHaveValue('');
    expect(end).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
