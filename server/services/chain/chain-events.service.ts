import type { TChainCounts, TChainEntry, TChainEvent } from '../../../schemas/api/chain';
import type { ChainSettingsRow } from '../../db/rows';
import type { Database, Query } from '../../db/client';
import { countsOf, readChain, settingsOf } from './chain-project.service';

/** The NOTIFY channel of the live feed; its payload is the chain's project id. */
export const CHAIN_CHANNEL = 'wj_chain_events';

/**
 * Record one change of a chain for the live feed, inside the change's transaction (which holds the chain's row,
 * so the ids of one chain are in commit order). On PostgreSQL the NOTIFY is sent at commit to every process;
 * the caller tells this process's hub after commit on either engine (ChainLive.changed).
 */
export async function recordEvent(
  database: Database,
  query: Query,
  projectId: number,
  kind: TChainEvent['kind'],
  entry: TChainEntry | null,
  chain?: ChainSettingsRow,
): Promise<TChainCounts> {
  const settings = settingsOf(chain ?? (await readChain(query, projectId)));
  const counts = await countsOf(query, projectId);
  await recordFeedEvent(database, query, projectId, { kind, entry, counts, settings });
  return counts;
}

/** One event of any 接龙 kind's feed (a chain's join, a check-in…): its kind and what the pages need of it. */
export type FeedPayload = { kind: string } & Record<string, unknown>;
export type FeedEvent = FeedPayload & { id: number };

/**
 * Write one event to the feed of a 接龙 project (every kind shares chain_events and its channel). On PostgreSQL the
 * NOTIFY is sent at commit to every process; the caller tells this process's hub after commit (ChainLive.changed).
 */
export async function recordFeedEvent(database: Database, query: Query, projectId: number, payload: FeedPayload): Promise<void> {
  const text = JSON.stringify(payload);
  // The NOTIFY rides on the INSERT's statement: one round trip less while the chain's row is held.
  if (database.engine === 'postgres')
    await query(`WITH e AS (INSERT INTO chain_events (project_id, kind, payload) VALUES ($1, $2, $3) RETURNING id) SELECT pg_notify($4, $5) FROM e`, [
      projectId,
      payload.kind,
      text,
      CHAIN_CHANNEL,
      String(projectId),
    ]);
  else await query('INSERT INTO chain_events (project_id, kind, payload) VALUES ($1, $2, $3)', [projectId, payload.kind, text]);
}

/** The feed's newest id for a chain (a page that read the list starts after it). */
export async function lastEventId(query: Query, projectId: number): Promise<number> {
  const rows = await query<{ id: number | string | null }>('SELECT max(id) AS id FROM chain_events WHERE project_id = $1', [projectId]);
  return Number(rows[0]?.id ?? 0);
}

/** Events of a chain after `after`, oldest first, at most `limit`. */
export async function eventsAfter(query: Query, projectId: number, after: number, limit: number): Promise<FeedEvent[]> {
  const rows = await query<{ id: number | string; payload: FeedPayload }>(
    'SELECT id, payload FROM chain_events WHERE project_id = $1 AND id > $2 ORDER BY id LIMIT $3',
    [projectId, after, limit],
  );
  return rows.map((row) => ({ ...row.payload, id: Number(row.id) }));
}
