import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, defaultStyle } from '../../../schemas/api/settings';
import { subjectEntry, type TSubject } from '../../../schemas/subjects/registry';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { renderApp } from '../render-app';
import { createFakeApi, project } from '../projects/fake-api';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

const P = 'activity/question';
let seq = 0;
const subject = (type: number, uuid: string, title: string) => ({ ...subjectEntry(type).create({ uuid, indexSort: 1 }), title }) as TSubject;

/** A fresh project id per test: the editor session of a project outlives one page. */
function fakeProject(options: { powerType?: number; subjects?: TSubject[]; save?: (body: Record<string, unknown>) => unknown } = {}) {
  const questionId = `q_editor_${++seq}_test`;
  let version = 1;
  api.current = createFakeApi({
    [`${P}/getWxQuestion`]: () =>
      project({ questionId, title: '员工满意度调查', powerType: options.powerType ?? 1, isTeamWork: options.powerType === 3 ? 1 : 0, version }),
    [`${P}/getSubject`]: () => ({ subjects: options.subjects ?? [], logic: {}, version }),
    [`${P}/getWxQuestionSetting`]: () => ({ settings: defaultSettings(), style: defaultStyle(), version }),
    [`${P}/saveEditorDocument`]: options.save ?? (() => ({ version: ++version, findings: [] })),
    [`${P}/getConclusionList`]: () => [],
  });
  api.byProject.set(questionId, api.current);
  return questionId;
}

const open = async (questionId: string, page = 'subject') => {
  const view = await renderApp(`/questionnaire/edit/${page}.html?questionId=${questionId}`);
  await screen.findByRole('link', { name: '逻辑' });
  await waitFor(() => expect(document.querySelector('[data-save-status]')?.getAttribute('data-save-status')).not.toBe('loading'));
  return view;
};

beforeEach(() => markSession());
afterEach(() => forgetSession());

describe('editor: subjects', () => {
  it('a palette click appends a subject and the numbering skips layout blocks, live', async () => {
    const user = userEvent.setup();
    await open(fakeProject());
    expect(screen.getByText('从左侧拖入题型，或点击题型添加第一道题目')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '添加单选' }));
    await user.click(screen.getByRole('button', { name: '添加段落说明' }));
    await user.click(screen.getByRole('button', { name: '添加多选' }));
    const cards = await screen.findAllByTestId('subject-card');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['第1题', '段落说明', '第2题']);
    // Moving the multiple choice to the top renumbers at once.
    await user.click(within(cards[2]!).getByRole('button', { name: '上移' }));
    await user.click(within(screen.getAllByTestId('subject-card')[1]!).getByRole('button', { name: '上移' }));
    expect(screen.getAllByTestId('subject-card').map((c) => c.getAttribute('aria-label'))).toEqual(['第1题', '第2题', '段落说明']);
    expect(screen.getAllByTestId('subject-card')[0]!.dataset.type).toBe('2');
  });

  it('autosaves the whole document with the version it was loaded at, then shows 已保存', async () => {
    const user = userEvent.setup();
    await open(fakeProject());
    await user.click(screen.getByRole('button', { name: '添加评分' }));
    expect(screen.getByText('有修改，稍后自动保存')).toBeInTheDocument();
    await waitFor(() => expect(api.current!.callsTo(`${P}/saveEditorDocument`)).toHaveLength(1), { timeout: 4_000 });
    const [body] = api.current!.callsTo(`${P}/saveEditorDocument`);
    expect(body).toMatchObject({ version: 1, document: { title: '员工满意度调查', subjects: [{ subjectType: 23, title: '评分题' }] } });
    expect(await screen.findByText('已保存')).toBeInTheDocument();
  });

  it('a stale save shows who changed the project and offers 重新加载', async () => {
    const user = userEvent.setup();
    const questionId = fakeProject({
      save: () => {
        throw new ApiError('409', '项目已被韩梅梅修改，请刷新后再编辑', { version: 4, updatedBy: '韩梅梅', updateTime: '2025-05-01T08:00:00.000Z' });
      },
    });
    await open(questionId);
    await user.click(screen.getByRole('button', { name: '添加单选' }));
    await user.keyboard('{Control>}s{/Control}');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('项目已被韩梅梅修改');
    await user.click(within(banner).getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(screen.queryByText(/项目已被韩梅梅修改/)).not.toBeInTheDocument());
    expect(screen.queryAllByTestId('subject-card')).toHaveLength(0);
  });

  it('undo and redo walk the document history', async () => {
    const user = userEvent.setup();
    await open(fakeProject());
    await user.click(screen.getByRole('button', { name: '添加单选' }));
    await user.click(screen.getByRole('button', { name: '添加多选' }));
    await user.click(screen.getByRole('button', { name: '撤销' }));
    expect(screen.getAllByTestId('subject-card')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '重做' }));
    expect(screen.getAllByTestId('subject-card')).toHaveLength(2);
  });
});

describe('editor: powers (spec §6)', () => {
  it('the owner sees 编辑 / 设置 / 发布 / 报告, 协作 and 发布', async () => {
    await open(fakeProject({ subjects: [subject(1, 's1', '性别')] }));
    const tabs = within(screen.getByRole('navigation', { name: '项目' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual(['编辑', '设置', '发布', '报告']);
    expect(screen.getByRole('button', { name: '协作' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '发布' })).toBeEnabled();
  });

  it('a view-only collaborator sees only 报告, a read-only notice and no palette', async () => {
    await open(fakeProject({ powerType: 3, subjects: [subject(1, 's1', '性别')] }));
    const tabs = within(screen.getByRole('navigation', { name: '项目' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual(['报告']);
    expect(screen.getByRole('note')).toHaveTextContent('只有查看权限');
    expect(screen.queryByRole('button', { name: '发布' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '协作' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '题型' })).not.toBeInTheDocument();
    expect(screen.getByTestId('subject-card')).toHaveAttribute('aria-label', '第1题');
  });

  it('publishing is disabled with the reason while there is no question', async () => {
    await open(fakeProject());
    expect(screen.getByRole('button', { name: '发布' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '发布' })).toHaveAccessibleDescription('请先添加题目再发布');
  });
});
