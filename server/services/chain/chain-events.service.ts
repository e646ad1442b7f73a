import type { TChainEntry, TChainEvent } from '../../../schemas/api/chain';
import type { Database, Query } from '../../db/client';
import { countsOf, readChain, settingsOf } from './chain-project.service';

/** The NOTIFY channel of the live feed; its payload is the chain's project id. */
export const CHAIN_CHANNEL = 'wj_chain_events';

/**
 * Record one change of a chain for the live feed, inside the change's transaction (which holds the chain's row,
 * so the ids of one chain are in commit order). On PostgreSQL the NOTIFY is sent at commit to every process;
 * the caller tells this process's hub after commit on either engine (ChainLive.changed).
 */
export async function recordEvent(database: Database, query: Query, projectId: number, kind: TChainEvent['kind'], entry: TChainEntry | null): Promise<number> {
  const settings = settingsOf(await readChain(query, projectId));
  const counts = await countsOf(query, projectId);
  const rows = await query<{ id: number | string }>('INSERT INTO chain_events (project_id, kind, payload) VALUES ($1, $2, $3) RETURNING id', [
    projectId,
    kind,
    JSON.stringify({ kind, entry, counts, settings }),
  ]);
  if (database.engine === 'postgres') await query('SELECT pg_notify($1, $2)', [CHAIN_CHANNEL, String(projectId)]);
  return Number(rows[0]!.id);
}

/** The feed's newest id for a chain (a page that read the list starts after it). */
export async function lastEventId(query: Query, projectId: number): Promise<number> {
  const rows = await query<{ id: number | string | null }>('SELECT max(id) AS id FROM chain_events WHERE project_id = $1', [projectId]);
  return Number(rows[0]?.id ?? 0);
}

/** Events of a chain after `after`, oldest first, at most `limit`. */
export async function eventsAfter(query: Query, projectId: number, after: number, limit: number): Promise<TChainEvent[]> {
  const rows = await query<{ id: number | string; payload: Omit<TChainEvent, 'id'> }>(
    'SELECT id, payload FROM chain_events WHERE project_id = $1 AND id > $2 ORDER BY id LIMIT $3',
    [projectId, after, limit],
  );
  return rows.map((row) => ({ ...row.payload, id: Number(row.id) }));
}
