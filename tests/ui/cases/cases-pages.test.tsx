import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TKeyedTemplate } from '../../../schemas/api/template-keys';
import { CASES } from '../../../src/features/cases/cases-data';
import { openOnHost, renderApp } from '../render-app';

// 客户案例, 活动方案 and 应用场景 (issue 48 item 2): the grid filters by industry and kind, a case page shows its
// steps and the template it opens (asked by key), an unknown case or plan says so with a way back, and a visitor
// who is not logged in is sent to the login with the choice kept in the return address.
const calls = vi.hoisted(() => ({ log: [] as { path: string; body: Record<string, unknown> }[], missing: false }));
const keyed = (key: string): TKeyedTemplate => ({
  key,
  kind: key.startsWith('vote:') ? 'vote' : 'project',
  templateId: `id-${key}`,
  title: key === 'appoint-dental' ? '口腔诊所预约挂号' : `模板 ${key}`,
  questionType: key.startsWith('vote:') ? null : 7,
  solitaireType: null,
  subjectCount: 8,
});
vi.mock('../../../src/api/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/api/client')>();
  return {
    ...actual,
    call: async (contract: { path: string }, body: Record<string, unknown>) => {
      calls.log.push({ path: contract.path, body });
      if (contract.path === 'active/template/getTemplatesByKey') return calls.missing ? [] : (body.keys as string[]).map(keyed);
      throw new Error(`unexpected call ${contract.path}`);
    },
  };
});
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'anonymous', user: null, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));
beforeEach(() => {
  calls.log.length = 0;
  calls.missing = false;
});
afterEach(() => openOnHost('http://localhost:3000/'));

const cards = () => screen.getAllByRole('link', { name: /^查看做法：/ });

describe('客户案例', () => {
  it('shows the twelve cases and narrows them by industry and by kind, with a way out of an empty filter', async () => {
    openOnHost('http://toupiao.localhost:3000/CollaborationCases/index.html');
    await renderApp('/CollaborationCases/index.html');
    expect(await screen.findByRole('heading', { level: 1, name: '客户案例' })).toBeInTheDocument();
    expect(screen.getByText(/怎样用投票通把事情办好/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('共 12 个案例');
    expect(cards()).toHaveLength(12);

    fireEvent.click(within(screen.getByRole('group', { name: '行业' })).getByRole('button', { name: '医疗' }));
    expect(await screen.findByText('共 1 个案例')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: CASES[4]!.title })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: '行业' })).getByRole('button', { name: '医疗' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(within(screen.getByRole('group', { name: '类型' })).getByRole('button', { name: '投票' }));
    expect(await screen.findByText('没有符合条件的案例')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    expect(await screen.findByText('共 12 个案例')).toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('group', { name: '类型' })).getByRole('button', { name: '投票' }));
    expect(await screen.findByText('共 2 个案例')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `查看做法：${CASES[5]!.title}` })).toHaveAttribute('href', '/CollaborationCasesDetail/6');
  });

  it('opens filtered from the address (the scene page links an industry)', async () => {
    await renderApp('/CollaborationCases/index.html?industry=教育');
    expect(await screen.findByText('共 4 个案例')).toBeInTheDocument();
  });

  it("shows a case's need, its steps and the template it opens, asked by its key", async () => {
    await renderApp('/CollaborationCasesDetail/5');
    expect(await screen.findByRole('heading', { level: 1, name: CASES[4]!.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '在问卷通里怎么做' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '设置每周时段' })).toBeInTheDocument();
    expect((await screen.findAllByText('模板：口腔诊所预约挂号')).length).toBeGreaterThan(0);
    expect(calls.log).toEqual([{ path: 'active/template/getTemplatesByKey', body: { keys: ['appoint-dental'] } }]);
    expect(document.title).toBe(`${CASES[4]!.title} - 问卷通`);
    expect(screen.getByRole('link', { name: /诊所：预约挂号与就诊后回访/ })).toHaveAttribute('href', '/programme/detail.html?id=clinic-followup');
  });

  it('sends a visitor who is not logged in to the login, coming back to the case with the template chosen', async () => {
    const { router } = await renderApp('/CollaborationCasesDetail/5');
    const [use] = await screen.findAllByRole('button', { name: /^使用此模板/ });
    fireEvent.click(use!);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((router.state.location.search as Record<string, unknown>).redirect).toBe('/CollaborationCasesDetail/5?use=appoint-dental');
  });

  it('says 未找到该案例 for an index that is not a case, with a link back to the list', async () => {
    for (const path of ['/CollaborationCasesDetail/13', '/CollaborationCasesDetail/0', '/CollaborationCasesDetail/abc']) {
      const view = await renderApp(path);
      expect(await screen.findByText('未找到该案例'), path).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '返回客户案例' })).toHaveAttribute('href', '/CollaborationCases/index.html');
      view.unmount();
    }
  });

  it('says the template cannot be used when this database does not hold it', async () => {
    calls.missing = true;
    await renderApp('/CollaborationCasesDetail/1');
    expect((await screen.findAllByText('该模板暂不可用')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^使用此模板/ })).toBeNull();
  });
});

describe('活动方案 and 应用场景', () => {
  it("lists the plans and shows one plan's steps, each with its template", async () => {
    await renderApp('/programme/index.html');
    expect(await screen.findByRole('heading', { level: 1, name: '活动方案' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /查看方案：门店开业/ })).toHaveAttribute('href', '/programme/detail.html?id=store-opening');
    fireEvent.click(screen.getByRole('link', { name: /查看方案：门店开业/ }));
    expect(await screen.findByRole('heading', { level: 1, name: /门店开业/ })).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: /^使用此模板/ })).toHaveLength(4);
    expect(calls.log.at(-1)!.body.keys).toEqual(['vote:new-product', 'chain-community-groupbuy', 'pay-store-checkout', 'survey-csat']);
  });

  it('says 未找到该活动方案 for an id that is not a plan', async () => {
    await renderApp('/programme/detail.html?id=nope');
    expect(await screen.findByText('未找到该活动方案')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回活动方案' })).toHaveAttribute('href', '/programme/index.html');
  });

  it('groups the cases, plans and kinds by industry on the scene page', async () => {
    openOnHost('http://jielong.localhost:3000/scene.html');
    await renderApp('/scene.html');
    const medical = await screen.findByRole('region', { name: '医疗' });
    expect(within(medical).getByRole('link', { name: CASES[4]!.title })).toHaveAttribute('href', '/CollaborationCasesDetail/5');
    expect(within(medical).getByRole('link', { name: /诊所：预约挂号/ })).toBeInTheDocument();
    expect(within(medical).getByRole('link', { name: '预约' })).toHaveAttribute('href', '/index/order');
    for (const industry of ['教育', '企业', '社区', '零售', '活动']) expect(screen.getByRole('region', { name: industry })).toBeInTheDocument();
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('接龙通应用场景');
  });
});
