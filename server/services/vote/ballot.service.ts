import type { z } from 'zod';
import type { TVotePraiseResult, ZVotePraiseRequest } from '../../../schemas/api/vote';
import type { TRefusalReason } from '../../../schemas/refusals';
import { VOTE_MESSAGES } from '../../../schemas/vote/vote-messages';
import { SUSPECT_RULES, voteDay, votePeriod, voterShard, voteSettingsOf } from '../../../schemas/vote/vote-rules';
import { AppError, badInput, conflict, notFound } from '../../http/errors';
import { sha256 } from '../crypto';
import type { Deps } from '../deps';
import type { AuthUser } from '../access/sessions.service';
import type { BallotOutcome } from './ballot-strategy';
import { publicVote } from './vote-access.service';
import { identifyVoter, ipArea } from './voter-identity';

type TPraise = z.output<typeof ZVotePraiseRequest>;

/** Unlimited per-player votes still go through the counter's conditional upsert, against a bound no one reaches. */
const NO_LIMIT = 2_000_000_000;

/**
 * getVotePraise: one ballot for one or more players, in one transaction (wj_vote, or the injected strategy). A
 * retry with the same ballotId answers what the first answered and counts nothing again.
 */
export async function castBallot(deps: Deps, user: AuthUser | null, body: TPraise, client: { ip: string }): Promise<TVotePraiseResult> {
  const { database } = deps;
  const vote = await publicVote(database.query, body.voteId);
  const settings = voteSettingsOf(vote.settings);
  if (new Set(body.playerIds).size !== body.playerIds.length) throw badInput(VOTE_MESSAGES.duplicatePlayers, 'playerIds');
  if (body.playerIds.length > settings.playersPerBallot) throw badInput(VOTE_MESSAGES.tooManyPlayers(settings.playersPerBallot), 'playerIds');
  const voter = await identifyVoter(deps, settings, vote.public_id, user, body);
  const players = await database.query<{ id: number; public_id: string }>(
    `SELECT id, public_id FROM vote_players WHERE vote_id = $1 AND public_id = ANY($2::text[]) AND review = 'approved' ORDER BY id`,
    [vote.id, body.playerIds],
  );
  if (players.length !== body.playerIds.length) throw badInput(VOTE_MESSAGES.player, 'playerIds');
  const now = deps.now();
  const outcome = await deps.ballot(database, {
    voteId: vote.id,
    ballotId: body.ballotId,
    hash: sha256([vote.public_id, voter.key, ...[...body.playerIds].sort()].join('|')),
    voterKey: voter.key,
    period: votePeriod(settings, now),
    day: voteDay(now),
    now,
    players: players.map((p) => p.id),
    perVoter: settings.votesPerVoter,
    perPlayer: settings.perPlayerPerDay ?? NO_LIMIT,
    whitelist: settings.whitelist,
    userId: voter.userId,
    phone: voter.phone,
    ip: client.ip,
    ipArea: ipArea(client.ip),
    device: body.deviceId,
    shard: voterShard(voter.key),
    burstIp: SUSPECT_RULES.ipPerMinute,
    burstDevice: SUSPECT_RULES.devicePerMinute,
    minGapMs: SUSPECT_RULES.minGapMs,
  });
  if (outcome.outcome !== 'ok' && outcome.outcome !== 'replay') throw refusal(outcome.outcome, settings.limitScope);
  const { result } = outcome;
  return {
    ballotId: body.ballotId,
    replay: outcome.outcome === 'replay',
    players: players.map((p) => ({ playerId: p.public_id, votes: settings.showCounts ? (result.totals?.[String(p.id)] ?? 0) : null })),
    remaining: Math.max(0, settings.votesPerVoter - result.used),
    limitScope: settings.limitScope,
    voterToken: voter.token,
  };
}

const refused = (code: '403' | '409', message: string, reason: TRefusalReason, extra: object = {}) => new AppError(code, message, { reason, ...extra });

function refusal(outcome: Exclude<BallotOutcome['outcome'], 'ok' | 'replay'>, scope: 'day' | 'activity'): AppError {
  switch (outcome) {
    case 'gone':
      return notFound(VOTE_MESSAGES.gone);
    case 'player':
      return badInput(VOTE_MESSAGES.player, 'playerIds');
    case 'reused':
      return conflict(VOTE_MESSAGES.reused);
    case 'draft':
      return refused('409', VOTE_MESSAGES.draft, 'voteDraft');
    case 'suspended':
      return refused('409', VOTE_MESSAGES.suspended, 'suspended');
    case 'ended':
      return refused('409', VOTE_MESSAGES.ended, 'ended');
    case 'notStarted':
      return refused('409', VOTE_MESSAGES.notStarted, 'notStarted');
    case 'notWhitelisted':
      return refused('403', VOTE_MESSAGES.notWhitelisted, 'notWhitelisted');
    case 'voterLimit':
      return refused('409', scope === 'day' ? VOTE_MESSAGES.dayLimit : VOTE_MESSAGES.activityLimit, 'voterLimit', { remaining: 0 });
    case 'playerLimit':
      return refused('409', VOTE_MESSAGES.playerLimit, 'playerLimit');
  }
}
