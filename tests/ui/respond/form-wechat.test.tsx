import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RespondApp } from '../../../src/respond/respond-app';

/**
 * 仅限微信授权填写 on the answering page (issue 47 item 1): outside WeChat it shows 请在微信中打开 with the link
 * instead of the sheet; a token the server refuses is forgotten.
 */
type Reply = { resultCode: string; resultMsg: string; data: unknown };
const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
let calls: { path: string; body: Record<string, unknown> }[];
let getQuestion: (body: Record<string, unknown>) => Reply;

const form = {
  questionId: 'q-form01',
  title: '会员满意度',
  subtitle: '',
  questionType: 4,
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
    wechatAuth: true,
  },
  locked: false,
  subjects: [],
  logic: {},
  quotaCounts: {},
  slotsTaken: {},
  conclusions: [],
  serverTime: new Date().toISOString(),
};

beforeEach(() => {
  calls = [];
  localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\//, '');
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    if (path === 'active/write/getQuestion') return { json: async () => getQuestion(body) } as Response;
    if (path.endsWith('getSharePoster'))
      return { json: async () => ok({ title: 't', cover: null, url: 'x', qrPng: 'data:image/png;base64,AAAA' }) } as Response;
    return { json: async () => ok(null) } as Response;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a 仅限微信授权填写 form', () => {
  it('outside WeChat asks to open the page in WeChat, with the QR code and the link, instead of the sheet', async () => {
    getQuestion = () => ok(form);
    render(<RespondApp questionId="q-form01" preview={false} source="link" />);
    expect(await screen.findByRole('heading', { name: '请在微信中打开' })).toBeTruthy();
    expect(screen.getByText(/\/s\/q-form01$/)).toBeTruthy();
    await waitFor(() => expect(screen.getByAltText('本页二维码，用微信扫码打开')).toBeTruthy());
    expect(screen.getByRole('button', { name: '复制链接' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
  });

  it('a stored token the server refuses is forgotten and the page asks again', async () => {
    localStorage.setItem('wj_form_wx_q-form01', 'stale.token.1.sig');
    getQuestion = (body) => (body.wechatToken ? { resultCode: '409', resultMsg: '微信身份已失效，请重新授权', data: { reason: 'wechatRequired' } } : ok(form));
    render(<RespondApp questionId="q-form01" preview={false} source="link" />);
    expect(await screen.findByRole('heading', { name: '请在微信中打开' })).toBeTruthy();
    expect(calls.find((c) => c.path === 'active/write/getQuestion')!.body.wechatToken).toBe('stale.token.1.sig');
    expect(localStorage.getItem('wj_form_wx_q-form01')).toBeNull();
  });
});
