import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TSubject } from '../../../schemas/subjects/registry';
import { validateAnswer } from '../../../schemas/subjects/registry';
import { WIDGETS } from '../../../src/respond/widgets';
import { make } from '../respond/fixtures';

function Harness({ subject, onValue }: { subject: TSubject; onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(undefined);
  const Widget = WIDGETS[subject.subjectType]!;
  return (
    <Widget
      subject={subject}
      value={value}
      onChange={(v: unknown) => (setValue(v), onValue(v))}
      hidden={new Set()}
      base="s0"
      labelledBy="t"
      describedBy={undefined}
      invalid={false}
      errorRefs={new Set()}
    />
  );
}

const shirt = {
  uuid: 'shirt',
  title: '纪念T恤',
  price: 7900,
  specs: [
    { uuid: 'shirt-s', name: 'S码', price: 5900, stock: 0 },
    { uuid: 'shirt-l', name: 'L码', price: 7900, stock: 2 },
  ],
};

describe('the product subject with spec rows on the answer page', () => {
  it('shows each spec with its price, marks a sold-out spec 已售罄, and a chosen spec makes a line the schema accepts', async () => {
    const user = userEvent.setup();
    const subject = make(34, { products: [shirt] });
    let value: unknown;
    render(<Harness subject={subject} onValue={(v) => (value = v)} />);
    const small = screen.getByRole('group', { name: '纪念T恤（S码） 数量' });
    const large = screen.getByRole('group', { name: '纪念T恤（L码） 数量' });
    expect(screen.getByText('已售罄')).toBeInTheDocument();
    expect(within(small).getByRole('button', { name: '增加' })).toBeDisabled();
    expect(screen.getByText('¥59.00')).toBeInTheDocument();
    await user.click(within(large).getByRole('button', { name: '增加' }));
    await user.click(within(large).getByRole('button', { name: '增加' }));
    expect(within(large).getByRole('button', { name: '增加' })).toBeDisabled();
    expect(value).toEqual([{ productId: 'shirt', specId: 'shirt-l', quantity: 2 }]);
    expect(validateAnswer(subject, value)).toEqual([]);
    expect(screen.getByText('¥158.00')).toBeInTheDocument();
  });
});
