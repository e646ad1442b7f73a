import type { z } from 'zod';
import type { ZPoster } from '../../../schemas/api/vote-extras-models';
import type { Query } from '../../db/client';
import { qrCode } from '../../lazy-packages';
import { playerOf, publicVote, rulesOf } from './vote-access';
import { col, defineSql } from '../../db/sql';

/** The voting page of a vote (vote.html serves /v/{voteId}), optionally opened on one player. */
export const votePageUrl = (origin: string, voteId: string, playerId?: string) =>
  `${origin}/v/${encodeURIComponent(voteId)}${playerId ? `?playerId=${encodeURIComponent(playerId)}` : ''}`;

export const qrPng = async (url: string) => (await qrCode()).toDataURL(url, { margin: 2, width: 480, errorCorrectionLevel: 'M' });

const posterOfSql = defineSql(
  'vote-poster.posterOf',
  { name: col.text, no: col.int, votes: col.bigint },
  'SELECT p.name, p.no, COALESCE((SELECT sum(n) FROM vote_player_counts c WHERE c.player_id = p.id), 0) AS votes FROM vote_players p WHERE p.id = $1',
);

/** Share poster data (getPageWxAppletPicture): title, cover, the page's QR code as a PNG, and the player's count when counts are shown. */
export async function posterOf(query: Query, origin: string, voteId: string, playerId?: string): Promise<z.input<typeof ZPoster>> {
  const vote = await publicVote(query, voteId);
  const url = votePageUrl(origin, vote.public_id, playerId);
  let player: { name: string; no: number; votes: number } | null = null;
  if (playerId) {
    const { id } = await playerOf(query, vote.id, playerId);
    const [row] = await posterOfSql.run(query, [id]);
    player = { name: row!.name, no: row!.no, votes: Number(row!.votes) };
  }
  return {
    voteId: vote.public_id,
    title: vote.title,
    cover: vote.cover_images[0] ?? null,
    url,
    qrPng: await qrPng(url),
    playerName: player?.name ?? null,
    playerNo: player?.no ?? null,
    votes: player && rulesOf(vote).showCounts ? player.votes : null,
  };
}

/** The QR code of a vote's page (wxApplet/vote/getAppletCode): a web page's code, PNG. */
export async function appletCode(query: Query, origin: string, voteId: string, playerId?: string) {
  const vote = await publicVote(query, voteId);
  if (playerId) await playerOf(query, vote.id, playerId);
  const url = votePageUrl(origin, vote.public_id, playerId);
  return { voteId: vote.public_id, url, qrPng: await qrPng(url) };
}
