import type { TSubject } from './registry';

/**
 * What a respondent may see of a subject before submitting: the exam's answer key and scoring rules stay on
 * the server (schemas/scoring reads them there). The subject's own points (`score`, shown as "5分") stay.
 */
const SUBJECT_KEYS = ['answerAnalysis', 'acceptedAnswers', 'correctOrder', 'scoring', 'partialScore', 'caseSensitive'] as const;
const PART_KEYS = ['isCorrect', 'score', 'acceptedAnswers'] as const;

function without<T extends object>(value: T, keys: readonly string[]): T {
  if (!keys.some((k) => k in value)) return value;
  const out = { ...value } as Record<string, unknown>;
  for (const k of keys) delete out[k];
  return out as T;
}

export function respondentSubject(subject: TSubject): TSubject {
  const out = without(subject, SUBJECT_KEYS) as TSubject & { options?: object[]; blanks?: object[] };
  if (Array.isArray(out.options)) out.options = out.options.map((o) => without(o, PART_KEYS));
  if (Array.isArray(out.blanks)) out.blanks = out.blanks.map((b) => without(b, PART_KEYS));
  return out;
}
