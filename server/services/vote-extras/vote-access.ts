import { hasPower, type TPowerNeed } from '../../../schemas/project-kinds';
import { voteSettingsOf, type TVoteSettings } from '../../../schemas/vote/vote-rules';
import type { Query } from '../../db/client';
import { forbidden, notFound } from '../errors';
import { accessVote } from '../vote/vote-access.service';
import type { AuthUser } from '../access/sessions.service';
import { col, defineSql } from '../../db/sql';

/** What the extras read of a vote activity (0030 vote_activities). */
export interface VoteRef {
  id: number;
  public_id: string;
  owner_id: number;
  title: string;
  cover_images: string[];
  settings: Record<string, unknown>;
  version: number;
}

const COLUMNS = 'id, public_id, owner_id, title, cover_images, settings, version';
const GONE = '投票不存在或已删除';

/** A vote the public may see: not in the bin, not a template. A missing one is "404". */
export async function publicVote(query: Query, voteId: string): Promise<VoteRef> {
  const [row] = await query<VoteRef>(`SELECT ${COLUMNS} FROM vote_activities WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template`, [voteId]);
  if (!row) throw notFound(GONE);
  return row;
}

/**
 * The creator's side, through core's one guard of vote calls (accessVote): the owner holds power 1 and meets every
 * need; anyone else gets "404" (existence never leaks), no session "401". `lock` takes the row FOR UPDATE.
 */
export async function managedVote(query: Query, user: AuthUser | null, voteId: string, need: TPowerNeed, lock = false): Promise<VoteRef> {
  const { vote, powerType } = await accessVote(query, user, voteId, { lock });
  if (need !== 'owner' && !hasPower(powerType, need)) throw forbidden();
  return vote;
}

const playerSql = defineSql(
  'vote-access.player',
  { id: col.int, name: col.text },
  (approvedOnly: boolean) => `SELECT id, name FROM vote_players WHERE public_id = $1 AND vote_id = $2${approvedOnly ? ` AND review = 'approved'` : ''}`,
  [[true], [false]],
);

/** A player of this vote by its public id, or "404" (a forged id or another vote's player). */
export async function playerOf(query: Query, voteId: number, playerId: string, approvedOnly = true): Promise<{ id: number; name: string }> {
  const [row] = await playerSql.run(query, [playerId, voteId], approvedOnly);
  if (!row) throw notFound('选手不存在或已删除');
  return row;
}

/** The vote's rules with their defaults (core's schemas/vote/vote-rules.ts). */
export const rulesOf = (vote: Pick<VoteRef, 'settings'>): TVoteSettings => voteSettingsOf(vote.settings);

/** Change some rules: one jsonb merge, the version bumped so an editor holding the old one is told to reload. */
export async function patchRules(query: Query, voteId: number, patch: Partial<TVoteSettings>): Promise<void> {
  await query('UPDATE vote_activities SET settings = settings || $2::jsonb, version = version + 1, updated_at = now() WHERE id = $1', [
    voteId,
    JSON.stringify(patch),
  ]);
}
