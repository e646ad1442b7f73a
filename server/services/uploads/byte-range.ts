/**
 * HTTP range requests for video and audio uploads (issue 49): a phone's player asks for pieces (Range: bytes=…) to
 * seek and to start without the whole file. One range per request, as players ask; several ranges or a header that
 * is not a byte range are ignored (the whole file, 200, as RFC 9110 allows).
 */
export type TByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/** The range of a `Range` header for a file of `size` bytes: {start, end} inclusive, 'unsatisfiable' (416), or null (ignore). */
export function byteRangeOf(header: string | undefined, size: number): TByteRange {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, from, to] = match as unknown as [string, string, string];
  if (from === '' && to === '') return null;
  if (from === '') {
    // bytes=-N: the last N bytes.
    const suffix = Number(to);
    if (!Number.isSafeInteger(suffix)) return null;
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Number(to);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return null;
  if (to !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** If-Range: the range applies only while the file is the one the client holds a piece of (its Last-Modified here). */
export const ifRangeHolds = (ifRange: string | undefined, lastModified: string): boolean => !ifRange || ifRange.trim() === lastModified;

/** The files served by ranges: video and audio (a creator's media, a respondent's recording). */
export const isRangeServed = (mime: string): boolean => /^(video|audio)\//i.test(mime);
