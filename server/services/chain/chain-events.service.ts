import type { TChainCounts, TChainEntry, TChainEvent, TChainSettings } from '../../../schemas/api/chain';
import type { ChainSettingsRow, RowOf } from '../../db/rows';
import type { chainEvents } from '../../db/tables-chain';
import type { Query } from '../../db/client';
import { countsOf, readChain, settingsOf } from './chain-project.service';

type ChainEventRow = RowOf<typeof chainEvents>;

/** The NOTIFY channel of the live feed; its payload is the chain's project id. */
export const CHAIN_CHANNEL = 'wj_chain_events';

/**
 * Record one change of a chain for the live feed, inside the change's transaction (which holds the chain's row).
 * The caller tells this process's hub after commit on either engine (ChainLive.changed).
 */
export async function recordEvent(
  query: Query,
  projectId: number,
  kind: TChainEvent['kind'],
  entry: TChainEntry | null,
  chain?: ChainSettingsRow,
): Promise<TChainCounts> {
  const settings = settingsOf(chain ?? (await readChain(query, projectId)));
  const counts = await countsOf(query, projectId);
  await recordFeedEvent(query, projectId, feedPayload(kind, entry, counts, settings));
  return counts;
}

/** The feed payload of a chain's change: what recordEvent writes, and a join writes in its entry's statement. */
export const feedPayload = (kind: TChainEvent['kind'], entry: TChainEntry | null, counts: TChainCounts, settings: TChainSettings): FeedPayload => ({
  kind,
  entry,
  counts,
  settings,
});

/** One event of any 接龙 kind's feed (a chain's join, a check-in…): its kind and what the pages need of it. */
export type FeedPayload = { kind: string } & Record<string, unknown>;
export type FeedEvent = FeedPayload & { id: number };

/**
 * Write one event to the feed of a 接龙 project (every kind shares chain_events and its channel) through the feed's
 * one producer, the SQL function wj_feed_event (server/db/functions/), which group-buy orders' trigger calls too:
 * it keeps a project's ids in commit order and notifies every process at commit. The caller tells this process's hub
 * after commit (ChainLive.changed).
 */
export async function recordFeedEvent(query: Query, projectId: number, payload: FeedPayload): Promise<void> {
  await query('SELECT wj_feed_event($1, $2, $3::jsonb)', [projectId, payload.kind, JSON.stringify(payload)]);
}

/** The feed's newest id for a chain (a page that read the list starts after it). */
export async function lastEventId(query: Query, projectId: number): Promise<number> {
  const rows = await query<{ id: ChainEventRow['id'] | null }>('SELECT max(id) AS id FROM chain_events WHERE project_id = $1', [projectId]);
  return Number(rows[0]?.id ?? 0);
}

/** Events of a chain after `after`, oldest first, at most `limit`. */
export async function eventsAfter(query: Query, projectId: number, after: number, limit: number): Promise<FeedEvent[]> {
  const rows = await query<Pick<ChainEventRow, 'id'> & { payload: FeedPayload }>(
    'SELECT id, payload FROM chain_events WHERE project_id = $1 AND id > $2 ORDER BY id LIMIT $3',
    [projectId, after, limit],
  );
  return rows.map((row) => ({ ...row.payload, id: Number(row.id) }));
}
