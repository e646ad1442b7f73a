import { vi } from 'vitest';
import type { TPublicPlayer, TVoteScene } from '../../../schemas/api/vote';

type Reply = { resultCode: string; resultMsg: string; data: unknown };
export const ok = (data: unknown): Reply => ({ resultCode: '200', resultMsg: '成功', data });
export const refuse = (resultCode: string, resultMsg: string, reason?: string): Reply => ({ resultCode, resultMsg, data: reason ? { reason } : null });

export function player(no: number, votes = 0, fields: Partial<TPublicPlayer> = {}): TPublicPlayer {
  return {
    playerId: `player-${String(no).padStart(4, '0')}`,
    no,
    name: `选手${no}`,
    photo: '',
    description: `${no}号选手的介绍`,
    videoUrl: '',
    audioUrl: '',
    typeId: null,
    typeName: null,
    votes,
    rank: null,
    review: 'approved',
    ...fields,
  };
}

export function scene(fields: Partial<TVoteScene> = {}, settings: Partial<TVoteScene['settings']> = {}): TVoteScene {
  return {
    voteId: 'vote-abcdef12',
    title: '最美教师评选',
    coverImages: [],
    description: '',
    startTime: null,
    endTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    phase: 'running',
    phaseMessage: null,
    settings: {
      limitScope: 'day',
      votesPerVoter: 3,
      perPlayerPerDay: null,
      playersPerBallot: 1,
      identity: 'none',
      wechatAuthId: null,
      wechatAppid: null,
      whitelist: false,
      showCounts: true,
      showRanking: true,
      comments: false,
      commentReview: true,
      music: false,
      signUp: false,
      signUpReview: true,
      ...settings,
    },
    playerCount: 0,
    voteCount: 0,
    visitCount: 12,
    remaining: 3,
    brand: 'toupiao',
    ...fields,
  };
}

/**
 * A stand-in for the vote server behind fetch: players with counts, a per-voter limit, ballot ids replayed once
 * counted. Tests change `state` or override a path in `routes`.
 */
export function fakeServer(players: TPublicPlayer[], s: TVoteScene) {
  const state = { players, scene: s, used: 0, seen: new Map<string, unknown>(), paused: false };
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  const routes: Record<string, (body: Record<string, unknown>) => Reply> = {
    'activity/vote/getSceneVoteSetting': () => ok({ ...state.scene, playerCount: state.players.length }),
    'activity/player/getPlayerList': (b) => {
      const keyword = String(b.keyword ?? '');
      const hit = state.players.filter((p) => (!keyword || p.name.includes(keyword) || String(p.no) === keyword) && (!b.playerId || p.playerId === b.playerId));
      const page = Number(b.page ?? 1);
      const size = Number(b.pageSize ?? 10);
      return ok({ list: hit.slice((page - 1) * size, page * size), total: hit.length, page, pageSize: size });
    },
    'activity/player/getPlayerRankPage': (b) => {
      const sorted = [...state.players].sort((x, y) => (y.votes ?? 0) - (x.votes ?? 0) || x.no - y.no).map((p, i) => ({ ...p, rank: i + 1 }));
      const page = Number(b.page ?? 1);
      const size = Number(b.pageSize ?? 10);
      return ok({ list: sorted.slice((page - 1) * size, page * size), total: sorted.length, page, pageSize: size });
    },
    'activity/vote/getLastOrNext': (b) => {
      const i = state.players.findIndex((p) => p.playerId === b.playerId);
      return ok(state.players[b.direction === 'next' ? i + 1 : i - 1] ?? null);
    },
    'activity/vote/getVotePraise': (b) => {
      const id = String(b.ballotId);
      if (state.seen.has(id)) return ok({ ...(state.seen.get(id) as object), replay: true });
      if (state.paused) return refuse('409', '投票活动已暂停', 'suspended');
      if (state.used >= state.scene.settings.votesPerVoter) return refuse('409', '今日投票次数已用完，明天再来吧', 'voterLimit');
      state.used += 1;
      const p = state.players.find((x) => x.playerId === (b.playerIds as string[])[0])!;
      p.votes = (p.votes ?? 0) + 1;
      const result = {
        ballotId: id,
        replay: false,
        players: [{ playerId: p.playerId, votes: p.votes }],
        remaining: state.scene.settings.votesPerVoter - state.used,
        limitScope: 'day',
        voterToken: null,
      };
      state.seen.set(id, result);
      return ok(result);
    },
    'activity/vote/getMusicByVoteId': () => ok({ open: false, source: null, musicId: null, name: null, url: null, autoplay: false }),
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api\//, '');
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    calls.push({ path, body });
    const reply = routes[path]?.(body) ?? { resultCode: '404', resultMsg: '请求的接口或资源不存在', data: null };
    return { json: async () => reply } as Response;
  });
  return { state, calls, routes };
}
