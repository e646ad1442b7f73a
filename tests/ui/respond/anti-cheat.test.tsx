import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RespondApp } from '../../../src/respond/respond-app';
import { readDraft } from '../../../src/respond/draft';
import type { TAnswerForm } from '../../../src/respond/types';
import { form, make } from './fixtures';

// 禁止复制粘贴 and 切屏限制 (settings.noCopyPaste, settings.leaveLimit) as the respondent meets them.

type Reply = { resultCode: string; resultMsg: string; data: unknown };
const submits: Array<Record<string, unknown>> = [];
let served: TAnswerForm;

beforeEach(() => {
  localStorage.clear();
  submits.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\//, '');
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
    if (path === 'active/write/getQuestion') return { json: async () => ok(served) } as Response;
    if (path === 'active/write/submit') {
      submits.push(body);
      const conclusion = { title: '提交成功', content: '<p>感谢您的参与！</p>', redirectUrl: null };
      return {
        json: async () => ok({ sheetId: 's1', score: null, conclusion, showScore: false, showCorrectAnswers: false, showAnalysis: false, correct: null }),
      } as Response;
    }
    return { json: async () => ({ resultCode: '404', resultMsg: '请求的接口或资源不存在', data: null }) } as Response;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setVisibility('visible');
});

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

const withSettings = (settings: Partial<TAnswerForm['settings']>) => {
  const name = make(6, { title: '姓名', required: false });
  const f = form([name]);
  served = { ...f, settings: { ...f.settings, ...settings } };
};
const app = () => render(<RespondApp questionId="qid-12345678" preview={false} source="link" />);

describe('answering page: 禁止复制粘贴', () => {
  it('refuses a paste into a text field and a copy from the sheet, with the hint', async () => {
    const user = userEvent.setup();
    withSettings({ noCopyPaste: true });
    app();
    const field = within(await screen.findByRole('group', { name: /姓名/ })).getByRole('textbox');
    await user.type(field, '李');
    await user.click(field);
    await user.paste('抄来的答案');
    expect(field).toHaveValue('李');
    expect(screen.getByRole('status')).toHaveTextContent('本问卷禁止复制粘贴');
    const copy = fireEvent.copy(screen.getByText('姓名'));
    expect(copy).toBe(false); // default prevented
    const cut = fireEvent.cut(field);
    expect(cut).toBe(false);
  });

  it('lets a paste through when the switch is off', async () => {
    const user = userEvent.setup();
    withSettings({});
    app();
    const field = within(await screen.findByRole('group', { name: /姓名/ })).getByRole('textbox');
    await user.click(field);
    await user.paste('韩梅梅');
    expect(field).toHaveValue('韩梅梅');
    expect(screen.queryByText('本问卷禁止复制粘贴')).toBeNull();
  });
});

describe('answering page: 切屏限制', () => {
  it('warns on each allowed leave, keeps the count in the draft, and hands the sheet in one leave past the limit', async () => {
    const user = userEvent.setup();
    withSettings({ leaveLimit: 2 });
    app();
    await user.type(within(await screen.findByRole('group', { name: /姓名/ })).getByRole('textbox'), '李雷');
    // The answer reaches the draft (saved shortly after typing): the page's draft and leave listeners, attached at
    // the same commit (layout effects, sheet-guards.tsx), are in place before the first leave.
    await waitFor(() => expect(JSON.stringify(readDraft('qid-12345678')?.answers)).toContain('李雷'), { timeout: 5_000 });
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));
    expect(await screen.findByRole('alert')).toHaveTextContent('您已离开答题页面 1 次，超过 2 次将自动交卷');
    expect(readDraft('qid-12345678')?.leaves).toBe(1);
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));
    expect(screen.getByRole('alert')).toHaveTextContent('您已离开答题页面 2 次，超过 2 次将自动交卷');
    expect(submits).toHaveLength(0);
    act(() => setVisibility('hidden'));
    expect(await screen.findByText('提交成功')).toBeInTheDocument();
    expect(submits).toHaveLength(1);
    expect(JSON.stringify(submits[0]!.answers)).toContain('李雷');
  });

  it('counts nothing without a limit', async () => {
    withSettings({});
    app();
    await screen.findByRole('group', { name: /姓名/ });
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));
    expect(screen.queryByText(/您已离开答题页面/)).toBeNull();
    expect(submits).toHaveLength(0);
  });
});
