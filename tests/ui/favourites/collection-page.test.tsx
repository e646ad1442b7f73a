import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCollection, TCollectionKind } from '../../../schemas/api/vote-extras-models';
import { forgetSession, markSession } from '../../../src/api/token';
import { createFakeApi, project, type TFakeApi } from '../projects/fake-api';
import { renderApp, SAMPLE_USER } from '../render-app';

const api = vi.hoisted(() => ({ current: null as TFakeApi | null }));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  call: (contract: { path: string }, body: unknown) => api.current!.call(contract.path, body),
}));
vi.mock('../../../src/app/session', () => ({
  SessionProvider: ({ children }: { children: React.ReactNode }) => children,
  useSession: () => ({ status: 'authenticated', user: SAMPLE_USER, login: () => {}, logout: async () => {}, expire: () => {}, update: () => {} }),
}));

const C = 'activity/collect/';
const Q = 'activity/question/';

function favourite(overrides: Partial<TCollection> & { collectionId: string; kind: TCollectionKind; title: string }): TCollection {
  return {
    cover: null,
    voteId: null,
    voteTitle: null,
    playerId: null,
    playerName: null,
    questionId: null,
    questionType: null,
    createTime: new Date(Date.now() - 3_600_000).toISOString(),
    ...overrides,
  };
}

let favourites: TCollection[] = [];
let starred = new Set<string>();

beforeEach(() => {
  markSession();
  favourites = [];
  starred = new Set();
  api.current = createFakeApi({
    [`${C}getCollectionPage`]: (body) => {
      const hits = favourites.filter((f) => f.kind === body.kind);
      const size = Number(body.pageSize);
      const from = (Number(body.page) - 1) * size;
      return { list: hits.slice(from, from + size), total: hits.length };
    },
    [`${C}getCollectionCancel`]: (body) => {
      const ids = body.collectionIds as string[];
      favourites = favourites.filter((f) => !ids.includes(f.collectionId));
      return { cancelled: ids.length };
    },
    [`${C}getCollectionWhether`]: (body) => ({ collected: starred.has(String(body.questionId)), collectionId: null }),
    [`${C}getCollectionSetting`]: (body) => {
      if (body.collect) starred.add(String(body.questionId));
      else starred.delete(String(body.questionId));
      return { collected: Boolean(body.collect), collectionId: body.collect ? 'col-00001' : null };
    },
    [`${Q}getWxQuestion`]: (body) => ({
      ...project({ questionId: String(body.questionId), title: '员工满意度调查模板', isTemplate: true }),
      ownerLevel: 1,
      subjectLimit: 200,
    }),
    [`${Q}getSubject`]: () => ({ subjects: [], logic: {}, version: 1 }),
  });
});
afterEach(() => {
  forgetSession();
  vi.restoreAllMocks();
});

describe('/collection.html 我的收藏', () => {
  it('shows 暂无收藏 with a way to the template centre', async () => {
    await renderApp('/collection.html');
    expect(await screen.findByText('暂无收藏')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去模板中心' })).toHaveAttribute('href', '/template/list.html');
    expect(document.title).toContain('我的收藏');
  });

  it('lists starred templates, switches to 选手, and 取消收藏 takes a card away', async () => {
    favourites = [
      favourite({ collectionId: 'col-t1', kind: 'template', title: '员工满意度调查', questionId: 'tpl-000001', questionType: 1 }),
      favourite({ collectionId: 'col-t2', kind: 'template', title: '期末考试', questionId: 'tpl-000002', questionType: 6 }),
      favourite({
        collectionId: 'col-p1',
        kind: 'player',
        title: '张小明',
        voteId: 'vote-000001',
        voteTitle: '校园歌手大赛',
        playerId: 'player-000001',
        cover: '/uploads/p1.jpg',
      }),
    ];
    const user = userEvent.setup();
    await renderApp('/collection.html');
    const card = (await screen.findByText('员工满意度调查')).closest('li')!;
    expect(within(card).getByText('问卷模板')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '打开' })).toHaveAttribute('href', '/template/detail.html?questionId=tpl-000001');
    expect(screen.getByText('期末考试')).toBeInTheDocument();
    expect(screen.queryByText('张小明')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '选手' }));
    const player = (await screen.findByText('张小明')).closest('li')!;
    expect(within(player).getByText('投票：校园歌手大赛')).toBeInTheDocument();
    expect(within(player).getByRole('link', { name: '打开' })).toHaveAttribute('href', '/v/vote-000001?playerId=player-000001');
    expect(api.current!.callsTo(`${C}getCollectionPage`).map((b) => b.kind)).toEqual(['template', 'player']);

    await user.click(screen.getByRole('tab', { name: '模板' }));
    await user.click(await screen.findByRole('button', { name: '取消收藏：员工满意度调查' }));
    expect(api.current!.callsTo(`${C}getCollectionCancel`)).toEqual([{ collectionIds: ['col-t1'] }]);
    await waitFor(() => expect(screen.queryByText('员工满意度调查')).not.toBeInTheDocument());
    expect(screen.getByText('期末考试')).toBeInTheDocument();
  });
});

describe('收藏 on a template page', () => {
  it('reads whether the template is starred and toggles it', async () => {
    const user = userEvent.setup();
    await renderApp('/template/detail.html?questionId=tpl-000001');
    const star = await screen.findByRole('button', { name: '收藏模板：员工满意度调查模板' });
    await waitFor(() => expect(star).toBeEnabled());
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    const on = await screen.findByRole('button', { name: '取消收藏模板：员工满意度调查模板' });
    expect(on).toHaveTextContent('已收藏');
    expect(on).toHaveAttribute('aria-pressed', 'true');
    expect(api.current!.callsTo(`${C}getCollectionSetting`)).toEqual([{ questionId: 'tpl-000001', collect: true }]);
    await user.click(on);
    expect(await screen.findByRole('button', { name: '收藏模板：员工满意度调查模板' })).toHaveTextContent('收藏');
    expect(api.current!.callsTo(`${C}getCollectionSetting`)[1]).toEqual({ questionId: 'tpl-000001', collect: false });
  });

  it('sends a visitor without a session to login and back, asking nothing', async () => {
    forgetSession();
    const user = userEvent.setup();
    const { router } = await renderApp('/template/detail.html?questionId=tpl-000001');
    await user.click(await screen.findByRole('button', { name: '收藏模板：员工满意度调查模板' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatchObject({ redirect: '/template/detail.html?questionId=tpl-000001' });
    expect(api.current!.callsTo(`${C}getCollectionWhether`)).toEqual([]);
    expect(api.current!.callsTo(`${C}getCollectionSetting`)).toEqual([]);
  });
});
