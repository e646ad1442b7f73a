import { POWER, type TPowerType } from '../../../schemas/project-kinds';
import type { Query } from '../../db/client';
import type { VoteRow } from '../../db/rows';
import { notFound, unauthorized } from '../errors';
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

/**
 * The vote's lock (advisory, class 7304, the vote's internal id), held to commit: ballots hold it shared (wj_ballots,
 * wj_ballot), and whatever deletes vote rows or an activity's or player's rows holds it exclusively (the delete
 * triggers of migration 0045, clearing the votes), so none of them meets a ballot half written. The ballot's hot
 * tables have no foreign keys: this lock is what keeps them from orphan rows.
 */
export const VOTE_LOCK = 7304;

/** Take the vote's lock inside a transaction: shared beside ballots, exclusive to remove what they write. */
export async function holdVote(query: Query, voteId: number, mode: 'shared' | 'exclusive'): Promise<void> {
  await query(`SELECT pg_advisory_xact_lock${mode === 'shared' ? '_shared' : ''}($1, $2)`, [VOTE_LOCK, voteId]);
}
