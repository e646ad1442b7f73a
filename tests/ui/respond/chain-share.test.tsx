import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TChainEntry, TChainView } from '../../../schemas/api/chain';
import { ChainPage } from '../../../src/respond/chain/chain-page';

/**
 * Issue 47 items 2 and 3 on the sign-up page: 复制接龙文本 copies the list as it stands, numbered, with the
 * waitlist and the page's link; where the browser refuses to copy, the text is shown to copy by hand; 分享海报
 * opens the poster sheet with the QR code the server made.
 */
type Reply = { resultCode: string; resultMsg: string; data: unknown };
const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });

const entry = (seq: number, name: string, state: TChainEntry['state'], people = 1): TChainEntry => ({
  entryId: `e${seq}`,
  seq,
  name,
  answer: '',
  people,
  state,
  joinTime: '2026-01-10T06:00:00.000Z',
  updateTime: '2026-01-10T06:00:00.000Z',
});
const chain: TChainView = {
  questionId: 'q-share01',
  title: '周六羽毛球',
  description: '',
  status: 1,
  settings: {
    cap: 2,
    capChosen: true,
    waitlist: true,
    multiple: false,
    maskNames: false,
    deadline: null,
    pinnedNote: '',
    closed: false,
    wechatAuthId: null,
    queryEnabled: false,
  },
  counts: { joinedPeople: 3, joinedCount: 2, waitingCount: 1 },
  entries: [entry(1, '张三', 'joined'), entry(2, '李四', 'joined', 2), entry(3, '王五', 'waitlisted')],
  mine: [],
  lastEventId: 1,
  serverTime: new Date().toISOString(),
};

const signed = {
  appId: 'wx0123456789abcdef',
  timestamp: 1414587457,
  nonceStr: 'Wm3WZYTPz0wzccnW',
  signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
  card: { title: '周六羽毛球', desc: '每周六下午', imgUrl: 'https://x.test/c.png', link: 'https://x.test/s/q-share01' },
};
let copied: string[];
let clipboardWorks: boolean;
const asked: string[] = [];

beforeEach(() => {
  copied = [];
  clipboardWorks = true;
  asked.length = 0;
  vi.stubGlobal(
    'EventSource',
    class {
      addEventListener() {}
      close() {}
    },
  );
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (url.endsWith('solitaire/getChain')) return { json: async () => ok(chain) } as Response;
    if (url.endsWith('share/getJsSdkConfig')) return { json: async () => ok(signed) } as Response;
    return { json: async () => ({ resultCode: '404', resultMsg: '请求的接口或资源不存在', data: null }) } as Response;
  });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        if (!clipboardWorks) throw new Error('NotAllowedError');
        copied.push(text);
      },
    },
  });
  document.execCommand = () => false;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sharing a sign-up chain', () => {
  it('copies the numbered list with the waitlist and the link in one tap, and says so', async () => {
    render(<ChainPage questionId="q-share01" />);
    await userEvent.click(await screen.findByRole('button', { name: '复制接龙文本' }));
    expect(await screen.findByText('已复制接龙文本，去群里粘贴吧')).toBeTruthy();
    expect(copied).toEqual([
      ['#接龙', '周六羽毛球', '', '1. 张三', '2. 李四（2人）', '', '候补（1）', '1. 王五', '', `接龙链接：${location.origin}/s/q-share01`].join('\n'),
    ]);
  });

  it('copies the link, and shows the text to copy by hand when the browser refuses', async () => {
    render(<ChainPage questionId="q-share01" />);
    await userEvent.click(await screen.findByRole('button', { name: '复制链接' }));
    expect(copied).toEqual([`${location.origin}/s/q-share01`]);
    clipboardWorks = false;
    await userEvent.click(screen.getByRole('button', { name: '复制接龙文本' }));
    const fallback = await screen.findByTestId('copy-fallback');
    expect((fallback as HTMLTextAreaElement).value).toContain('1. 张三\n2. 李四（2人）');
    expect(screen.getByText('无法自动复制，请长按下面的文字全选后复制')).toBeTruthy();
  });

  it("opens the share sheet, which asks the server for the page's QR code, and closes with Escape", async () => {
    render(<ChainPage questionId="q-share01" />);
    await userEvent.click(await screen.findByRole('button', { name: '分享海报' }));
    expect(screen.getByRole('dialog', { name: '分享' })).toBeTruthy();
    await vi.waitFor(() => expect(asked.some((u) => u.endsWith('activity/share/getSharePoster'))).toBe(true));
    // The server answered 404 here: the sheet says so rather than spinning.
    expect(await screen.findByText('请求的接口或资源不存在')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '分享' })).toBeNull();
  });

  it('asks nothing of WeChat outside WeChat', async () => {
    render(<ChainPage questionId="q-share01" />);
    await screen.findByRole('button', { name: '复制接龙文本' });
    expect(asked.some((u) => u.includes('getJsSdkConfig'))).toBe(false);
    expect(document.querySelector('script[src*="res.wx.qq.com"]')).toBeNull();
  });

  it("inside WeChat configures the JS-SDK with the server's signature and sets the share card", async () => {
    const seen: Record<string, unknown[]> = {};
    const record = (name: string) => (arg: unknown) => void (seen[name] = [...(seen[name] ?? []), arg]);
    vi.stubGlobal('wx', {
      config: record('config'),
      ready: (callback: () => void) => callback(),
      error: record('error'),
      updateAppMessageShareData: record('friend'),
      updateTimelineShareData: record('timeline'),
    });
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.50 NetType/WIFI' });
    try {
      render(<ChainPage questionId="q-share01" />);
      await vi.waitFor(() => expect(seen.friend).toBeDefined());
      expect(seen.config).toEqual([
        {
          appId: signed.appId,
          timestamp: signed.timestamp,
          nonceStr: signed.nonceStr,
          signature: signed.signature,
          debug: false,
          jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
        },
      ]);
      expect(seen.friend).toEqual([signed.card]);
      expect(seen.timeline).toEqual([{ title: signed.card.title, link: signed.card.link, imgUrl: signed.card.imgUrl }]);
    } finally {
      Reflect.deleteProperty(navigator, 'userAgent');
    }
  });
});
