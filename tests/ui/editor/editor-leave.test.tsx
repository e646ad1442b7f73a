import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSession, markSession } from '../../../src/api/token';
import { cardLabels, fakeProject, openEditor, subject } from './editor-fake';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

beforeEach(() => markSession());
afterEach(() => forgetSession());

/** A save that never answers: the change stays unsaved for as long as the test needs. */
const hanging = () => new Promise<never>(() => {});

describe('editor: leaving with unsaved changes', () => {
  it('asks before leaving the editor; 留在此页 keeps the page and the change, 离开 goes', async () => {
    const user = userEvent.setup();
    const { router } = await openEditor(fakeProject(api, { subjects: [subject(1, 'q1', '您的性别')], save: hanging }));
    await user.click(screen.getByRole('button', { name: '添加多选' }));
    await user.click(screen.getByRole('link', { name: '返回项目列表' }));
    const ask = await screen.findByRole('dialog', { name: '还有修改未保存' });
    expect(ask).toHaveTextContent('离开后，尚未保存的修改将会丢失。确定要离开吗？');
    await user.click(within(ask).getByRole('button', { name: '留在此页' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '还有修改未保存' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/questionnaire/edit/subject.html');
    expect(cardLabels()).toEqual(['第1题', '第2题']);

    await user.click(screen.getByRole('link', { name: '返回项目列表' }));
    await user.click(within(await screen.findByRole('dialog', { name: '还有修改未保存' })).getByRole('button', { name: '离开' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/questionnaire/list.html'), { timeout: 5_000 });
  });

  it('moving between the editor pages of the project does not ask (the session keeps the change)', async () => {
    const user = userEvent.setup();
    const { router } = await openEditor(fakeProject(api, { subjects: [subject(1, 'q1', '您的性别')], save: hanging }));
    await user.click(screen.getByRole('button', { name: '添加多选' }));
    await user.click(screen.getByRole('link', { name: '逻辑' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/questionnaire/edit/logic.html'), { timeout: 5_000 });
    await screen.findByRole('heading', { name: '逻辑设置' }, { timeout: 5_000 });
    expect(screen.queryByRole('dialog', { name: '还有修改未保存' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '题目' }));
    await waitFor(() => expect(cardLabels()).toEqual(['第1题', '第2题']), { timeout: 5_000 });
  });

  it('once everything is saved, leaving does not ask', async () => {
    const user = userEvent.setup();
    const { router } = await openEditor(fakeProject(api, { subjects: [subject(1, 'q1', '您的性别')] }));
    await user.click(screen.getByRole('button', { name: '添加多选' }));
    await user.keyboard('{Control>}s{/Control}');
    await screen.findByText('已保存');
    await user.click(screen.getByRole('link', { name: '返回项目列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/questionnaire/list.html'), { timeout: 5_000 });
    expect(screen.queryByRole('dialog', { name: '还有修改未保存' })).not.toBeInTheDocument();
  });
});
