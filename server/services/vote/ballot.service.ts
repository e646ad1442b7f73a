import type { z } from 'zod';
import type { TVotePraiseResult, ZVotePraiseRequest } from '../../../schemas/api/vote';
import type { TRefusalReason } from '../../../schemas/refusals';
import { VOTE_MESSAGES } from '../../../schemas/vote/vote-messages';
import { SUSPECT_RULES, voteDay, votePeriod, voterShard, type TVoteSettings } from '../../../schemas/vote/vote-rules';
import { AppError, badInput, conflict, notFound } from '../errors';
import { sha256 } from '../crypto';
import type { Deps } from '../deps';
import type { AuthUser } from '../access/sessions.service';
import type { BallotOutcome } from './ballot-strategy';
import { ballotTargetOf, loadBallotTarget } from './ballot-cache';
import { identifyVoter, ipArea, type Voter } from './voter-identity';

type TPraise = z.output<typeof ZVotePraiseRequest>;

/** Tries of one ballot while other processes keep changing the activity's rules under it. */
const TRIES = 3;

/**
 * getVotePraise: one ballot for one or more players, in one round trip: the activity's id, version and rules come
 * from the per-process cache (ballot-cache.ts) and wj_ballot checks everything else in one transaction (or the
 * injected strategy does). A cached entry never decides alone: a refusal it would cause is checked again against
 * the stored activity, and wj_ballot refuses a ballot taken under rules that have changed since ('stale'). A retry
 * with the same ballotId answers what the first answered and counts nothing again.
 */
export async function castBallot(deps: Deps, user: AuthUser | null, body: TPraise, client: { ip: string }): Promise<TVotePraiseResult> {
  const { database } = deps;
  if (new Set(body.playerIds).size !== body.playerIds.length) throw badInput(VOTE_MESSAGES.duplicatePlayers, 'playerIds');
  let target = await ballotTargetOf(deps, database.query, body.voteId);
  let fresh = false;
  const reload = async () => {
    fresh = true;
    target = await loadBallotTarget(deps, database.query, body.voteId);
  };
  let voter: Voter | null = null;
  let identity: TVoteSettings['identity'] | null = null;
  for (let attempt = 1; ; attempt++) {
    if (!target) throw notFound('投票不存在或已删除');
    const { settings } = target;
    const problem = precheck(settings, body, user);
    if (problem && !fresh) {
      await reload();
      continue;
    }
    if (problem) throw problem;
    if (!voter || identity !== settings.identity) {
      voter = await identifyVoter(deps, settings, target.publicId, user, body);
      identity = settings.identity;
    }
    const now = deps.now();
    const outcome = await deps.ballot(database, {
      voteId: target.id,
      version: target.version,
      ballotId: body.ballotId,
      hash: sha256([target.publicId, voter.key, ...[...body.playerIds].sort()].join('|')),
      voterKey: voter.key,
      period: votePeriod(settings, now),
      day: voteDay(now),
      now,
      players: body.playerIds,
      perVoter: settings.votesPerVoter,
      // No per-player limit: nothing is counted per player (wj_ballot counts the day's vote rows when one is set later).
      perPlayer: settings.perPlayerPerDay ?? null,
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
      fingerprint: body.fingerprint ?? '',
      burstFingerprint: SUSPECT_RULES.fingerprintVoters,
    });
    if (outcome.outcome === 'stale' || (outcome.outcome === 'gone' && !fresh)) {
      if (attempt >= TRIES) throw conflict(VOTE_MESSAGES.rulesChanged);
      await reload();
      continue;
    }
    if (outcome.outcome !== 'ok' && outcome.outcome !== 'replay') throw refusal(outcome.outcome, settings.limitScope);
    const { result } = outcome;
    return {
      ballotId: body.ballotId,
      replay: outcome.outcome === 'replay',
      players: body.playerIds.map((playerId) => ({ playerId, votes: settings.showCounts ? (result.totals?.[playerId] ?? 0) : null })),
      remaining: Math.max(0, settings.votesPerVoter - result.used),
      limitScope: settings.limitScope,
      voterToken: voter.token,
    };
  }
}

/** What the rules refuse before anything is written (no side effects: the SMS code is checked by identifyVoter after). */
function precheck(settings: TVoteSettings, body: TPraise, user: AuthUser | null): AppError | null {
  if (body.playerIds.length > settings.playersPerBallot) return badInput(VOTE_MESSAGES.tooManyPlayers(settings.playersPerBallot), 'playerIds');
  if (settings.identity === 'login' && !user) return conflict(VOTE_MESSAGES.loginRequired, { reason: 'loginRequired' });
  if (settings.identity === 'wechat' && !body.wechatToken) return conflict(VOTE_MESSAGES.wechatRequired, { reason: 'wechatRequired' });
  if (settings.identity === 'sms' && !body.voterToken && !(body.phone && body.code)) return conflict(VOTE_MESSAGES.phoneRequired, { reason: 'phoneRequired' });
  return null;
}

const refused = (code: '403' | '409', message: string, reason: TRefusalReason, extra: object = {}) => new AppError(code, message, { reason, ...extra });

function refusal(outcome: Exclude<BallotOutcome['outcome'], 'ok' | 'replay'>, scope: 'day' | 'activity'): AppError {
  switch (outcome) {
    case 'gone':
      return notFound(VOTE_MESSAGES.gone);
    case 'stale':
      return conflict(VOTE_MESSAGES.rulesChanged);
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
