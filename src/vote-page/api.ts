// Every call the voting page makes, typed by the contracts (schemas/api/vote*.ts, as types only) and mapped
// onto the page's own model (model.ts).
import type { TPublicPlayer, TVoteScene } from '../../schemas/api/vote';
import * as CALL_PATHS from '../../schemas/api/paths/calls';
import type { TAnswerOf, TBodyOf } from '../../schemas/api/call-path-types';
import { callOf, uploadTo } from './client';
import { deviceId } from './ids';
import type { TPlayerView, TRankRow, TVoteView } from './model';
import type { TPageLoad } from './use-infinite';
import type { TPosterCard } from '../phone-share/poster';
import { setupWechatShare } from '../phone-share/wechat-share';

/** Reasons a ballot is refused (data.reason of the envelope, schemas/refusals.ts), plus 'identity' for a 401. */
export type TBallotRefusal =
  | 'suspended'
  | 'voteDraft'
  | 'ended'
  | 'notStarted'
  | 'voterLimit'
  | 'playerLimit'
  | 'notWhitelisted'
  | 'loginRequired'
  | 'phoneRequired'
  | 'wechatRequired'
  | 'identity';

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
export const getVotePage = async (voteId: string) => voteView(await callOf(CALL_PATHS.vote.getSceneVoteSetting, { voteId, visit: true, deviceId: deviceId() }));

export async function listPlayers(q: { voteId: string; keyword: string; page: number; pageSize: number }): Promise<TPageLoad<TPlayerView>> {
  const got = await callOf(CALL_PATHS.player.getPlayerList, {
    voteId: q.voteId,
    keyword: q.keyword || undefined,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { list: got.list.map(playerView), total: got.total };
}

/** One approved player by public id (the shared link's `?playerId=`); null when there is none. */
export async function getPlayerById(voteId: string, playerId: string): Promise<TPlayerView | null> {
  const got = await callOf(CALL_PATHS.player.getPlayerList, { voteId, playerId, page: 1, pageSize: 1 });
  return got.list[0] ? playerView(got.list[0]) : null;
}

export async function listRanking(q: { voteId: string; page: number; pageSize: number }): Promise<TPageLoad<TRankRow>> {
  const got = await callOf(CALL_PATHS.player.getPlayerRankPage, q);
  const start = (q.page - 1) * q.pageSize;
  return { list: got.list.map((p, i) => ({ ...playerView(p), rank: p.rank ?? start + i + 1 })), total: got.total };
}

export async function getNeighbour(voteId: string, playerId: string, direction: 'last' | 'next'): Promise<TPlayerView | null> {
  const got = await callOf(CALL_PATHS.vote.getLastOrNext, { voteId, playerId, direction });
  return got ? playerView(got) : null;
}

export type TBallotBody = TBodyOf<typeof CALL_PATHS.vote.getVotePraise>;
type TPraise = TAnswerOf<typeof CALL_PATHS.vote.getVotePraise>;
/** A ballot's outcome as the page keeps it: the counts by player, what is left and what this tap added. */
export interface TBallotResult {
  counts: Record<string, number>;
  remaining: TPraise['remaining'];
  added: number;
  voterToken: TPraise['voterToken'];
  /** 红包: what happens to this ballot's red envelope, when the vote has one running. */
  redPacket: TPraise['redPacket'] | null;
}

export async function castBallot(body: TBallotBody): Promise<TBallotResult> {
  const got = await callOf(CALL_PATHS.vote.getVotePraise, body);
  const counts: Record<string, number> = {};
  // A count is null when the rules hide counts: the page then shows none.
  for (const p of got.players) if (p.votes !== null) counts[p.playerId] = p.votes;
  return { counts, remaining: got.remaining, added: got.replay ? 0 : got.players.length, voterToken: got.voterToken, redPacket: got.redPacket ?? null };
}

export const getWechatAuthUrl = (voteId: string, redirectPath: string) => callOf(CALL_PATHS.vote.getVoteWechatAuthUrl, { voteId, redirectPath });
export const getWechatVoter = (body: TBodyOf<typeof CALL_PATHS.vote.getVoteWechatVoter>) => callOf(CALL_PATHS.vote.getVoteWechatVoter, body);

export const sendVoteSms = (phone: string) => callOf(CALL_PATHS.user.sendSms, { phone, type: 'vote' });

/** The vote's share poster as the shared poster draws it: the player shared, else an invitation. */
export async function getPoster(voteId: string, playerId?: string): Promise<TPosterCard & { url: string }> {
  const data = await callOf(CALL_PATHS.voteTemplate.getPageWxAppletPicture, playerId ? { voteId, playerId } : { voteId });
  const player = data.playerName ? `${data.playerNo ?? ''}号 ${data.playerName}` : null;
  return {
    title: data.title,
    cover: data.cover,
    qrPng: data.qrPng,
    url: data.url,
    highlight: player,
    note: !player ? '邀请您为喜欢的选手投上一票' : data.votes !== null ? `当前 ${data.votes} 票，快来为 TA 投票吧！` : null,
    action: '参与投票',
  };
}

/** The background music when the creator turned it on, else null. */
export async function getMusic(voteId: string): Promise<{ url: string; autoplay: boolean } | null> {
  const m = await callOf(CALL_PATHS.voteExtra.getMusicByVoteId, { voteId });
  return m.open && m.url ? { url: m.url, autoplay: m.autoplay } : null;
}

export const listComments = async (voteId: string, page: number) => {
  const got = await callOf(CALL_PATHS.voteExtra.getCommentList, { voteId, page, pageSize: 20 });
  return { list: got.list, total: got.total };
};
export const postComment = (body: { voteId: string; nickname?: string; content: string }) =>
  callOf(CALL_PATHS.voteExtra.saveComment, { ...body, deviceId: deviceId() });

export const getSignUp = (voteId: string) => callOf(CALL_PATHS.voteExtra.getWxAppletVoteSignUp, { voteId, deviceId: deviceId() });
export const saveSignUp = (body: { voteId: string; name: string; typeId?: number; description?: string; phone?: string; image?: string }) =>
  callOf(CALL_PATHS.voteExtra.saveOrUpdateSignUp, { ...body, deviceId: deviceId() });

export async function uploadImage(voteId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('voteId', voteId);
  form.append('file', file, file.name);
  return (await uploadTo(CALL_PATHS.upload.image, form)).url;
}

export const getCollected = async (voteId: string, playerId?: string) =>
  (await callOf(CALL_PATHS.voteCollect.getCollectionWhether, playerId ? { voteId, playerId } : { voteId })).collected;
export const setCollected = async (voteId: string, playerId: string | undefined, collect: boolean) =>
  (await callOf(CALL_PATHS.voteCollect.getCollectionSetting, { voteId, ...(playerId ? { playerId } : {}), collect })).collected;

/** In WeChat: the vote's share card, signed for the owner's official account (issue 47; nothing elsewhere). */
export const shareInWechat = (voteId: string): void => setupWechatShare((url) => callOf(CALL_PATHS.share.getJsSdkConfig, { voteId, url }));
