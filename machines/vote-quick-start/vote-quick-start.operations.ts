import type { TVoteSettings } from '../../schemas/vote/vote-rules';
import type { TQuickPlayer, TSavedPlayer, TVoteBasics, TVoteRule } from './vote-quick-start.types';

/** The phone screen's limits: the full editor imports more players (Excel, pasted names). */
export const QUICK_VOTE_LIMITS = { titleMax: 100, nameMax: 50, minPlayers: 2, maxPlayers: 50 } as const;

/** The votes-per-person choices, as the screen names them and as the vote's rules store them. */
export const VOTE_RULES: Record<TVoteRule, { label: string; settings: Partial<TVoteSettings> }> = {
  daily1: { label: '每人每天 1 票', settings: { limitScope: 'day', votesPerVoter: 1, perPlayerPerDay: 1, playersPerBallot: 1 } },
  daily3: { label: '每人每天 3 票，每位选手每天 1 票', settings: { limitScope: 'day', votesPerVoter: 3, perPlayerPerDay: 1, playersPerBallot: 1 } },
  once: { label: '整个活动每人只能投 1 票', settings: { limitScope: 'activity', votesPerVoter: 1, perPlayerPerDay: 1, playersPerBallot: 1 } },
};

/** Why screen 1 cannot go on yet (the screen's message), or null. */
export function basicsProblem(basics: TVoteBasics, now: Date): string | null {
  const title = basics.title.trim();
  if (!title) return '请填写投票标题';
  if (title.length > QUICK_VOTE_LIMITS.titleMax) return `标题最多${QUICK_VOTE_LIMITS.titleMax}个字`;
  const start = basics.startTime ? Date.parse(basics.startTime) : null;
  const end = basics.endTime ? Date.parse(basics.endTime) : null;
  if (end !== null && end <= now.getTime()) return '结束时间要晚于现在';
  if (start !== null && end !== null && end <= start) return '结束时间须晚于开始时间';
  return null;
}

/** Why the players cannot be published yet, or null: at least two, each named once. */
export function playersProblem(players: readonly TQuickPlayer[]): string | null {
  const names = players.map((p) => p.name.trim());
  if (names.some((name) => !name)) return '请填写每位选手的名称，或删掉空行';
  if (names.length < QUICK_VOTE_LIMITS.minPlayers) return `至少添加${QUICK_VOTE_LIMITS.minPlayers}位选手`;
  if (names.length > QUICK_VOTE_LIMITS.maxPlayers) return `这里最多添加${QUICK_VOTE_LIMITS.maxPlayers}位选手，更多请在完整编辑中批量导入`;
  const long = names.find((name) => name.length > QUICK_VOTE_LIMITS.nameMax);
  if (long) return `选手名称最多${QUICK_VOTE_LIMITS.nameMax}个字：${long.slice(0, 10)}…`;
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  return twice ? `选手名称重复：${twice}` : null;
}

export interface TPlayerPlan {
  /** Saved players no longer on the screen. */
  remove: string[];
  /** Saved players whose photo changed. */
  update: Array<{ playerId: string; name: string; photo: string }>;
  /** Players not saved yet, in the screen's order (numbered in that order). */
  add: Array<{ name: string; photo: string }>;
}

/**
 * What to do so the vote holds exactly the screen's players, matched by name (names are unique on the screen): run
 * against what the server holds, a retry after a failure half-way adds nothing twice.
 */
export function playerPlan(players: readonly TQuickPlayer[], saved: readonly TSavedPlayer[]): TPlayerPlan {
  const wanted = new Map(players.map((p) => [p.name.trim(), p.photo]));
  const byName = new Map(saved.map((p) => [p.name, p]));
  return {
    remove: saved.filter((p) => !wanted.has(p.name)).map((p) => p.playerId),
    update: saved.flatMap((p) => {
      const photo = wanted.get(p.name);
      return photo !== undefined && photo !== p.photo ? [{ playerId: p.playerId, name: p.name, photo }] : [];
    }),
    add: [...wanted].filter(([name]) => !byName.has(name)).map(([name, photo]) => ({ name, photo })),
  };
}
