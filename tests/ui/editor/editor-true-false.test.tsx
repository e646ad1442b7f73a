import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOption } from '../../../schemas/subjects/base';
import { forgetSession, markSession } from '../../../src/api/token';
import { P, fakeProject, lastSaved, openEditor, subject } from './editor-fake';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

beforeEach(() => markSession());
afterEach(() => forgetSession());

const cards = () => screen.getAllByTestId('subject-card');
const optionsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('textbox', { name: /^选项\d+$/ })
    .map((input) => (input as HTMLInputElement).value);

async function saved(): Promise<{ uuid: string; subjectType: number; title: string; options: TOption[] }[]> {
  const user = userEvent.setup();
  const before = api.current!.callsTo(`${P}/saveEditorDocument`).length;
  await user.keyboard('{Control>}s{/Control}');
  await waitFor(() => expect(api.current!.callsTo(`${P}/saveEditorDocument`).length).toBeGreaterThan(before));
  return lastSaved(api.current!).subjects as never;
}

// Issue 17 item 13: exams gain 判断题 as 问卷星 has it, a single choice 正确 / 错误 with one marked correct.
describe('editor: 判断题 in exams', () => {
  it('the exam palette offers 判断题 under 考试题; a click adds a single choice 正确 / 错误 with 正确 as the answer', async () => {
    const user = userEvent.setup();
    await openEditor(fakeProject(api, { questionType: 2, subjects: [subject(1, 'q1', '安全生产方针是？')] }));
    const group = screen.getByRole('region', { name: '考试题' });
    await user.click(within(group).getByRole('button', { name: '添加判断题' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    const added = cards()[1]!;
    expect(added.getAttribute('aria-label')).toBe('第2题');
    expect(added.dataset.type).toBe('1');
    expect(optionsOf(added)).toEqual(['正确', '错误']);
    expect(within(added).getByRole('radio', { name: '选项1为正确答案' })).toBeChecked();
    expect(within(added).getByRole('radio', { name: '选项2为正确答案' })).not.toBeChecked();

    const subjects = await saved();
    expect(subjects).toHaveLength(2);
    expect(subjects[1]).toMatchObject({ subjectType: 1, title: '判断题' });
    expect(subjects[1]!.options.map((o) => [o.title, Boolean(o.isCorrect)])).toEqual([
      ['正确', true],
      ['错误', false],
    ]);
  });

  it('the answer is edited like any exam single choice: marking 错误 unmarks 正确', async () => {
    const user = userEvent.setup();
    await openEditor(fakeProject(api, { questionType: 2 }));
    await user.click(screen.getByRole('button', { name: '添加判断题' }));
    const added = (await screen.findAllByTestId('subject-card'))[0]!;
    await user.click(within(added).getByRole('radio', { name: '选项2为正确答案' }));
    expect(within(cards()[0]!).getByRole('radio', { name: '选项1为正确答案' })).not.toBeChecked();
    const [saved1] = await saved();
    expect(saved1!.options.map((o) => [o.title, Boolean(o.isCorrect)])).toEqual([
      ['正确', false],
      ['错误', true],
    ]);
  });

  it('a survey has no 考试题 group and no 判断题', async () => {
    await openEditor(fakeProject(api, { questionType: 1 }));
    expect(screen.getByRole('button', { name: '添加单选' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '考试题' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '添加判断题' })).not.toBeInTheDocument();
  });
});
