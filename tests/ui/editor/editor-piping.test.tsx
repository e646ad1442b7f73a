import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
import { P, fakeProject, lastSaved, openEditor, subject } from './editor-fake';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

beforeEach(() => markSession());
afterEach(() => forgetSession());

const card = (i: number) => screen.getAllByTestId('subject-card')[i]!;

describe('editor: piping', () => {
  it('插入引用 in the stem lists the questions before it and inserts the chosen one as {{Qn}}', async () => {
    const user = userEvent.setup();
    const subjects = [
      subject(1, 'city', '您所在的城市'),
      subject(15, 'para', '以下了解出行', {}, 2),
      subject(6, 'why', '您喜欢这里的原因', {}, 3),
      subject(7, 'more', '其他建议', {}, 4),
    ];
    await openEditor(fakeProject(api, { subjects }));
    await user.click(card(2));
    const stem = within(card(2)).getByRole('textbox', { name: '第2题题干' });
    await user.click(stem);
    // The caret at the end of the stem, as after typing it.
    const caret = document.createRange();
    caret.selectNodeContents(stem);
    caret.collapse(false);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(caret);
    await user.click(screen.getByRole('button', { name: '插入引用' }));
    const menu = screen.getByRole('group', { name: '选择要引用的题目' });
    // Only numbered questions before this one: not the paragraph, not itself, not later ones.
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['{{Q1}}第1题 您所在的城市']);
    await user.click(within(menu).getByRole('button', { name: /第1题/ }));
    expect(screen.queryByRole('group', { name: '选择要引用的题目' })).not.toBeInTheDocument();
    expect(stem).toHaveTextContent('您喜欢这里的原因{{Q1}}');
    await user.click(card(3));
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(api.current!.callsTo(`${P}/saveEditorDocument`).length).toBeGreaterThan(0));
    expect(lastSaved(api.current!).subjects.find((s) => s.uuid === 'why')!.title).toBe('您喜欢这里的原因{{Q1}}');
  });

  it('the first question has nothing to quote yet', async () => {
    const user = userEvent.setup();
    await openEditor(fakeProject(api, { subjects: [subject(1, 'city', '您所在的城市')] }));
    await user.click(card(0));
    await user.click(within(card(0)).getByRole('textbox', { name: '第1题题干' }));
    await user.click(screen.getByRole('button', { name: '插入引用' }));
    expect(screen.getByRole('group', { name: '选择要引用的题目' })).toHaveTextContent('前面还没有题目');
  });

  it('a reference to a later or missing subject shows the checker finding on its card', async () => {
    const subjects = [subject(6, 'name', '您好，{{Q2}}'), subject(6, 'age', '您的年龄', {}, 2), subject(7, 'more', '请补充', { description: '参考{{Q7}}' }, 3)];
    await openEditor(fakeProject(api, { subjects }));
    expect(within(card(0)).getByRole('note')).toHaveTextContent('第1题的标题引用了在它之后的第2题');
    expect(within(card(1)).queryByRole('note')).not.toBeInTheDocument();
    expect(within(card(2)).getByRole('note')).toHaveTextContent('第3题的说明引用了不存在的题目 {{Q7}}');
  });

  it('the logic page reads each use as a sentence and flags the broken ones', async () => {
    const subjects = [subject(1, 'city', '您所在的城市'), subject(6, 'why', '您选择{{Q1}}的原因', {}, 2), subject(7, 'more', '请补充{{Q3}}', {}, 3)];
    await openEditor(fakeProject(api, { subjects }), 'logic');
    const section = screen.getByRole('region', { name: '引用答案' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByTestId('pipe-sentence').textContent)).toEqual([
      '第2题的标题引用第1题的答案',
      '第3题的标题引用第3题的答案第3题的标题引用了它自己',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: '去修改' })).toHaveAttribute('href', expect.stringContaining('focus=more'));
    expect(screen.getByRole('complementary', { name: '逻辑检查' })).toHaveTextContent('发现 1 个错误');
    expect(screen.getByRole('button', { name: '发布' })).toBeDisabled();
  });
});
