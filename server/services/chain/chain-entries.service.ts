import { CHAIN_MESSAGES, type TChainCounts, type TChainEntry } from '../../../schemas/api/chain';
import { nextEntryState, type TChainEntryAction } from '../../../schemas/chain/entry-states';
import type { Database, Query } from '../../db/client';
import type { ChainEntryRow, ChainSettingsRow } from '../../db/rows';
import { conflict, forbidden, notFound } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import type { Deps } from '../deps';
import { recordEvent } from './chain-events.service';
import type { ChainLive } from './chain-live.service';
import { countsOf, lockChain, managedChain, publicChain, publicEntry } from './chain-project.service';
import { chainParticipant } from './chain-wechat.service';
import { tellPromoted } from './chain-notify.service';
import { promoteWaiting } from './chain-promote.service';

interface Own {
  questionId: string;
  deviceId: string;
  wechatToken?: string;
  entryId: string;
}

/** The entry, locked, after its chain's row (the order every change takes them in). */
async function lockedEntry(query: Query, projectId: number, entryId: string): Promise<ChainEntryRow> {
  const rows = await query<ChainEntryRow>('SELECT * FROM chain_entries WHERE project_id = $1 AND public_id = $2 FOR UPDATE', [projectId, entryId]);
  if (!rows[0]) throw notFound('接龙记录不存在');
  return rows[0];
}

function mustMove(entry: ChainEntryRow, action: TChainEntryAction) {
  const next = nextEntryState(entry.state, action);
  if (!next) throw conflict(CHAIN_MESSAGES.entryGone);
  return next;
}

/** Edit one's own entry: name and short answer; its number, place and people stay. */
export async function editEntry(deps: Deps, live: ChainLive, user: AuthUser | null, input: Own & { name: string; answer: string }): Promise<TChainEntry> {
  const project = await publicChain(deps.database.query, input.questionId);
  const entry = await deps.database.transaction(async (query) => {
    const chain = await lockChain(query, project.id);
    const row = await lockedEntry(query, project.id, input.entryId);
    if (row.participant !== chainParticipant(deps, chain, user, input)) throw forbidden(CHAIN_MESSAGES.notYours);
    mustMove(row, 'edit');
    const [updated] = await query<ChainEntryRow>('UPDATE chain_entries SET name = $2, answer = $3, updated_at = $4 WHERE id = $1 RETURNING *', [
      row.id,
      input.name,
      input.answer,
      deps.now(),
    ]);
    const view = publicEntry(updated!, chain.mask_names);
    await recordEvent(query, project.id, 'edit', view, chain);
    return view;
  });
  live.changed(project.id);
  return entry;
}

/**
 * Leave a chain (withdraw, by its participant) or take someone off it (remove, by the creator with a reason):
 * the places or waiting position come back and the oldest waiting entries that now fit are promoted, in the
 * same transaction. Arrival numbers (seq) never change; the lists number live entries 1…n by them. Promoted
 * people who left a phone are texted once the change has committed.
 */
async function leave(
  database: Database,
  now: Date,
  projectId: number,
  entryId: string,
  action: 'withdraw' | 'remove',
  check: (row: ChainEntryRow, chain: ChainSettingsRow) => void,
  reason = '',
): Promise<{ counts: TChainCounts; promoted: string[] }> {
  return database.transaction(async (query) => {
    const chain = await lockChain(query, projectId);
    const row = await lockedEntry(query, projectId, entryId);
    check(row, chain);
    const next = mustMove(row, action);
    await query(`UPDATE chain_settings SET used = used - $2, joined = joined - $3, waiting = waiting - $4, updated_at = $5 WHERE project_id = $1`, [
      projectId,
      row.state === 'joined' ? row.people : 0,
      row.state === 'joined' ? 1 : 0,
      row.state === 'waitlisted' ? 1 : 0,
      now,
    ]);
    const [updated] = await query<ChainEntryRow>('UPDATE chain_entries SET state = $2, reason = $3, updated_at = $4 WHERE id = $1 RETURNING *', [
      row.id,
      next,
      reason,
      now,
    ]);
    await recordEvent(query, projectId, action, publicEntry(updated!, chain.mask_names), chain);
    const promoted = await promoteWaiting(query, projectId, now, chain);
    return { counts: await countsOf(query, projectId), promoted };
  });
}

export async function withdrawEntry(deps: Deps, live: ChainLive, user: AuthUser | null, input: Own) {
  const project = await publicChain(deps.database.query, input.questionId);
  const result = await leave(deps.database, deps.now(), project.id, input.entryId, 'withdraw', (row, chain) => {
    if (row.participant !== chainParticipant(deps, chain, user, input)) throw forbidden(CHAIN_MESSAGES.notYours);
  });
  live.changed(project.id);
  await tellPromoted(deps, result.promoted);
  return result;
}

export async function removeEntry(deps: Deps, live: ChainLive, user: AuthUser | null, input: { questionId: string; entryId: string; reason: string }) {
  const project = await managedChain(deps.database.query, user, input.questionId, 'edit');
  const result = await leave(deps.database, deps.now(), project.id, input.entryId, 'remove', () => {}, input.reason);
  live.changed(project.id);
  await tellPromoted(deps, result.promoted);
  return result;
}
