import type { Query } from '../../../db/client';
import { col, defineSql } from '../../../db/sql';
import { RoaringBitmap32 } from './sheet-index';

/**
 * The persisted bitmaps (sheet_index_bitmaps): one row per (fact key, segment = id >> 16), the segment's ids as a
 * 'portable' Roaring bitmap, so appending sheets rewrites only the segments they fall in and an edit rewrites its
 * sheet's segment only. Bytes travel as base64 text arrays: one statement writes a batch's rows on both engines.
 */
export const SEGMENT_SHIFT = 16;
export const segmentOf = (id: number) => id >>> SEGMENT_SHIFT;

const toBase64 = (bits: RoaringBitmap32) => Buffer.from(bits.serialize('portable')).toString('base64');
// Read as base64 text too: PGlite parses a bytea column in JavaScript ~20× slower than Buffer decodes base64.
const fromBase64 = (b64: string) => RoaringBitmap32.deserialize(Buffer.from(b64, 'base64'), 'portable');

const readRowsSql = defineSql(
  'report-index.readRows',
  { key: col.text, segment: col.int, b64: col.text },
  `SELECT b.key, b.segment, encode(b.bits, 'base64') AS b64 FROM sheet_index_bitmaps b
   JOIN unnest($2::text[], $3::int[]) AS x(k, s) ON b.key = x.k AND b.segment = x.s WHERE b.project_id = $1`,
);
const segmentSql = defineSql(
  'report-index.segmentRows',
  { key: col.text, b64: col.text },
  `SELECT key, encode(bits, 'base64') AS b64 FROM sheet_index_bitmaps WHERE project_id = $1 AND segment = $2`,
);

/** Write (key, segment) → bitmap rows; an empty bitmap deletes its row. Disposes nothing. */
async function writeRows(query: Query, projectId: number, rows: { key: string; segment: number; bits: RoaringBitmap32 }[]): Promise<void> {
  const kept = rows.filter((r) => !r.bits.isEmpty);
  const gone = rows.filter((r) => r.bits.isEmpty);
  if (kept.length) {
    await query(
      `INSERT INTO sheet_index_bitmaps (project_id, key, segment, bits)
       SELECT $1, k, s, decode(b, 'base64') FROM unnest($2::text[], $3::int[], $4::text[]) AS x(k, s, b)
       ON CONFLICT (project_id, key, segment) DO UPDATE SET bits = EXCLUDED.bits`,
      [projectId, kept.map((r) => r.key), kept.map((r) => r.segment), kept.map((r) => toBase64(r.bits))],
    );
  }
  if (gone.length) {
    await query(
      `DELETE FROM sheet_index_bitmaps b USING unnest($2::text[], $3::int[]) AS x(k, s) WHERE b.project_id = $1 AND b.key = x.k AND b.segment = x.s`,
      [projectId, gone.map((r) => r.key), gone.map((r) => r.segment)],
    );
  }
}

/** The stored rows of the given (key, segment) pairs, deserialized (the caller disposes them). */
async function readRows(query: Query, projectId: number, pairs: { key: string; segment: number }[]): Promise<Map<string, RoaringBitmap32>> {
  const out = new Map<string, RoaringBitmap32>();
  if (!pairs.length) return out;
  const rows = await readRowsSql.run(query, [projectId, pairs.map((p) => p.key), pairs.map((p) => p.segment)]);
  for (const r of rows) out.set(`${r.segment}:${r.key}`, fromBase64(r.b64));
  return out;
}

/**
 * Add ascending sheet ids (fact key → ids, all past the stored watermark) to the stored segments: the touched
 * (key, segment) rows are read, ORed with the new ids and written back in two statements.
 */
export async function appendToSegments(query: Query, projectId: number, ids: ReadonlyMap<string, number[]>): Promise<void> {
  const touched: { key: string; segment: number; ids: number[] }[] = [];
  for (const [key, list] of ids) {
    let start = 0;
    for (let i = 1; i <= list.length; i++) {
      if (i === list.length || segmentOf(list[i]!) !== segmentOf(list[start]!)) {
        touched.push({ key, segment: segmentOf(list[start]!), ids: list.slice(start, i) });
        start = i;
      }
    }
  }
  const stored = await readRows(query, projectId, touched);
  const rows = touched.map((t) => {
    const bits = stored.get(`${t.segment}:${t.key}`) ?? new RoaringBitmap32();
    bits.addMany(t.ids);
    return { key: t.key, segment: t.segment, bits };
  });
  try {
    await writeRows(query, projectId, rows);
  } finally {
    for (const r of rows) r.bits.dispose();
  }
}

/**
 * Move one sheet between keys in its segment: it leaves every stored key of the segment not in `keys` and enters
 * each of `keys` (an edit rewrote its answers). Reads the segment's rows of the project once.
 */
export async function moveSheetKeys(query: Query, projectId: number, sheetId: number, keys: ReadonlySet<string>): Promise<void> {
  const segment = segmentOf(sheetId);
  const rows = await segmentSql.run(query, [projectId, segment]);
  const changed: { key: string; segment: number; bits: RoaringBitmap32 }[] = [];
  const seen = new Set<string>();
  try {
    for (const r of rows) {
      seen.add(r.key);
      const bits = fromBase64(r.b64);
      const want = keys.has(r.key);
      if (bits.has(sheetId) === want) {
        bits.dispose();
        continue;
      }
      if (want) bits.add(sheetId);
      else bits.remove(sheetId);
      changed.push({ key: r.key, segment, bits });
    }
    for (const key of keys) if (!seen.has(key)) changed.push({ key, segment, bits: new RoaringBitmap32([sheetId]) });
    await writeRows(query, projectId, changed);
  } finally {
    for (const c of changed) c.bits.dispose();
  }
}

/** A project's stored index: its head and every key's bitmap, segments ORed. */
export interface StoredIndex {
  shape: string;
  watermark: number;
  version: number;
  bitmaps: Map<string, RoaringBitmap32>;
  /** The stored bytes read: what the cache counts against its bound. */
  bytes: number;
}

/** A project's head (sheet_index_heads): every use of the index and every load start from it. */
export const indexHeadSql = defineSql(
  'report-index.loadHead',
  { shape: col.text, watermark: col.int, version: col.int, state: col.text },
  'SELECT shape, watermark, version, state FROM sheet_index_heads WHERE project_id = $1',
);
const pageSql = defineSql(
  'report-index.loadPage',
  { key: col.text, segment: col.int, b64: col.text },
  `SELECT key, segment, encode(bits, 'base64') AS b64 FROM sheet_index_bitmaps
   WHERE project_id = $1 AND (key, segment) > ($2, $3) ORDER BY key, segment LIMIT $4`,
);

/**
 * Load a project's stored index, `page` rows per statement with a turn of the event loop between pages, so a big
 * index never holds the loop for long (PGlite runs its statements on the same thread as every request). Pages are
 * separate statements: the version is read before and after, and a load that saw it move starts again (after a
 * few tries it goes on with what it read, marked with the older version, so the next use loads again).
 */
export async function loadStoredIndex(query: Query, projectId: number, page = 64): Promise<StoredIndex | null> {
  for (let attempt = 0; ; attempt++) {
    const [head] = await indexHeadSql.run(query, [projectId]);
    if (!head) return null;
    const bitmaps = new Map<string, RoaringBitmap32>();
    let bytes = 0;
    let after: [string, number] = ['', -1];
    for (;;) {
      const rows = await pageSql.run(query, [projectId, after[0], after[1], page]);
      for (const r of rows) {
        const raw = Buffer.from(r.b64, 'base64');
        bytes += raw.byteLength;
        const part = RoaringBitmap32.deserialize(raw, 'portable');
        const into = bitmaps.get(r.key);
        if (into) {
          into.orInPlace(part);
          part.dispose();
        } else bitmaps.set(r.key, part);
      }
      if (rows.length < page) break;
      const last = rows[rows.length - 1]!;
      after = [last.key, last.segment];
      await new Promise((resolve) => setImmediate(resolve));
    }
    const [again] = await indexHeadSql.run(query, [projectId]);
    if ((again && again.version === head.version) || attempt >= 3) {
      return { shape: head.shape, watermark: head.watermark, version: head.version - (again?.version === head.version ? 0 : 1), bitmaps, bytes };
    }
    for (const bits of bitmaps.values()) bits.dispose();
  }
}
