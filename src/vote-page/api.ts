// Every call the voting page makes, typed by the contracts (schemas/api/vote*.ts, as types only) and mapped
// onto the page's own model (model.ts).
import type { voteCalls, TPublicPlayer, TVoteScene } from '../../schemas/api/vote';
import type { playerCalls } from '../../schemas/api/vote-player';
import type { voteCollectCalls, voteExtraCalls, voteTemplateCalls } from '../../schemas/api/vote-extras';
import type { uploadCalls } from '../../schemas/api/upload';
import type { userCalls } from '../../schemas/api/user';
import type { TResponseOf } from '../../schemas/api/contract';
import { VoteError, callOf } from './client';
import { deviceId } from './ids';
import type { TPlayerView, TRankRow, TVoteView } from './model';
import type { TPosterData } from './poster';
import type { TPageLoad } from './use-infinite';

/** Reasons a ballot is refused (data.reason of the envelope, schemas/refusals.ts), plus 'identity' for a 401. */
export type TBallotRefusal =
  'suspended' | 'voteDraft' | 'ended' | 'notStarted' | 'voterLimit' | 'playerLimit' | 'notWhitelisted' | 'loginRequired' | 'phoneRequired' | 'identity';

export function voteView(s: TVoteScene): TVoteView {
  const status = s.phase === 'notStarted' ? 'running' : s.phase;
  return {
    voteId: s.voteId,
    title: s.title,
    covers: s.coverImages,
    description: s.description,
    startTime: s.startTime,
    endTime: s.endTime,
    status,
    rules: {
      scope: s.settings.limitScope,
      votesPerVoter: s.settings.votesPerVoter,
      perPlayerPerDay: s.settings.perPlayerPerDay ?? 0,
      identity: s.settings.identity,
      showCounts: s.settings.showCounts,
      showRanking: s.settings.showRanking,
      comments: s.settings.comments,
      signUp: s.settings.signUp,
    },
    totals: { players: s.playerCount, votes: s.voteCount, visits: s.visitCount },
    remaining: s.remaining,
  };
}

export const playerView = (p: TPublicPlayer): TPlayerView => ({
  playerId: p.playerId,
  no: p.no,
  name: p.name,
  photo: p.photo || null,
  votes: p.votes,
  description: p.description,
  videoUrl: p.videoUrl || null,
  audioUrl: p.audioUrl || null,
  typeName: p.typeName,
});

/** The page's view of the vote; each opening counts one visit. */
export const getVotePage = async (voteId: string) =>
  voteView(await callOf<typeof voteCalls.getSceneVoteSetting>('activity/vote/getSceneVoteSetting', { voteId, visit: true, deviceId: deviceId() }));

export async function listPlayers(q: { voteId: string; keyword: string; page: number; pageSize: number }): Promise<TPageLoad<TPlayerView>> {
  const got = await callOf<typeof playerCalls.getPlayerList>('activity/player/getPlayerList', {
    voteId: q.voteId,
    keyword: q.keyword || undefined,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { list: got.list.map(playerView), total: got.total };
}

/** One approved player by public id (the shared link's `?playerId=`); null when there is none. */
export async function getPlayerById(voteId: string, playerId: string): Promise<TPlayerView | null> {
  const got = await callOf<typeof playerCalls.getPlayerList>('activity/player/getPlayerList', { voteId, playerId, page: 1, pageSize: 1 });
  return got.list[0] ? playerView(got.list[0]) : null;
}

export async function listRanking(q: { voteId: string; page: number; pageSize: number }): Promise<TPageLoad<TRankRow>> {
  const got = await callOf<typeof playerCalls.getPlayerRankPage>('activity/player/getPlayerRankPage', q);
  const start = (q.page - 1) * q.pageSize;
  return { list: got.list.map((p, i) => ({ ...playerView(p), rank: p.rank ?? start + i + 1 })), total: got.total };
}

export async function getNeighbour(voteId: string, playerId: string, direction: 'last' | 'next'): Promise<TPlayerView | null> {
  const got = await callOf<typeof voteCalls.getLastOrNext>('activity/vote/getLastOrNext', { voteId, playerId, direction });
  return got ? playerView(got) : null;
}

export interface TBallotBody {
  voteId: string;
  ballotId: string;
  playerIds: string[];
  deviceId: string;
  phone?: string;
  code?: string;
  voterToken?: string;
}
export interface TBallotResult {
  counts: Record<string, number>;
  remaining: number;
  added: number;
  voterToken: string | null;
}

export async function castBallot(body: TBallotBody): Promise<TBallotResult> {
  const got = await callOf<typeof voteCalls.getVotePraise>('activity/vote/getVotePraise', body);
  const counts: Record<string, number> = {};
  // A count is null when the rules hide counts: the page then shows none.
  for (const p of got.players) if (p.votes !== null) counts[p.playerId] = p.votes;
  return { counts, remaining: got.remaining, added: got.replay ? 0 : got.players.length, voterToken: got.voterToken };
}

export const sendVoteSms = (phone: string) => callOf<typeof userCalls.sendSms>('activity/user/sendSms', { phone, type: 'vote' });

export async function getPoster(voteId: string, playerId?: string): Promise<TPosterData & { url: string }> {
  return callOf<typeof voteTemplateCalls.getPageWxAppletPicture>('activity/vote/getPageWxAppletPicture', playerId ? { voteId, playerId } : { voteId });
}

/** The background music when the creator turned it on, else null. */
export async function getMusic(voteId: string): Promise<{ url: string; autoplay: boolean } | null> {
  const m = await callOf<typeof voteExtraCalls.getMusicByVoteId>('activity/vote/getMusicByVoteId', { voteId });
  return m.open && m.url ? { url: m.url, autoplay: m.autoplay } : null;
}

export const listComments = async (voteId: string, page: number) => {
  const got = await callOf<typeof voteExtraCalls.getCommentList>('activity/vote/getCommentList', { voteId, page, pageSize: 20 });
  return { list: got.list, total: got.total };
};
export const postComment = (body: { voteId: string; nickname?: string; content: string }) =>
  callOf<typeof voteExtraCalls.saveComment>('activity/vote/saveComment', { ...body, deviceId: deviceId() });

export const getSignUp = (voteId: string) =>
  callOf<typeof voteExtraCalls.getWxAppletVoteSignUp>('activity/vote/getWxAppletVoteSignUp', { voteId, deviceId: deviceId() });
export const saveSignUp = (body: { voteId: string; name: string; typeId?: number; description?: string; phone?: string; image?: string }) =>
  callOf<typeof voteExtraCalls.saveOrUpdateSignUp>('activity/vote/saveOrUpdateSignUp', { ...body, deviceId: deviceId() });

export async function uploadImage(voteId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('voteId', voteId);
  form.append('file', file, file.name);
  const response = await fetch('/api/upload/image', { method: 'POST', body: form, credentials: 'same-origin' });
  const envelope = (await response.json()) as { resultCode: string; resultMsg: string; data: TResponseOf<typeof uploadCalls.image> };
  if (envelope.resultCode !== '200') throw new VoteError(envelope.resultCode, envelope.resultMsg || '上传失败');
  return envelope.data.url;
}

export const getCollected = async (voteId: string, playerId?: string) =>
  (await callOf<typeof voteCollectCalls.getCollectionWhether>('activity/collect/getCollectionWhether', playerId ? { voteId, playerId } : { voteId })).collected;
export const setCollected = async (voteId: string, playerId: string | undefined, collect: boolean) =>
  (await callOf<typeof voteCollectCalls.getCollectionSetting>('activity/collect/getCollectionSetting', { voteId, ...(playerId ? { playerId } : {}), collect }))
    .collected;
