import type { Query } from '../../../db/client';
import { loadStoredIndex, type StoredIndex } from './index-segments';

/**
 * The per-process cache of stored indexes (issue 54 item 2): a project's bitmaps are loaded once and reused while
 * its head's version is unchanged. Memory is bounded by twice the stored bytes held (REPORT_INDEX_MEMORY_MB,
 * default 256): the bitmaps themselves (Roaring's portable form is its in-memory layout) and at most as much again
 * in the JavaScript copies a filtered report counts over (bitmap-mirror.ts: a dense container is 8 KB in both, an
 * array 2 bytes an id in both; the index makes no run containers). Past the bound the least recently used projects are evicted and their WebAssembly memory freed, at once
 * when no report is using them, else when the last one using them is done. One index larger than the bound is
 * still served, and evicted after its use.
 */
export interface CachedIndex extends StoredIndex {
  readonly projectId: number;
  /** What it counts against the bound: its stored bytes and room for its counting copies. */
  readonly weight: number;
  refs: number;
  evicted: boolean;
}

const DEFAULT_MEMORY_MB = 256;
/** The bitmaps and their counting copies: an index weighs twice its stored bytes. */
const COPIES = 2;
let budgetBytes = DEFAULT_MEMORY_MB * 1024 * 1024;
const entries = new Map<number, CachedIndex>();
const loading = new Map<number, Promise<CachedIndex | null>>();

/** Set the bound (server/app.ts from REPORT_INDEX_MEMORY_MB; tests shrink it). */
export function setIndexMemoryBound(megabytes: number): void {
  budgetBytes = Math.max(0, megabytes) * 1024 * 1024;
  evictOverBound();
}

export const indexMemoryBound = () => budgetBytes;

/** What the cache holds now (tests and the bench read it). */
export const cachedIndexStats = () => ({ projects: entries.size, bytes: [...entries.values()].reduce((a, e) => a + e.weight, 0) });
export const isIndexCached = (projectId: number) => entries.has(projectId);

function dispose(entry: CachedIndex) {
  for (const bits of entry.bitmaps.values()) bits.dispose();
  entry.bitmaps.clear();
}

function evictOverBound(): void {
  let total = 0;
  for (const e of entries.values()) total += e.weight;
  // Map order is use order (touch re-inserts): the first entries are the least recently used.
  for (const [projectId, e] of entries) {
    if (total <= budgetBytes) break;
    entries.delete(projectId);
    total -= e.weight;
    e.evicted = true;
    if (e.refs === 0) dispose(e);
  }
}

/**
 * The project's stored index at `version` (the head's, just read), loaded when the cached copy is older or absent.
 * The caller releases it (releaseIndex) when its use is done. Null: the project has no stored index.
 */
export async function acquireIndex(query: Query, projectId: number, version: number): Promise<CachedIndex | null> {
  const cached = entries.get(projectId);
  if (cached && cached.version >= version) {
    entries.delete(projectId);
    entries.set(projectId, cached);
    cached.refs++;
    return cached;
  }
  let entry = await load(query, projectId);
  // A load already under way may have read an older head than the caller: load once more for the caller's version.
  if (entry && entry.version < version) entry = await load(query, projectId);
  if (!entry) return null;
  entry.refs++;
  evictOverBound();
  return entry;
}

function load(query: Query, projectId: number): Promise<CachedIndex | null> {
  let pending = loading.get(projectId);
  if (!pending) {
    pending = (async () => {
      const stored = await loadStoredIndex(query, projectId);
      if (!stored) return null;
      const entry: CachedIndex = { ...stored, projectId, weight: stored.bytes * COPIES, refs: 0, evicted: false };
      const old = entries.get(projectId);
      if (old) {
        entries.delete(projectId);
        old.evicted = true;
        if (old.refs === 0) dispose(old);
      }
      entries.set(projectId, entry);
      return entry;
    })().finally(() => loading.delete(projectId));
    loading.set(projectId, pending);
  }
  return pending;
}

/** A use of an acquired index is done: an evicted one is freed with its last use. */
export function releaseIndex(entry: CachedIndex): void {
  entry.refs--;
  if (entry.evicted && entry.refs === 0) dispose(entry);
}

/** Drop every cached index (tests; a process that wants its memory back). */
export function clearIndexCache(): void {
  for (const e of entries.values()) {
    e.evicted = true;
    if (e.refs === 0) dispose(e);
  }
  entries.clear();
}
