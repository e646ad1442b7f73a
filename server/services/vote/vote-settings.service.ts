import type { TVoteScene } from '../../../schemas/api/vote';
import { VOTE_MESSAGES } from '../../../schemas/vote/vote-messages';
import { remainingVotes, votePeriod, voterShard, voteSettingsOf, type TVoteSettings } from '../../../schemas/vote/vote-rules';
import type { Database } from '../../db/client';
import { conflict } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import { accessVote, publicVote } from './vote-access.service';
import { phaseOf, withCounts } from './vote-view';
import { col, defineSql } from '../../db/sql';
import { withWechatAccount } from './vote-wechat.service';

export async function getSettings(database: Database, user: AuthUser, voteId: string) {
  const { vote } = await accessVote(database.query, user, voteId);
  return { voteId, settings: voteSettingsOf(vote.settings), version: vote.version };
}

const saveSettingsSql = defineSql(
  'vote-settings.saveSettings',
  { version: col.int },
  'UPDATE vote_activities SET settings = $2::jsonb, version = version + 1, updated_at = now() WHERE id = $1 RETURNING version',
);

/** saveOrUpdateVoteSetting: the whole rule set (validated with its cross-field rules by the contract). */
export async function saveSettings(database: Database, user: AuthUser, voteId: string, settings: TVoteSettings, version: number | undefined) {
  return database.transaction(async (query) => {
    const { vote } = await accessVote(query, user, voteId, { lock: true });
    if (version !== undefined && version !== vote.version) throw conflict(VOTE_MESSAGES.stale);
    const saved = await withWechatAccount(query, vote.owner_id, settings);
    const rows = await saveSettingsSql.run(query, [vote.id, JSON.stringify(saved)]);
    return { voteId, settings: saved, version: rows[0]!.version };
  });
}

const PHASE_MESSAGES = {
  draft: VOTE_MESSAGES.draft,
  notStarted: VOTE_MESSAGES.notStarted,
  suspended: VOTE_MESSAGES.suspended,
  ended: VOTE_MESSAGES.ended,
  running: null,
};

const voteSceneSql = defineSql(
  'vote-settings.voteScene',
  { n: col.int },
  'SELECT n FROM vote_voter_counters WHERE vote_id = $1 AND voter_key = $2 AND period = $3',
);

/**
 * getSceneVoteSetting: what the voting page shows, for anyone; `visit` counts one visit in a shard. The votes the
 * caller has left are told when the page's identity is known here (device for 'none', the session for 'login').
 */
export async function voteScene(
  database: Database,
  user: AuthUser | null,
  body: { voteId: string; visit: boolean; deviceId?: string },
  now: Date,
): Promise<TVoteScene> {
  const vote = await publicVote(database.query, body.voteId);
  const settings = voteSettingsOf(vote.settings);
  if (body.visit) {
    await database.query(`INSERT INTO vote_visits AS s (vote_id, shard, n) VALUES ($1, $2, 1) ON CONFLICT (vote_id, shard) DO UPDATE SET n = s.n + 1`, [
      vote.id,
      voterShard(body.deviceId ?? String(Math.random())),
    ]);
  }
  const full = await withCounts(database.query, vote.id);
  const voterKey = settings.identity === 'none' && body.deviceId ? `d:${body.deviceId}` : settings.identity === 'login' && user ? `u:${user.id}` : null;
  let remaining: number | null = null;
  if (voterKey) {
    const used = await voteSceneSql.run(database.query, [vote.id, voterKey, votePeriod(settings, now)]);
    remaining = remainingVotes(settings, used[0]?.n ?? 0);
  }
  const phase = phaseOf(vote, now);
  return {
    voteId: vote.public_id,
    title: vote.title,
    coverImages: vote.cover_images,
    description: vote.description,
    startTime: vote.start_at ? new Date(vote.start_at).toISOString() : null,
    endTime: vote.end_at ? new Date(vote.end_at).toISOString() : null,
    phase,
    phaseMessage: PHASE_MESSAGES[phase],
    settings,
    playerCount: Number(full.player_count),
    voteCount: settings.showCounts ? Number(full.vote_count) : null,
    visitCount: Number(full.visit_count),
    remaining,
    brand: vote.brand,
  };
}
