import { VOTE_BIN_EVENTS, VOTE_STATUS_EVENTS, toggleEvent, type TVoteStatus, type TVoteStatusEvent } from '../../../schemas/vote/vote-lifecycle';
import { VOTE_MESSAGES } from '../../../schemas/vote/vote-messages';
import type { Database, Query } from '../../db/client';
import { conflict } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import { accessVote, holdVote } from './vote-access.service';
import { phaseOf } from './vote-view';
import { col, defineSql } from '../../db/sql';

const takeStatusEventSql = defineSql(
  'vote-lifecycle.takeStatusEvent',
  { status: col.text.as<TVoteStatus>() },
  `UPDATE vote_activities SET status = $2, version = version + 1, updated_at = now()
     WHERE id = $1 AND deleted_at IS NULL AND status = ANY($3::text[]) RETURNING status`,
);

/**
 * Status events of schemas/vote/vote-lifecycle.ts, each one conditional UPDATE whose WHERE is the table's `from`
 * (and not in the bin): a second tab that acts on a stale list gets "409", never a transition the machine cannot take.
 */
export async function takeStatusEvent(query: Query, voteId: number, event: TVoteStatusEvent): Promise<TVoteStatus> {
  const { from, to } = VOTE_STATUS_EVENTS[event];
  const rows = await takeStatusEventSql.run(query, [voteId, to, from]);
  if (!rows[0]) throw conflict(VOTE_MESSAGES.noTransition);
  return rows[0].status;
}

const ACTION_EVENTS = { suspend: 'vote.suspend', end: 'vote.end' } as const;

/** getVoteSuspendOrStart: start (publish a draft, resume a suspended one), suspend, end; no action toggles. */
export async function suspendOrStart(database: Database, user: AuthUser, voteId: string, action: 'start' | 'suspend' | 'end' | undefined, now: Date) {
  return database.transaction(async (query) => {
    const { vote } = await accessVote(query, user, voteId);
    const event: TVoteStatusEvent | null =
      action === undefined ? toggleEvent(vote.status) : action === 'start' ? (vote.status === 'draft' ? 'vote.publish' : 'vote.resume') : ACTION_EVENTS[action];
    if (!event) throw conflict(VOTE_MESSAGES.noTransition);
    const status = await takeStatusEvent(query, vote.id, event);
    return { voteId, status, phase: phaseOf({ status, start_at: vote.start_at, end_at: vote.end_at }, now) };
  });
}

/**
 * getDelVote: to the bin ('vote.delete') or back ('vote.restore'), each one conditional UPDATE. `onBin` runs in the
 * same transaction when it goes to the bin (the route ends the vote's red envelope there: its unspent budget back).
 */
export async function binVote(
  database: Database,
  user: AuthUser,
  voteId: string,
  restore: boolean,
  onBin?: (query: Query, voteId: number) => Promise<unknown>,
): Promise<null> {
  const event = restore ? 'vote.restore' : 'vote.delete';
  const { vote } = await accessVote(database.query, user, voteId, { allowDeleted: true });
  const inBin = VOTE_BIN_EVENTS[event].inBin;
  await database.transaction(async (query) => {
    const rows = await query(
      `UPDATE vote_activities SET deleted_at = ${restore ? 'NULL' : 'now()'}, top_at = NULL, updated_at = now()
       WHERE id = $1 AND (deleted_at IS NOT NULL) = $2 RETURNING id`,
      [vote.id, inBin],
    );
    if (!rows.length) throw conflict(VOTE_MESSAGES.noTransition);
    if (!restore && onBin) await onBin(query, vote.id);
  });
  return null;
}

/** getThoroughDelVote: one vote of the bin for good ('vote.purge'), or the whole bin; everything of it goes (cascade). */
export async function purgeVotes(database: Database, user: AuthUser, target: { voteId: string } | { all: true }): Promise<{ deleted: number }> {
  if ('all' in target) {
    const rows = await database.query('DELETE FROM vote_activities WHERE owner_id = $1 AND deleted_at IS NOT NULL AND NOT is_template RETURNING id', [user.id]);
    return { deleted: rows.length };
  }
  const { vote } = await accessVote(database.query, user, target.voteId, { allowDeleted: true });
  const rows = await database.query('DELETE FROM vote_activities WHERE id = $1 AND deleted_at IS NOT NULL RETURNING id', [vote.id]);
  if (!rows.length) throw conflict('请先将投票移入回收站，再彻底删除');
  return { deleted: 1 };
}

/** getClearVotes: every vote of the activity, its counts, the voters' counters and the receipts; players stay. */
export async function clearVotes(database: Database, user: AuthUser, voteId: string): Promise<null> {
  return database.transaction(async (query) => {
    const { vote } = await accessVote(query, user, voteId, { lock: true });
    // The ballots in the database finish first; those after find the version moved ('stale') and their rules reloaded.
    await holdVote(query, vote.id, 'exclusive');
    for (const table of ['vote_ballots', 'vote_player_counts', 'vote_voter_counters', 'vote_voter_player_counters', 'vote_receipts'])
      await query(`DELETE FROM ${table} WHERE vote_id = $1`, [vote.id]);
    await query('UPDATE vote_activities SET version = version + 1, updated_at = now() WHERE id = $1', [vote.id]);
    return null;
  });
}

/** updateVoteTop: pinned votes lead the list, the latest pinned first. */
export async function setTop(database: Database, user: AuthUser, voteId: string, top: boolean): Promise<null> {
  const { vote } = await accessVote(database.query, user, voteId);
  await database.query(`UPDATE vote_activities SET top_at = ${top ? 'now()' : 'NULL'} WHERE id = $1`, [vote.id]);
  return null;
}
