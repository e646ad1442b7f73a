import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOption } from '../../../schemas/subjects/base';
import { forgetSession, markSession } from '../../../src/api/token';
import { P, cardLabels, fakeProject, lastSaved, openEditor, subject } from './editor-fake';
import { editorApi as api } from '../../helpers/editor-mocks';

vi.mock('../../../src/api/client', async (original) => (await import('../../helpers/editor-mocks')).fakeClient(await original()));
vi.mock('../../../src/app/session', async () => (await import('../../helpers/editor-mocks')).fakeSession());

beforeEach(() => markSession());
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

const card = (i: number) => screen.getAllByTestId('subject-card')[i]!;
/** The red asterisk before a required subject's stem. */
const starred = (i: number) => within(card(i)).queryByText('*') !== null;
const optionsOf = (i: number) =>
  within(card(i))
    .getAllByRole('textbox', { name: /^选项\d+$/ })
    .map((input) => (input as HTMLInputElement).value);
/** The options of subject `uuid` in the last autosave (after Ctrl+S). */
async function savedOptions(uuid: string): Promise<TOption[]> {
  const user = userEvent.setup();
  const before = api.current!.callsTo(`${P}/saveEditorDocument`).length;
  await user.keyboard('{Control>}s{/Control}');
  await waitFor(() => expect(api.current!.callsTo(`${P}/saveEditorDocument`).length).toBeGreaterThan(before));
  return (lastSaved(api.current!).subjects.find((s) => s.uuid === uuid) as unknown as { options: TOption[] }).options;
}

describe('editor: options edited in place', () => {
  it('pastes many lines at once as options; a line starting with 其他 gets a fill-in', async () => {
    const user = userEvent.setup();
    await openEditor(fakeProject(api, { subjects: [subject(1, 'city', '您所在的城市')] }));
    await user.click(card(0));
    await user.click(within(card(0)).getByRole('button', { name: '批量编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '批量编辑选项' });
    const area = within(dialog).getByRole('textbox', { name: '选项，每行一个' });
    await user.clear(area);
    await user.click(area);
    await user.paste('北京\n上海\n\n广州\n其他（请注明）');
    await user.click(within(dialog).getByRole('button', { name: '保存（4 个选项）' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '批量编辑选项' })).not.toBeInTheDocument());
    expect(optionsOf(0)).toEqual(['北京', '上海', '广州', '其他（请注明）']);
    expect(within(card(0)).getByText('可填写')).toBeInTheDocument();
    const saved = await savedOptions('city');
    expect(saved.map((o) => [o.title, Boolean(o.fillIn)])).toEqual([
      ['北京', false],
      ['上海', false],
      ['广州', false],
      ['其他（请注明）', true],
    ]);
  });

  it('adds 其他 with a fill-in once, then offers it no more', async () => {
    const user = userEvent.setup();
    await openEditor(fakeProject(api, { subjects: [subject(2, 'tools', '常用工具')] }));
    await user.click(card(0));
    await user.click(within(card(0)).getByRole('button', { name: '添加“其他”' }));
    expect(optionsOf(0).at(-1)).toBe('其他');
    expect(within(card(0)).getByText('可填写')).toBeInTheDocument();
    expect(within(card(0)).queryByRole('button', { name: '添加“其他”' })).not.toBeInTheDocument();
    expect((await savedOptions('tools')).at(-1)).toMatchObject({ title: '其他', fillIn: true });
  });

  it('sets an option exclusive, hidden and with a quota from its settings', async () => {
    const user = userEvent.setup();
    const tools = subject(2, 'tools', '常用工具', {
      options: [
        { uuid: 'a', title: '微信' },
        { uuid: 'b', title: '钉钉' },
        { uuid: 'none', title: '以上都不用' },
      ],
    });
    await openEditor(fakeProject(api, { subjects: [tools] }));
    await user.click(card(0));
    await user.click(within(card(0)).getByRole('button', { name: '选项3设置' }));
    const settings = await screen.findByRole('dialog', { name: '选项设置' });
    await user.click(within(settings).getByRole('checkbox', { name: /互斥选项/ }));
    await user.click(within(settings).getByRole('checkbox', { name: /隐藏此选项/ }));
    await user.type(within(settings).getByRole('spinbutton', { name: '选项配额' }), '30');
    await user.tab();
    const row = within(card(0)).getByRole('textbox', { name: '选项3' }).closest('li')!;
    await waitFor(() => expect(row).toHaveTextContent('配额 30'));
    expect(row).toHaveTextContent('互斥');
    expect(row).toHaveTextContent('隐藏');
    await user.keyboard('{Escape}');
    const saved = await savedOptions('tools');
    expect(saved[2]).toEqual({ uuid: 'none', title: '以上都不用', exclusive: true, hidden: true, quota: 30 });
    expect(saved[0]).toEqual({ uuid: 'a', title: '微信' });
  });

  it('Esc in the quota field discards what was typed and closes the settings (issue 17 item 13)', async () => {
    const user = userEvent.setup();
    const tools = subject(2, 'tools', '常用工具', {
      options: [
        { uuid: 'a', title: '微信', quota: 10 },
        { uuid: 'b', title: '钉钉' },
      ],
    });
    await openEditor(fakeProject(api, { subjects: [tools] }));
    await user.click(card(0));
    await user.click(within(card(0)).getByRole('button', { name: '选项1设置' }));
    const settings = await screen.findByRole('dialog', { name: '选项设置' });
    const quota = within(settings).getByRole('spinbutton', { name: '选项配额' });
    await user.clear(quota);
    await user.type(quota, '99');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '选项设置' })).not.toBeInTheDocument());
    const row = within(card(0)).getByRole('textbox', { name: '选项1' }).closest('li')!;
    expect(row).toHaveTextContent('配额 10');
    // Nothing changed, so nothing is saved.
    expect(api.current!.callsTo(`${P}/saveEditorDocument`)).toHaveLength(0);
    // Opened again, the field shows the stored quota; Enter commits a new one.
    await user.click(within(card(0)).getByRole('button', { name: '选项1设置' }));
    const again = within(await screen.findByRole('dialog', { name: '选项设置' })).getByRole('spinbutton', { name: '选项配额' });
    expect(again).toHaveValue(10);
    await user.clear(again);
    await user.type(again, '25{Enter}');
    await waitFor(() => expect(row).toHaveTextContent('配额 25'));
    expect((await savedOptions('tools'))[0]).toEqual({ uuid: 'a', title: '微信', quota: 25 });
  });
});

describe('editor: the batch bar', () => {
  const three = () => [subject(1, 'q1', '您的性别'), subject(6, 'q2', '您的姓名', {}, 2), subject(7, 'q3', '其他建议', {}, 3)];

  it('ticks subjects and sets them optional, then required, in one step each', async () => {
    const user = userEvent.setup();
    await openEditor(fakeProject(api, { subjects: three() }));
    expect(screen.queryByRole('toolbar', { name: '批量操作' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: '选择第1题' }));
    await user.click(screen.getByRole('checkbox', { name: '选择第3题' }));
    const bar = screen.getByRole('toolbar', { name: '批量操作' });
    expect(bar).toHaveTextContent('已选 2 项');
    await user.click(within(bar).getByRole('button', { name: '设为选答' }));
    expect([starred(0), starred(1), starred(2)]).toEqual([false, true, false]);
    await user.click(within(bar).getByRole('button', { name: '设为必答' }));
    expect([starred(0), starred(1), starred(2)]).toEqual([true, true, true]);
    // One undo step per batch: undo makes both optional again.
    await user.click(screen.getByRole('button', { name: '撤销' }));
    expect([starred(0), starred(1), starred(2)]).toEqual([false, true, false]);
  });

  it('batch delete asks first, removes the ticked subjects and renumbers; 全选 ticks all', async () => {
    const user = userEvent.setup();
    await openEditor(fakeProject(api, { subjects: three() }));
    await user.click(screen.getByRole('checkbox', { name: '选择第2题' }));
    const bar = screen.getByRole('toolbar', { name: '批量操作' });
    await user.click(within(bar).getByRole('button', { name: '全选' }));
    expect(bar).toHaveTextContent('已选 3 项');
    await user.click(screen.getByRole('checkbox', { name: '选择第1题' }));
    await user.click(within(bar).getByRole('button', { name: '批量删除' }));
    const confirm = await screen.findByRole('dialog', { name: '删除选中的题目？' });
    expect(confirm).toHaveTextContent('将删除 2 项');
    await user.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(cardLabels()).toEqual(['第1题']));
    expect(screen.getByTestId('subject-card')).toHaveAttribute('data-uuid', 'q1');
    expect(screen.queryByRole('toolbar', { name: '批量操作' })).not.toBeInTheDocument();
    expect(await screen.findByText('已删除 2 项')).toBeInTheDocument();
  });
});

describe('editor: multi-blank fill-in (type 10)', () => {
  it('each blank has its own required switch and, in an exam, its accepted answers', async () => {
    const user = userEvent.setup();
    const blanks = subject(10, 'mb', '首都___ 最大的城市___', {
      blanks: [
        { uuid: 'cap', label: '首都', required: true },
        { uuid: 'big', label: '最大的城市', required: true },
      ],
    });
    await openEditor(fakeProject(api, { questionType: 2, subjects: [blanks] }));
    await user.click(card(0));
    const panel = screen.getByRole('complementary', { name: '题目设置' });
    const first = within(panel).getByRole('group', { name: '填空1' });
    const second = within(panel).getByRole('group', { name: '填空2' });
    await user.click(within(second).getByRole('checkbox', { name: '必填' }));
    await user.type(within(first).getByRole('textbox', { name: '正确答案' }), '北京|北京市｜Beijing');
    await user.tab();
    await user.click(within(panel).getByRole('button', { name: '添加填空' }));
    expect(within(panel).getByRole('group', { name: '填空3' })).toBeInTheDocument();
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(api.current!.callsTo(`${P}/saveEditorDocument`).length).toBeGreaterThan(0));
    const saved = lastSaved(api.current!).subjects[0] as unknown as {
      blanks: { uuid: string; label: string; required: boolean; acceptedAnswers?: string[] }[];
    };
    expect(saved.blanks[0]).toEqual({ uuid: 'cap', label: '首都', required: true, acceptedAnswers: ['北京', '北京市', 'Beijing'] });
    expect(saved.blanks[1]).toEqual({ uuid: 'big', label: '最大的城市', required: false });
    expect(saved.blanks[2]).toMatchObject({ label: '填空3', required: true });
    expect(within(first).getByRole('textbox', { name: '正确答案' })).toHaveValue('北京 | 北京市 | Beijing');
  });

  it('a survey has no accepted answers to set', async () => {
    const user = userEvent.setup();
    await openEditor(fakeProject(api, { subjects: [subject(10, 'mb', '姓名___ 年龄___')] }));
    await user.click(card(0));
    const panel = screen.getByRole('complementary', { name: '题目设置' });
    expect(within(panel).getByRole('group', { name: '填空1' })).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox', { name: '正确答案' })).not.toBeInTheDocument();
  });
});

describe('editor: rotating uploaded images', () => {
  it('旋转 re-uploads an option picture with rotate=90 and swaps its address', async () => {
    const user = userEvent.setup();
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return { ok: true, blob: async () => new Blob(['png'], { type: 'image/png' }) };
    });
    const forms: FormData[] = [];
    api.upload = async (_path, form) => {
      forms.push(form);
      return { url: '/uploads/rotated.png', width: 20, height: 40 };
    };
    const pictures = subject(5, 'pic', '您喜欢哪张海报', {
      options: [
        { uuid: 'p1', title: '海报A', image: '/uploads/a.png' },
        { uuid: 'p2', title: '海报B', image: '/uploads/b.png' },
      ],
    });
    await openEditor(fakeProject(api, { subjects: [pictures] }));
    await user.click(card(0));
    await user.click(within(card(0)).getByRole('button', { name: '旋转选项2的图片' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(fetched).toEqual(['/uploads/b.png']);
    expect(forms[0]!.get('rotate')).toBe('90');
    expect((forms[0]!.get('file') as File).name).toBe('b.png');
    const saved = await savedOptions('pic');
    expect(saved.map((o) => o.image)).toEqual(['/uploads/a.png', '/uploads/rotated.png']);
  });

  it('an image block rotates from the property panel', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', async () => ({ ok: true, blob: async () => new Blob(['png'], { type: 'image/png' }) }));
    api.upload = async () => ({ url: '/uploads/turned.png', width: 20, height: 40 });
    await openEditor(fakeProject(api, { subjects: [subject(31, 'img', '', { url: '/uploads/photo.png' })] }));
    await user.click(card(0));
    const panel = screen.getByRole('complementary', { name: '题目设置' });
    await user.click(within(panel).getByRole('button', { name: '旋转图片' }));
    await waitFor(() => expect(panel.querySelector('img')).toHaveAttribute('src', '/uploads/turned.png'));
  });
});
