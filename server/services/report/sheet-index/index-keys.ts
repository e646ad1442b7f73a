/**
 * The filter index's keys (issue 54 item 1): one per fact a report counts, named from report-facts' fact rows so
 * a set's Facts are the cardinalities of its intersections with these bitmaps. The separator \u0002 never occurs
 * in a uuid, an option id or a number.
 */
const SEP = '\u0002';

/** Every sheet of the project (any status), up to the watermark. */
export const ALL_KEY = 'all';

/** The key of a fact row (report-facts' FactRow t, k, v); 's' (the set's sheets) is ALL_KEY. */
export function factKey(t: string, k: string, v: number): string {
  if (t === 's') return ALL_KEY;
  if (t === 'c' || t === 'm') return `${t}${SEP}${k}`;
  return `${t}${SEP}${k}${SEP}${String(Number(v))}`;
}

/** The fact row a key names (the inverse of factKey; ALL_KEY and sources are not fact rows). */
export function parseFactKey(key: string): { t: string; k: string; v: number } | null {
  if (key === ALL_KEY) return { t: 's', k: '', v: 0 };
  const [t, k, v] = key.split(SEP);
  if (t === undefined || k === undefined || t === 'src') return null;
  return { t, k, v: v === undefined ? 0 : Number(v) };
}

/** The sheets that came in through a source (link, qr, wechat …): the filter bar's 来源. */
export const sourceKey = (source: string) => `src${SEP}${source}`;
