// Provinces, cities and districts for the region subject (type 4), from question/region/getAreaList. Each list
// is asked once per browser session: kept in memory (one request even when several region subjects ask at
// once) and in sessionStorage, so paging back and forth or reloading the page asks nothing again.
import type { TArea } from '../../schemas/api/region';
import * as CALL_PATHS from '../../schemas/api/paths/calls';
import { callOf } from './api';

const STORAGE_PREFIX = 'wj.respond.areas.';
const pending = new Map<string, Promise<TArea[]>>();
const ready = new Map<string, TArea[]>();

/** A list already here (no request, no flicker when a page is shown again); `undefined` when it must be asked. */
export function knownAreas(parentCode?: string): TArea[] | undefined {
  return ready.get(parentCode ?? 'root');
}

function stored(key: string): TArea[] | null {
  try {
    const text = sessionStorage.getItem(STORAGE_PREFIX + key);
    const list = text ? (JSON.parse(text) as unknown) : null;
    return Array.isArray(list) && list.every((a) => a && typeof a.code === 'string' && typeof a.name === 'string') ? (list as TArea[]) : null;
  } catch {
    return null;
  }
}

function store(key: string, list: TArea[]): void {
  try {
    sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(list));
  } catch {
    // Private mode or a full storage: the memory copy still serves this page.
  }
}

/** The provinces (no code) or the children of a code. A failed request is forgotten, so a later call retries. */
export function loadAreas(parentCode?: string): Promise<TArea[]> {
  const key = parentCode ?? 'root';
  const known = pending.get(key);
  if (known) return known;
  const cached = stored(key);
  if (cached) ready.set(key, cached);
  const request = cached
    ? Promise.resolve(cached)
    : callOf(CALL_PATHS.region.getAreaList, parentCode ? { parentCode } : {}).then((list) => {
        ready.set(key, list);
        store(key, list);
        return list;
      });
  pending.set(key, request);
  request.catch(() => pending.delete(key));
  return request;
}

/** Tests start from an empty cache. */
export function forgetAreas(): void {
  pending.clear();
  ready.clear();
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(STORAGE_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}
