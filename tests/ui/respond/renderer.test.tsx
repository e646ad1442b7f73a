// The respondent page is built with Preact's compatibility layer (vite.respond.config.ts); these tests run in
// the vitest project "respond", which resolves React the same way. The cases are where Preact and React
// differ unless the compatibility layer does its job: typing fires onChange per keystroke, and a controlled
// radio follows the answer when a click takes the answer away.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as compat from 'preact/compat';
import * as react from 'react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TSubject } from '../../../schemas/subjects/registry';
import { WIDGETS } from '../../../src/respond/widgets';
import { make, opts } from './fixtures';

function Harness({ subject, onValue }: { subject: TSubject; onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(undefined);
  const Widget = WIDGETS[subject.subjectType]!;
  return (
    <fieldset>
      <legend id="t">{subject.title}</legend>
      <Widget
        subject={subject}
        value={value}
        onChange={(v: unknown) => {
          setValue(v);
          onValue(v);
        }}
        hidden={new Set()}
        base="s0"
        labelledBy="t"
        describedBy={undefined}
        invalid={false}
        errorRefs={new Set()}
      />
    </fieldset>
  );
}

describe('the respondent page under Preact', () => {
  it('renders with Preact, as the built page does', () => {
    expect(react.useState).toBe(compat.useState);
    expect(react.useSyncExternalStore).toBe(compat.useSyncExternalStore);
  });

  it('a multi-line answer and its counter follow every keystroke', async () => {
    const user = userEvent.setup();
    const values: unknown[] = [];
    render(<Harness subject={make(7, { title: '建议', maxLength: 200 })} onValue={(v) => values.push(v)} />);
    await user.type(screen.getByRole('textbox', { name: '建议' }), '很好用');
    expect(values).toEqual(['很', '很好', '很好用']);
    expect(screen.getByText('3/200')).toBeInTheDocument();
  });

  it('a picked radio is unpicked by clicking it again, and the box follows the answer', async () => {
    const user = userEvent.setup();
    let last: unknown;
    render(<Harness subject={make(1, { title: '性别', required: false, options: opts('男', '女') })} onValue={(v) => (last = v)} />);
    const male = screen.getByRole('radio', { name: '男' });
    await user.click(male);
    expect(male).toBeChecked();
    expect(last).toEqual({ optionIds: ['男-0'] });
    await user.click(male);
    expect(male).not.toBeChecked();
    expect(last).toEqual({ optionIds: [] });
    await user.click(screen.getByRole('radio', { name: '女' }));
    expect(screen.getByRole('radio', { name: '女' })).toBeChecked();
    expect(male).not.toBeChecked();
  });
});
