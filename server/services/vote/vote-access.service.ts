import { POWER, type TPowerType } from '../../../schemas/project-kinds';
import type { Query } from '../../db/client';
import type { VoteRow } from '../../db/rows';
import { notFound, unauthorized } from '../../http/errors';
import type { AuthUser } from '../access/sessions.service';

export interface VoteAccess {
  vote: VoteRow;
  powerType: TPowerType;
}

/**
 * The one guard of every creator call on a vote: the owner holds manage power (1); anyone else gets "404", so a
 * vote's existence never leaks. Votes have no collaborators (spec §7 lists no vote team calls; docs/decisions.md).
 * `lock` takes the row FOR UPDATE for calls that change it; the bin is reached only with `allowDeleted`.
 */
export async function accessVote(
  query: Query,
  user: AuthUser | null,
  voteId: string,
  options: { allowDeleted?: boolean; lock?: boolean } = {},
): Promise<VoteAccess> {
  if (!user) throw unauthorized();
  const rows = await query<VoteRow>(
    `SELECT * FROM vote_activities WHERE public_id = $1 AND owner_id = $2 AND NOT is_template${options.lock ? ' FOR UPDATE' : ''}`,
    [voteId, user.id],
  );
  const vote = rows[0];
  if (!vote || (vote.deleted_at && !options.allowDeleted)) throw notFound('投票不存在或已删除');
  return { vote, powerType: POWER.manage };
}

/** A vote as the public voting page reaches it: any that is not in the bin and not a template, else "404". */
export async function publicVote(query: Query, voteId: string): Promise<VoteRow> {
  const rows = await query<VoteRow>('SELECT * FROM vote_activities WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template', [voteId]);
  if (!rows[0]) throw notFound('投票不存在或已删除');
  return rows[0];
}
