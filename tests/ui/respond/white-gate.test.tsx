import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RespondApp } from '../../../src/respond/respond-app';
import { make } from './fixtures';

/**
 * 答题白名单's gate on the answering page (issue 49 item 2): the sheet waits behind it; a refusal is said on the gate;
 * a right answer keeps the proof and the sheet loads with it.
 */
type Reply = { resultCode: string; resultMsg: string; data: unknown };
const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
let calls: { path: string; body: Record<string, unknown> }[];
let replies: Record<string, (body: Record<string, unknown>) => Reply>;

const base = {
  questionId: 'q-white01',
  title: '岗前考试',
  subtitle: '',
  questionType: 1,
  solitaireType: null,
  status: 1,
  style: {},
  settings: {
    startTime: null,
    endTime: null,
    loginRequired: false,
    needPassword: false,
    examMinutes: null,
    allowEditAfterSubmit: false,
    showScore: false,
    showCorrectAnswers: false,
    showAnalysis: false,
  },
  logic: { jumps: [], display: [], optionLinkage: [], quotas: [], random: [] },
  quotaCounts: {},
  slotsTaken: {},
  conclusions: [],
  serverTime: new Date().toISOString(),
};
const subject = make(6, { title: '您的意见' });
const gated = (mode: string) => ({ ...base, locked: true, subjects: [], whitelist: { mode, fieldLabel: '工号' } });
const open = { ...base, locked: false, subjects: [subject], whitelist: null };

beforeEach(() => {
  calls = [];
  sessionStorage.clear();
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\//, '');
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    return { json: async () => (replies[path] ?? (() => ok(null)))(body) } as Response;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the whitelist gate', () => {
  it('by name + 工号: a wrong pair is told on the gate; the right one opens the sheet with its proof', async () => {
    replies = {
      'active/write/getQuestion': (body) => ok(body.whitelistToken === 'proof-1' ? open : gated('name')),
      'active/write/checkWhite': (body) =>
        body.field === 'A1001'
          ? ok({ whitelistToken: 'proof-1', expiresIn: 600, name: '张三' })
          : { resultCode: '403', resultMsg: '您不在本问卷的白名单中，无法作答', data: { reason: 'notWhitelisted' } },
    };
    const user = userEvent.setup();
    render(<RespondApp questionId="q-white01" preview={false} source="link" />);
    expect(await screen.findByText('本问卷仅限白名单中的人员作答，请填写您的信息')).toBeTruthy();
    expect(screen.queryByText('您的意见')).toBeNull();
    await user.type(screen.getByLabelText('姓名'), '张三');
    await user.type(screen.getByLabelText('工号'), 'B2002');
    await user.click(screen.getByRole('button', { name: '验证并开始作答' }));
    expect((await screen.findByRole('alert')).textContent).toBe('您不在本问卷的白名单中，无法作答');
    await user.clear(screen.getByLabelText('工号'));
    await user.type(screen.getByLabelText('工号'), 'A1001');
    await user.click(screen.getByRole('button', { name: '验证并开始作答' }));
    expect(await screen.findByText('您的意见')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'active/write/getQuestion').at(-1)!.body.whitelistToken).toBe('proof-1');
  });

  it('access code mode asks for the code; a stored proof the server no longer takes is dropped and said so', async () => {
    sessionStorage.setItem('wj_white_q-white01', JSON.stringify({ token: 'old-proof', until: Date.now() + 60_000 }));
    replies = { 'active/write/getQuestion': () => ok(gated('code')) };
    render(<RespondApp questionId="q-white01" preview={false} source="link" />);
    expect(await screen.findByText('本问卷需凭访问码作答，请输入发布者给您的访问码')).toBeTruthy();
    expect(screen.getByLabelText('访问码')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('白名单验证已失效，请重新验证');
    expect(calls[0]!.body.whitelistToken).toBe('old-proof');
    expect(sessionStorage.getItem('wj_white_q-white01')).toBeNull();
  });
});
