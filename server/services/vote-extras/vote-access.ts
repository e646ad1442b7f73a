import type { TPowerNeed } from '../../../schemas/project-kinds';
import { voteSettingsOf, type TVoteSettings } from '../../../schemas/vote/vote-rules';
import type { Query } from '../../db/client';
import { notFound } from '../../http/errors';
import type { AuthUser } from '../access/sessions.service';

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
 * The creator's side. A vote has one holder, its creator (power 1: 0030 has no vote collaborators), so every
 * need is met by the owner and nobody else: strangers get "404", as for projects (existence never leaks).
 * `lock` takes the row (FOR UPDATE) when the caller changes the vote's settings.
 */
export async function managedVote(query: Query, user: AuthUser | null, voteId: string, need: TPowerNeed, lock = false): Promise<VoteRef> {
  void need;
  if (!user) throw notFound(GONE);
  const [row] = await query<VoteRef>(
    `SELECT ${COLUMNS} FROM vote_activities WHERE public_id = $1 AND owner_id = $2 AND deleted_at IS NULL AND NOT is_template${lock ? ' FOR UPDATE' : ''}`,
    [voteId, user.id],
  );
  if (!row) throw notFound(GONE);
  return row;
}

/** A player of this vote by its public id, or "404" (a forged id or another vote's player). */
export async function playerOf(query: Query, voteId: number, playerId: string, approvedOnly = true): Promise<{ id: number; name: string }> {
  const [row] = await query<{ id: number; name: string }>(
    `SELECT id, name FROM vote_players WHERE public_id = $1 AND vote_id = $2${approvedOnly ? ` AND review = 'approved'` : ''}`,
    [playerId, voteId],
  );
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
