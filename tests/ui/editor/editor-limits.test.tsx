import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBJECT_LIMIT_MESSAGE } from '../../../schemas/api/question';
import { ApiError } from '../../../src/api/client';
import { forgetSession, markSession } from '../../../src/api/token';
import { P, cardLabels, fakeProject, openEditor, subject } from './editor-fake';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

beforeEach(() => markSession());
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

// Two questions and a paragraph; the owner (专业版, level 2) is allowed two questions here.
const atLimit = () => [subject(1, 'q1', '您的性别'), subject(15, 'para', '以下是工作相关问题', {}, 2), subject(2, 'q2', '常用工具', {}, 3)];

describe('editor: the owner level subject limit (spec §8)', () => {
  it('a palette click past the limit opens the upgrade dialog and adds nothing; 升级版本 opens the member page at the owner level', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await openEditor(fakeProject(api, { subjects: atLimit(), subjectLimit: 2, ownerLevel: 2 }));
    await user.click(screen.getByRole('button', { name: '添加单选' }));
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog).toHaveTextContent('抱歉！当前版本不支持更多题目，请升级版本');
    expect(cardLabels()).toEqual(['第1题', '段落说明', '第2题']);
    await user.click(within(dialog).getByRole('button', { name: '升级版本' }));
    expect(open).toHaveBeenCalledWith('/member/index.html?memberLevel=2', '_blank', 'noopener');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '提示' })).not.toBeInTheDocument());
    // A layout block is no question: it still goes in.
    await user.click(screen.getByRole('button', { name: '添加分割线' }));
    expect(cardLabels()).toEqual(['第1题', '段落说明', '第2题', '分割线']);
  });

  it('copying a subject past the limit asks to upgrade too; 取消 closes the dialog', async () => {
    const user = userEvent.setup();
    await openEditor(fakeProject(api, { subjects: atLimit(), subjectLimit: 2 }));
    await user.click(screen.getAllByTestId('subject-card')[0]!);
    await user.click(within(screen.getAllByTestId('subject-card')[0]!).getByRole('button', { name: '复制' }));
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '提示' })).not.toBeInTheDocument());
    expect(cardLabels()).toEqual(['第1题', '段落说明', '第2题']);
    expect(api.current!.callsTo(`${P}/saveEditorDocument`)).toHaveLength(0);
  });

  it('a save the server refuses ("400") shows why with 升级版本 and 重新加载, and the header says 未能保存', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const questionId = fakeProject(api, {
      subjects: [subject(1, 'q1', '您的性别')],
      ownerLevel: 3,
      subjectLimit: 600,
      save: () => {
        throw new ApiError('400', SUBJECT_LIMIT_MESSAGE, { field: 'subjects', reason: 'subjectLimit' });
      },
    });
    await openEditor(questionId);
    await user.click(screen.getByRole('button', { name: '添加多选' }));
    await user.keyboard('{Control>}s{/Control}');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(`修改未能保存：${SUBJECT_LIMIT_MESSAGE}`);
    expect(document.querySelector('[data-save-status]')).toHaveAttribute('data-save-status', 'refused');
    expect(document.querySelector('[data-save-status]')).toHaveTextContent('未能保存');
    expect(api.current!.callsTo(`${P}/saveEditorDocument`)).toHaveLength(1);
    await user.click(within(banner).getByRole('button', { name: '升级版本' }));
    expect(open).toHaveBeenCalledWith('/member/index.html?memberLevel=3', '_blank', 'noopener');
    await user.click(within(banner).getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(screen.queryByText(/修改未能保存/)).not.toBeInTheDocument());
    expect(cardLabels()).toEqual(['第1题']);
  });
});

describe('editor: the palette fits the project type', () => {
  const groups = () =>
    within(screen.getByRole('navigation', { name: '题型' }))
      .getAllByRole('heading')
      .map((h) => h.textContent);

  it('a survey has no payment or appointment types', async () => {
    await openEditor(fakeProject(api));
    expect(groups()).toEqual(['选择题', '填空题', '矩阵题', '评分题', '个人信息', '文件与签名', '布局']);
    expect(screen.queryByRole('button', { name: '添加商品' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '添加预约时段' })).not.toBeInTheDocument();
  });

  it('an online-payment project offers 商品, an appointment project 预约时段', async () => {
    await openEditor(fakeProject(api, { questionType: 6 }));
    expect(groups().at(-1)).toBe('收款');
    expect(screen.getByRole('button', { name: '添加商品' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '添加预约时段' })).not.toBeInTheDocument();
  });

  it('an appointment project offers 预约时段 only', async () => {
    await openEditor(fakeProject(api, { questionType: 7 }));
    expect(groups().at(-1)).toBe('预约');
    expect(screen.getByRole('button', { name: '添加预约时段' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '添加商品' })).not.toBeInTheDocument();
  });
});
