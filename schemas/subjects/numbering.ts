import { isNumberedSubjectType } from './subject-types';

export interface NumberableSubject {
  uuid: string;
  subjectType: number;
  indexSort: number;
  isStemIndex: boolean;
}

/** Subjects in `indexSort` order; ties keep their list order. */
export function sortByIndex<T extends { indexSort: number }>(subjects: readonly T[]): T[] {
  return subjects
    .map((s, i) => [s, i] as const)
    .sort((a, b) => a[0].indexSort - b[0].indexSort || a[1] - b[1])
    .map(([s]) => s);
}

/**
 * The displayed index of each subject: 1, 2, 3 … in `indexSort` order over numbered types (layout blocks 15,
 * 16, 30, 31, 32, 35, 36 are skipped). A subject with `isStemIndex: false` shows no number and does not take
 * one, so the next numbered subject continues the count. Unnumbered subjects map to null.
 */
export function displayIndexes(subjects: readonly NumberableSubject[]): Map<string, number | null> {
  const out = new Map<string, number | null>();
  let n = 0;
  for (const s of sortByIndex(subjects)) {
    out.set(s.uuid, isNumberedSubjectType(s.subjectType) && s.isStemIndex ? ++n : null);
  }
  return out;
}
