import type { Query } from '../../db/client';
import { hmac } from '../crypto';

/**
 * A 'ballot.cast' delivery's `data` (issue 53 item 3): the players the ballot voted for, how many votes it gave, when,
 * and who as a key of this vote only — an HMAC of the voter's key under the server's secret, never the phone or
 * WeChat identity the key is made of: the same voter has the same key in every delivery of the vote, a receiver can
 * count voters but not name them.
 */
interface BallotPlayerRead {
  public_id: string;
  name: string;
  no: number;
  voter_key: string;
  created_at: Date | string;
}

export const webhookVoterKey = (secret: string, voteId: number, voterKey: string) => `v_${hmac(secret, `webhook-voter|${voteId}|${voterKey}`).slice(0, 24)}`;

export async function ballotData(query: Query, voteId: number, secret: string, seed: Record<string, unknown>): Promise<Record<string, unknown>> {
  const rows = await query<BallotPlayerRead>(
    `SELECT p.public_id, p.name, p.no, b.voter_key, b.created_at
     FROM vote_ballots b JOIN vote_players p ON p.id = b.player_id
     WHERE b.vote_id = $1 AND b.ballot_id = $2 ORDER BY p.no, p.id`,
    [voteId, String(seed.ballotId)],
  );
  const first = rows[0];
  if (!first) return seed;
  return {
    ballotId: String(seed.ballotId),
    players: rows.map((r) => ({ playerId: r.public_id, name: r.name, number: Number(r.no) })),
    votes: rows.length,
    voter: webhookVoterKey(secret, voteId, first.voter_key),
    time: new Date(first.created_at).toISOString(),
  };
}
