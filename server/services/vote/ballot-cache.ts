import { voteSettingsOf, type TVoteSettings } from '../../../schemas/vote/vote-rules';
import type { Query } from '../../db/client';
import type { VoteRow } from '../../db/rows';

/**
 * What a ballot reads about a vote activity, once per process: its internal id, version and parsed settings. An
 * entry is only a guess: wj_ballot (migration 0033) claims the ballot only while the activity still has the entry's
 * version (every settings or rules change bumps it) and checks the bin, status and window itself, so a process that
 * missed another process's edit learns it there ('stale') and loads the activity again.
 */
export interface BallotTarget {
  id: number;
  publicId: string;
  version: number;
  settings: TVoteSettings;
}

/** Bound on the activities held: the oldest loaded go first. */
const MAX_TARGETS = 5_000;

interface Cache {
  targets: Map<string, BallotTarget>;
  /** Loads under way: a burst of first ballots reads the activity once. */
  loading: Map<string, Promise<BallotTarget | null>>;
}
// One cache per app (its Deps): two apps in one test process behave like two processes.
const caches = new WeakMap<object, Cache>();

function cacheOf(scope: object): Cache {
  let cache = caches.get(scope);
  if (!cache) caches.set(scope, (cache = { targets: new Map(), loading: new Map() }));
  return cache;
}

/** The cached activity, or one load shared by every ballot that finds it missing; null when there is none to vote in. */
export async function ballotTargetOf(scope: object, query: Query, voteId: string): Promise<BallotTarget | null> {
  const cache = cacheOf(scope);
  const known = cache.targets.get(voteId);
  if (known) return known;
  let pending = cache.loading.get(voteId);
  if (!pending) {
    pending = loadBallotTarget(scope, query, voteId).finally(() => cache.loading.delete(voteId));
    cache.loading.set(voteId, pending);
  }
  return pending;
}

/** Read the activity afresh and remember it. */
export async function loadBallotTarget(scope: object, query: Query, voteId: string): Promise<BallotTarget | null> {
  const cache = cacheOf(scope);
  const [row] = await query<Pick<VoteRow, 'id' | 'public_id' | 'version' | 'settings'>>(
    'SELECT id, public_id, version, settings FROM vote_activities WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template',
    [voteId],
  );
  cache.targets.delete(voteId);
  if (!row) return null;
  const target: BallotTarget = { id: row.id, publicId: row.public_id, version: row.version, settings: voteSettingsOf(row.settings) };
  cache.targets.set(voteId, target);
  if (cache.targets.size > MAX_TARGETS) cache.targets.delete(cache.targets.keys().next().value!);
  return target;
}
