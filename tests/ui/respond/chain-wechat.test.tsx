import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TChainView } from '../../../schemas/api/chain';
import { ChainPage } from '../../../src/respond/chain/chain-page';

/**
 * 仅限微信授权参与 on the sign-up page (issue 47 item 1): outside WeChat it asks to open the page in WeChat; in WeChat
 * it goes to the authorisation by itself, and back from WeChat it exchanges the code once, cleans the address and
 * takes part with the identity token.
 */
type Reply = { resultCode: string; resultMsg: string; data: unknown };
const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.50';
let replies: Record<string, (body: Record<string, unknown>) => Reply>;
let calls: { path: string; body: Record<string, unknown> }[];

const view = (over: Partial<TChainView> = {}): TChainView => ({
  questionId: 'q-chain01',
  title: '周日爬山',
  description: '',
  status: 1,
  settings: {
    cap: null,
    capChosen: true,
    waitlist: true,
    multiple: false,
    maskNames: false,
    deadline: null,
    pinnedNote: '',
    closed: false,
    wechatAuthId: 7,
    queryEnabled: false,
  },
  counts: { joinedPeople: 0, joinedCount: 0, waitingCount: 0 },
  entries: [],
  mine: [],
  lastEventId: 1,
  serverTime: new Date().toISOString(),
  ...over,
});

beforeEach(() => {
  calls = [];
  localStorage.clear();
  vi.stubGlobal(
    'EventSource',
    class {
      addEventListener() {}
      close() {}
    },
  );
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\/activity\/question\/(solitaire|notice)\//, '');
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const reply = replies[path]?.(body) ?? ok({ off: false, notices: [] });
    return { json: async () => reply } as Response;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

describe('a 仅限微信授权参与 sign-up page', () => {
  it('outside WeChat shows the list and asks to open the page in WeChat instead of a join form', async () => {
    replies = { getChain: () => ok(view()) };
    render(<ChainPage questionId="q-chain01" />);
    expect((await screen.findByTestId('chain-wechat-outside')).textContent).toContain('请复制链接或扫描二维码，在微信中打开本页后接龙');
    expect(screen.queryByPlaceholderText('请输入姓名')).toBeNull();
    expect(calls.some((c) => c.path === 'getChainWechatAuthUrl')).toBe(false);
  });

  it('in WeChat without an identity goes to WeChat’s authorisation, coming back to this page', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    history.replaceState(null, '', '/s/q-chain01?from=group');
    // jsdom cannot leave the page: the link's address is where the page would go.
    replies = { getChain: () => ok(view()), getChainWechatAuthUrl: () => ok({ url: '#to-wechat' }) };
    render(<ChainPage questionId="q-chain01" />);
    expect(await screen.findByTestId('chain-wechat-gate')).toBeTruthy();
    await waitFor(() => expect(location.hash).toBe('#to-wechat'));
    expect(calls.filter((c) => c.path === 'getChainWechatAuthUrl').map((c) => c.body)).toEqual([
      { questionId: 'q-chain01', redirectPath: '/s/q-chain01?from=group' },
    ]);
  });

  it('back from WeChat exchanges the code once, cleans the address and joins as the WeChat user', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    history.replaceState(null, '', '/s/q-chain01?from=group&code=C1&state=S1&appid=wx07');
    replies = {
      getChainWechatIdentity: () => ok({ wechatToken: 'wx07.openid-a.1.sig', expiresIn: 2_592_000 }),
      getChain: () => ok(view()),
      joinChain: (body) =>
        ok({
          entry: {
            entryId: 'e1',
            seq: 1,
            name: body.name,
            answer: '',
            people: 1,
            state: 'joined',
            joinTime: '2026-01-10T06:00:00.000Z',
            updateTime: '2026-01-10T06:00:00.000Z',
          },
          counts: { joinedPeople: 1, joinedCount: 1, waitingCount: 0 },
        }),
    };
    render(<ChainPage questionId="q-chain01" />);
    await userEvent.type(await screen.findByPlaceholderText('请输入姓名'), '张三');
    await userEvent.click(screen.getByRole('button', { name: '接龙' }));
    expect(await screen.findByText(/接龙成功/)).toBeTruthy();
    expect(calls.filter((c) => c.path === 'getChainWechatIdentity').map((c) => c.body)).toEqual([
      { questionId: 'q-chain01', code: 'C1', state: 'S1', appid: 'wx07' },
    ]);
    expect(location.pathname + location.search).toBe('/s/q-chain01?from=group');
    expect(localStorage.getItem('wj_chain_wx_q-chain01')).toBe('wx07.openid-a.1.sig');
    // The page read the list only once it knew who is asking, and every call names the WeChat user.
    expect(calls.filter((c) => c.path === 'getChain').every((c) => c.body.wechatToken === 'wx07.openid-a.1.sig')).toBe(true);
    expect(calls.find((c) => c.path === 'joinChain')!.body).toMatchObject({ name: '张三', wechatToken: 'wx07.openid-a.1.sig' });
  });

  it('forgets a refused identity and goes to authorise again', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    localStorage.setItem('wj_chain_wx_q-chain01', 'stale.token.1.sig');
    replies = {
      getChain: () => ok(view()),
      joinChain: () => ({ resultCode: '409', resultMsg: '微信身份已失效，请重新授权', data: { reason: 'wechatRequired' } }),
      getChainWechatAuthUrl: () => ok({ url: '#again' }),
    };
    render(<ChainPage questionId="q-chain01" />);
    await userEvent.type(await screen.findByPlaceholderText('请输入姓名'), '张三');
    await userEvent.click(screen.getByRole('button', { name: '接龙' }));
    await waitFor(() => expect(location.hash).toBe('#again'));
    expect(localStorage.getItem('wj_chain_wx_q-chain01')).toBeNull();
  });
});
