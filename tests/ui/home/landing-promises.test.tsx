import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routeByPath, ROUTE_TABLE } from '../../../src/app/route-table';
import { zhCN } from '../../../src/i18n/zh-CN';
import { renderApp } from '../render-app';

vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'anonymous', user: null, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

// Issue 16.16: the landing pages promise only what exists. The home page sent visitors to a task centre and a
// gift shop that are not built, and the kind pages sold online payment, refunds, check-in scanning, SMS
// receipts and vote leaderboards the platform does not have.
const LANDINGS = ['/', ...ROUTE_TABLE.filter((r) => r.path.startsWith('/index/')).map((r) => r.path)];
const UNBUILT_CLAIMS = /任务中心|礼品兑换|支付一步完成|退款|核销|短信与邮件回执|验证码|排行榜|主观题在线批阅|切屏|专属客服|资金直达|预约成功即时通知|全程加密/;

describe('marketing pages', () => {
  it.each(LANDINGS)('%s links only to pages that are built and claims no unbuilt feature', async (path) => {
    await renderApp(path);
    const main = await screen.findByRole('main');
    await within(main).findAllByRole('heading', { level: 1 });
    for (const link of within(main).getAllByRole('link')) {
      const href = link.getAttribute('href')!.split('?')[0]!;
      const route = routeByPath(href);
      expect(route, `${href} (${link.textContent})`).toBeDefined();
      expect(route!.placeholder, `${path} links "${link.textContent}" to the unbuilt ${href}`).toBe(false);
    }
    expect(main.textContent).not.toMatch(UNBUILT_CLAIMS);
  });
});

describe('the kinds as the workbench and the apps menu describe them', () => {
  it('claim no unbuilt feature', () => {
    const descriptions = Object.entries(zhCN.apps)
      .filter(([key]) => key.endsWith('Desc'))
      .map(([, text]) => text);
    expect(descriptions.length).toBeGreaterThanOrEqual(7);
    for (const text of descriptions) expect(text).not.toMatch(/防作弊|榜单|订单管理|核销|名额控制/);
  });
});
