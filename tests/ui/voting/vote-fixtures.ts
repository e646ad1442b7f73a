import type { TPublicPlayer, TVoteDetail, TVoteInfo, TVotingDetail } from '../../../schemas/api/vote';
import type { TStatistics } from '../../../schemas/api/vote-player';
import { ZVoteSettings } from '../../../schemas/vote/vote-rules';

/** A vote as getVoteList answers it. */
export function vote(overrides: Partial<TVoteInfo> & { voteId: string; title: string }): TVoteInfo {
  return {
    coverImages: [],
    description: '',
    startTime: null,
    endTime: null,
    status: 'draft',
    phase: 'draft',
    isTop: false,
    inBin: false,
    playerCount: 0,
    voteCount: 0,
    visitCount: 0,
    version: 1,
    createTime: '2026-11-20T08:00:00.000Z',
    updateTime: '2026-11-21T08:00:00.000Z',
    deleteTime: null,
    ...overrides,
  };
}

export const detailOf = (info: TVoteInfo): TVoteDetail => ({ ...info, settings: ZVoteSettings.parse({}), powerType: 1, brand: 'toupiao' });

export function player(overrides: Partial<TPublicPlayer> & { playerId: string; no: number; name: string }): TPublicPlayer {
  return { photo: '', description: '', videoUrl: '', audioUrl: '', typeId: null, typeName: null, votes: 0, rank: null, review: 'approved', ...overrides };
}

export function detail(overrides: Partial<TVotingDetail> & { detailId: string }): TVotingDetail {
  return {
    playerId: 'p_000000001',
    playerNo: 1,
    playerName: '张三',
    voter: '138****0000',
    ip: '10.0.0.1',
    ipArea: '上海',
    valid: true,
    suspect: false,
    suspectReason: null,
    createTime: '2026-11-26T08:00:00.000Z',
    ...overrides,
  };
}

export const STATISTICS: TStatistics = {
  players: [
    { playerId: 'p_000000001', no: 1, name: '张三', typeName: '少儿组', votes: 12, voided: 1, suspect: 2, voters: 9, rank: 1 },
    { playerId: 'p_000000002', no: 2, name: '李四', typeName: '成人组', votes: 5, voided: 0, suspect: 0, voters: 5, rank: 2 },
  ],
  types: [
    { typeId: 1, name: '少儿组', players: 1, votes: 12 },
    { typeId: 2, name: '成人组', players: 1, votes: 5 },
  ],
  totals: { votes: 17, voided: 1, suspect: 2, voters: 14, visits: 230 },
};

/** A page of `items` as the paged calls answer. */
export const pageOf =
  <T>(items: T[]) =>
  (body: Record<string, unknown>) => {
    const page = Number(body.page ?? 1);
    const pageSize = Number(body.pageSize ?? 10);
    return { list: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
  };
