import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
import { fakeProject, openEditor, subject } from './editor-fake';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

beforeEach(() => markSession());
afterEach(() => forgetSession());

// Issue 17 item 7: exams, forms and 接龙 are not called 问卷 in the editor, and a score is never 不限.
describe('editor wording per kind', () => {
  it('an exam says 考试 and its score fields say what empty means', async () => {
    const user = userEvent.setup();
    await openEditor(fakeProject(api, { questionType: 2, subjects: [subject(2, 'q1', '哪些是质数')] }));
    expect(await screen.findByRole('textbox', { name: '考试标题' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '考试概览' })).toBeInTheDocument();
    expect(screen.queryByText('问卷概览')).not.toBeInTheDocument();
    await user.click(screen.getAllByTestId('subject-card')[0]!);
    const score = await screen.findByRole('textbox', { name: '本题分值' });
    expect(score).toHaveAttribute('placeholder', '0');
    expect(screen.getByText('留空则本题不计分')).toBeInTheDocument();
    const panel = score.closest('aside') ?? document.body;
    for (const input of within(panel as HTMLElement).queryAllByRole('textbox')) {
      if (/分/.test(input.getAttribute('aria-label') ?? input.id)) expect(input).not.toHaveAttribute('placeholder', '不限');
    }
  });

  it('a form says 表单', async () => {
    await openEditor(fakeProject(api, { questionType: 4, subjects: [subject(6, 'q1', '姓名')] }));
    expect(await screen.findByRole('textbox', { name: '表单标题' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '表单概览' })).toBeInTheDocument();
  });
});
