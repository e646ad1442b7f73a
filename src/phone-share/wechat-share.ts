import type { TJsSdkConfig } from '../../schemas/api/share';

/**
 * Share cards inside WeChat (issue 47 item 2): a phone page opened in WeChat's browser loads the JS-SDK from
 * WeChat's host, configures it with the signature the server made for this address (getJsSdkConfig), and sets the
 * card a shared link shows (title, description, cover). Anywhere else nothing loads and nothing is asked, so the
 * pages stay as small as they were; a project whose owner bound no official account answers null and nothing loads.
 */
const SDK = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

interface TWx {
  config(options: Omit<TJsSdkConfig, 'card'> & { debug: boolean; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (res: unknown) => void): void;
  updateAppMessageShareData(card: { title: string; desc: string; link: string; imgUrl: string }): void;
  updateTimelineShareData(card: { title: string; link: string; imgUrl: string }): void;
}

export const inWechat = (userAgent: string): boolean => /MicroMessenger/i.test(userAgent);

function loadSdk(): Promise<TWx> {
  const ready = (window as unknown as { wx?: TWx }).wx;
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK;
    script.async = true;
    script.onload = () => {
      const wx = (window as unknown as { wx?: TWx }).wx;
      if (wx) resolve(wx);
      else reject(new Error('wx'));
    };
    script.onerror = () => reject(new Error('wx'));
    document.head.appendChild(script);
  });
}

let started = '';

/**
 * Configures the share card once per page address; `getConfig` asks the server (each entry has its own client).
 * Failures are silent: the link is still shared, with WeChat's default card.
 */
export function setupWechatShare(getConfig: (url: string) => Promise<TJsSdkConfig | null>): void {
  if (!inWechat(navigator.userAgent)) return;
  const url = location.href.split('#')[0]!;
  if (started === url) return;
  started = url;
  void (async () => {
    const config = await getConfig(url);
    if (!config) return;
    const wx = await loadSdk();
    const { card, ...signed } = config;
    wx.config({ ...signed, debug: false, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] });
    wx.ready(() => {
      const { title, desc, link, imgUrl } = card;
      wx.updateAppMessageShareData({ title, desc, link, imgUrl });
      wx.updateTimelineShareData({ title, link, imgUrl });
    });
  })().catch(() => {
    started = '';
  });
}
