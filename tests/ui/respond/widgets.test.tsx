import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TSubject } from '../../../schemas/subjects/registry';
import { validateAnswer } from '../../../schemas/subjects/registry';
import { WIDGETS } from '../../../src/respond/widgets';
import { pick } from '../../../src/respond/widgets/choice';
import { bookableDates } from '../../../src/respond/widgets/complex';
import { RespondContext } from '../../../src/respond/widgets/shared';
import { make, opts } from './fixtures';

function Harness({ subject, onValue }: { subject: TSubject; onValue?: (v: unknown) => void }) {
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
          onValue?.(v);
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

function setNarrow(narrow: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: narrow,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  })) as unknown as typeof window.matchMedia;
}

describe('answer widgets', () => {
  it('has a widget for every answerable type', () => {
    for (const type of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 33, 34, 37, 38]) {
      expect(WIDGETS[type], `type ${type}`).toBeDefined();
    }
  });

  it('an exclusive option clears the others and the others clear it', () => {
    const options = [...opts('甲', '乙'), { uuid: 'none', title: '都没有', exclusive: true }];
    let v = pick({ optionIds: [] }, options[0]!, true, options);
    v = pick(v, options[1]!, true, options);
    expect(v.optionIds).toEqual(['甲-0', '乙-1']);
    v = pick(v, options[2]!, true, options);
    expect(v.optionIds).toEqual(['none']);
    expect(pick(v, options[0]!, true, options).optionIds).toEqual(['甲-0']);
  });

  it('multiple choice stops at maxPicks and its answer passes the schema', async () => {
    const user = userEvent.setup();
    const s = make(2, { title: '爱好', options: opts('读书', '跑步', '音乐'), maxPicks: 2 });
    let last: unknown;
    render(<Harness subject={s} onValue={(v) => (last = v)} />);
    await user.click(screen.getByText('读书'));
    await user.click(screen.getByText('跑步'));
    expect(screen.getByRole('checkbox', { name: '音乐' })).toBeDisabled();
    expect(validateAnswer(s, last)).toEqual([]);
  });

  it('a fill-in option shows its text box when picked', async () => {
    const user = userEvent.setup();
    const s = make(1, { options: [{ uuid: 'a', title: '其他', fillIn: true, fillInRequired: true }] });
    let last: unknown;
    render(<Harness subject={s} onValue={(v) => (last = v)} />);
    await user.click(screen.getByText('其他'));
    await user.type(screen.getByLabelText(/“其他”的补充内容/), '自行车');
    expect(last).toEqual({ optionIds: ['a'], texts: { a: '自行车' } });
    expect(validateAnswer(s, last)).toEqual([]);
  });

  it('a matrix is a table on wide screens and one row at a time on phones', async () => {
    const user = userEvent.setup();
    const s = make(11, { title: '满意度' });
    setNarrow(false);
    const wide = render(<Harness subject={s} />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    wide.unmount();
    setNarrow(true);
    let last: unknown;
    render(<Harness subject={s} onValue={(v) => (last = v)} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('1/2')).toBeInTheDocument();
    await user.click(screen.getByText('满意'));
    await user.click(screen.getByRole('button', { name: '下一行 ›' }));
    expect(screen.getByText('2/2')).toBeInTheDocument();
    await user.click(screen.getByText('很满意'));
    expect(validateAnswer(s, last)).toEqual([]);
    setNarrow(false);
  });

  it('ranking, NPS, stars, constant sum and products produce answers the schemas accept', async () => {
    const user = userEvent.setup();
    const rank = make(9, { options: opts('A', 'B') });
    let v: unknown;
    const r = render(<Harness subject={rank} onValue={(x) => (v = x)} />);
    await user.click(screen.getByRole('button', { name: /^B/ }));
    await user.click(screen.getByRole('button', { name: /^A/ }));
    expect(v).toEqual({ optionIds: ['B-1', 'A-0'] });
    expect(validateAnswer(rank, v)).toEqual([]);
    r.unmount();

    const nps = make(22);
    const n = render(<Harness subject={nps} onValue={(x) => (v = x)} />);
    await user.click(screen.getByRole('radio', { name: '9' }));
    expect(validateAnswer(nps, v)).toEqual([]);
    n.unmount();

    const stars = make(23);
    const st = render(<Harness subject={stars} onValue={(x) => (v = x)} />);
    await user.click(screen.getByRole('radio', { name: '4星' }));
    expect(v).toBe(4);
    st.unmount();

    const sum = make(20, { total: 10 });
    const su = render(<Harness subject={sum} onValue={(x) => (v = x)} />);
    const boxes = screen.getAllByRole('textbox');
    await user.type(boxes[0]!, '6');
    await user.type(boxes[1]!, '4');
    expect(screen.getByText(/已分配 10 \/ 10/)).toBeInTheDocument();
    expect(validateAnswer(sum, v)).toEqual([]);
    su.unmount();

    const product = make(34);
    render(<Harness subject={product} onValue={(x) => (v = x)} />);
    await user.click(screen.getByRole('button', { name: '增加' }));
    await user.click(screen.getByRole('button', { name: '增加' }));
    expect(within(screen.getByRole('group', { name: /数量/ })).getByText('2')).toBeInTheDocument();
    expect(validateAnswer(product, v)).toEqual([]);
  });

  it('appointments offer the configured weekdays within the date range', () => {
    const s = make(37, { weeks: [6, 7], startDate: '2030-01-01', endDate: '2030-01-14' }) as Extract<TSubject, { subjectType: 37 }>;
    const today = new Date(2029, 11, 1);
    expect(bookableDates(s, today)).toEqual(['2030-01-05', '2030-01-06', '2030-01-12', '2030-01-13']);
  });

  it('an appointment slot shows the places left on the picked date and a full one cannot be picked', async () => {
    const user = userEvent.setup();
    const s = make(37, { weeks: [1, 2, 3, 4, 5, 6, 7] }) as Extract<TSubject, { subjectType: 37 }>;
    s.times = [
      { uuid: 'am', start: '09:00', end: '12:00', capacity: 4 },
      { uuid: 'pm', start: '14:00', end: '17:00', capacity: 2 },
    ];
    const date = bookableDates(s)[1]!;
    render(
      <RespondContext.Provider value={{ questionId: 'q', preview: false, slotsTaken: { [`${s.uuid}|${date}|am`]: 3, [`${s.uuid}|${date}|pm`]: 2 } }}>
        <Harness subject={s} />
      </RespondContext.Provider>,
    );
    await user.click(screen.getAllByRole('button', { pressed: false })[1]!);
    expect(screen.getByRole('button', { name: '09:00–12:00（余1）' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '14:00–17:00（已约满）' })).toBeDisabled();
  });

  it('evaluation builds score, label and comment parts', async () => {
    const user = userEvent.setup();
    const s = make(38);
    let v: unknown;
    render(<Harness subject={s} onValue={(x) => (v = x)} />);
    await user.click(screen.getByRole('radio', { name: '5星' }));
    await user.click(screen.getByRole('button', { name: '响应及时' }));
    await user.type(screen.getByLabelText('评价内容'), '很好');
    expect(v).toEqual([
      { evaluateType: 1, score: 5 },
      { evaluateType: 2, labelTitle: '响应及时' },
      { evaluateType: 3, answerContent: '很好' },
    ]);
    expect(validateAnswer(s, v)).toEqual([]);
  });
});
