import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RespondApp } from '../../../src/respond/respond-app';
import { form, logic, make, opts } from './fixtures';

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', async () => ({ json: async () => ({ resultCode: '200', resultMsg: '成功', data: served }) }) as Response);
});
afterEach(() => vi.unstubAllGlobals());
let served: unknown;

describe('a long page is laid out in groups the browser can skip', () => {
  it('90 subjects sit in 5 groups of at most 20, in order; a subject shown by logic does not move any other', async () => {
    const user = userEvent.setup();
    const gateOptions = opts('显示', '不显示');
    const gate = make(1, { title: '是否显示补充题', options: gateOptions });
    const extra = make(6, { title: '补充题', required: false });
    const rest = Array.from({ length: 88 }, (_, i) => make(6, { title: `第${i + 3}题`, required: false }));
    const subjects = [gate, extra, ...rest];
    served = form(subjects, {
      logic: logic({
        display: [{ id: 'd1', target: extra.uuid, when: { match: 'all', predicates: [{ op: 'chose', subject: gate.uuid, option: gateOptions[0]!.uuid }] } }],
      }),
    });
    const { container } = render(<RespondApp questionId="qid-12345678" preview={false} source="link" />);
    await screen.findByRole('group', { name: /第90题/ });
    const groups = [...container.querySelectorAll('.r-chunk')];
    expect(groups.map((g) => g.querySelectorAll('fieldset.r-subject, .r-subject').length)).toEqual([19, 20, 20, 20, 10]);

    // Typing in a subject of the second group, then showing the hidden subject of the first: the input keeps its
    // node, its focus and its text (no group boundary moved, nothing remounted).
    const input = within(screen.getByRole('group', { name: /第30题/ })).getByRole('textbox');
    await user.type(input, '未完');
    await user.click(within(screen.getByRole('group', { name: /是否显示补充题/ })).getByText('显示'));
    expect(screen.getAllByRole('group', { name: /补充题/ })).toHaveLength(2);
    const again = within(screen.getByRole('group', { name: /第30题/ })).getByRole('textbox');
    expect(again).toBe(input);
    expect(again).toHaveValue('未完');
    expect(container.querySelectorAll('.r-chunk')).toHaveLength(5);
  });
});
