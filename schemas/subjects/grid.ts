// Shared by the grid types (11, 12, 18, 25) and the record-shaped answers (10, 20): keys must name
// existing rows / blanks / items.
import { msg, type SubjectMessage } from './messages';

export function unknownKeys(answer: Record<string, unknown>, known: readonly { uuid: string }[]): SubjectMessage[] {
  const ids = new Set(known.map((k) => k.uuid));
  return Object.keys(answer)
    .filter((k) => !ids.has(k))
    .map((k) => msg.unknownPart(k));
}

/** Rows a required grid leaves unanswered, each with its message. */
export function missingRows(rows: readonly { uuid: string; title: string }[], answered: (rowId: string) => boolean): SubjectMessage[] {
  return rows.filter((r) => !answered(r.uuid)).map((r) => msg.rowRequired(r.title, r.uuid));
}

export const hasText = (s: string | undefined) => s !== undefined && s.trim() !== '';
