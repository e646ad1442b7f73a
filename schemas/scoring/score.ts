// Exam scoring: per-subject points (subject.score) against the answer key kept in the subject itself —
// options marked isCorrect, accepted answers of fill-ins, the correct order of a ranking.
import { own, type TOption } from '../subjects/base';
import { isMultipleSubject, subjectEntry, type TSubject } from '../subjects/registry';
import { SUBJECT_TYPE } from '../subjects/subject-types';

export type ScoreStatus = 'correct' | 'partial' | 'wrong' | 'unanswered';

export interface SubjectScore {
  uuid: string;
  score: number;
  maxScore: number;
  status: ScoreStatus;
}

export interface SheetScore {
  total: number;
  maxTotal: number;
  subjects: SubjectScore[];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Fill-in comparison: NFKC (full-width → half-width), trimmed, inner spaces collapsed, case folded unless asked. */
export function sameText(given: string, accepted: string, caseSensitive = false): boolean {
  const norm = (s: string) => {
    const t = s.normalize('NFKC').trim().replace(/\s+/g, ' ');
    return caseSensitive ? t : t.toLowerCase();
  };
  return norm(given) === norm(accepted);
}

type Graded = { earned: number; status: Exclude<ScoreStatus, 'unanswered'> };

const grade = (earned: number, max: number): Graded => ({
  earned: round2(Math.min(Math.max(earned, 0), max)),
  status: earned >= max ? 'correct' : earned > 0 ? 'partial' : 'wrong',
});

function gradeSingle(options: readonly TOption[], picked: readonly string[], max: number): Graded {
  const option = options.find((o) => o.uuid === picked[0]);
  if (picked.length === 1 && option?.isCorrect) return { earned: max, status: 'correct' };
  // A wrong option may still carry points of its own ("nearly right").
  return grade(picked.length === 1 ? (option?.score ?? 0) : 0, max);
}

function gradeMultiple(options: readonly TOption[], picked: readonly string[], max: number, s: { scoring?: 'all' | 'partial'; partialScore?: number }): Graded {
  const correct = new Set(options.filter((o) => o.isCorrect).map((o) => o.uuid));
  const chosen = new Set(picked);
  const wrong = [...chosen].some((id) => !correct.has(id));
  const hits = [...chosen].filter((id) => correct.has(id)).length;
  if (!wrong && hits === correct.size) return { earned: max, status: 'correct' };
  if (s.scoring !== 'partial' || wrong || hits === 0) return { earned: 0, status: 'wrong' };
  return grade(s.partialScore ?? (max * hits) / correct.size, max);
}

/** Whether a subject has points and an answer key. */
export function isScored(s: TSubject): boolean {
  if (!s.score) return false;
  switch (s.subjectType) {
    case SUBJECT_TYPE.singleChoice:
    case SUBJECT_TYPE.multipleChoice:
    case SUBJECT_TYPE.dropdown:
    case SUBJECT_TYPE.imageChoice:
    case SUBJECT_TYPE.optionFill:
      return s.options.some((o) => o.isCorrect);
    case SUBJECT_TYPE.textInput:
      return (s.acceptedAnswers?.length ?? 0) > 0;
    case SUBJECT_TYPE.ranking:
      return (s.correctOrder?.length ?? 0) > 0;
    case SUBJECT_TYPE.multiBlank:
      return s.blanks.some((b) => (b.acceptedAnswers?.length ?? 0) > 0);
    default:
      return false;
  }
}

function gradeAnswer(s: TSubject, answer: unknown, max: number): Graded {
  switch (s.subjectType) {
    case SUBJECT_TYPE.singleChoice:
    case SUBJECT_TYPE.optionFill: {
      const { optionIds } = answer as { optionIds: string[] };
      return gradeSingle(s.options, optionIds, max);
    }
    case SUBJECT_TYPE.multipleChoice:
    case SUBJECT_TYPE.dropdown:
    case SUBJECT_TYPE.imageChoice: {
      const { optionIds } = answer as { optionIds: string[] };
      return isMultipleSubject(s) ? gradeMultiple(s.options, optionIds, max, s) : gradeSingle(s.options, optionIds, max);
    }
    case SUBJECT_TYPE.textInput: {
      const ok = s.acceptedAnswers!.some((a) => sameText(answer as string, a, s.caseSensitive));
      return ok ? { earned: max, status: 'correct' } : { earned: 0, status: 'wrong' };
    }
    case SUBJECT_TYPE.ranking: {
      const given = (answer as { optionIds: string[] }).optionIds;
      const key = s.correctOrder!;
      const same = key.filter((id, i) => given[i] === id).length;
      if (same === key.length && given.length === key.length) return { earned: max, status: 'correct' };
      return s.scoring === 'perPosition' ? grade((max * same) / key.length, max) : { earned: 0, status: 'wrong' };
    }
    case SUBJECT_TYPE.multiBlank: {
      const blanks = s.blanks.filter((b) => (b.acceptedAnswers?.length ?? 0) > 0);
      const text = answer as Record<string, string>;
      const right = blanks.filter((b) => b.acceptedAnswers!.some((a) => sameText(own(text, b.uuid) ?? '', a, s.caseSensitive))).length;
      return grade((max * right) / blanks.length, max);
    }
    default:
      return { earned: 0, status: 'wrong' };
  }
}

/** The score of one subject, or undefined when it is not scored (no points or no answer key). */
export function scoreSubject(s: TSubject, raw: unknown): SubjectScore | undefined {
  if (!isScored(s)) return undefined;
  const max = s.score!;
  const parsed = subjectEntry(s.subjectType).parse(s, raw);
  if (parsed.ok && parsed.empty) return { uuid: s.uuid, score: 0, maxScore: max, status: 'unanswered' };
  if (!parsed.ok) return { uuid: s.uuid, score: 0, maxScore: max, status: 'wrong' };
  const { earned, status } = gradeAnswer(s, parsed.value, max);
  return { uuid: s.uuid, score: earned, maxScore: max, status };
}

/**
 * Total and per-subject scores of an answer sheet. `include` limits scoring to the subjects the respondent
 * was shown (random draws, display logic): pass the evaluator's visibility.
 */
export function scoreSheet(
  subjects: readonly TSubject[],
  answers: Readonly<Record<string, unknown>>,
  include: (uuid: string) => boolean = () => true,
): SheetScore {
  const scored = subjects.filter((s) => include(s.uuid)).flatMap((s) => scoreSubject(s, own(answers, s.uuid)) ?? []);
  return {
    total: round2(scored.reduce((t, s) => t + s.score, 0)),
    maxTotal: round2(scored.reduce((t, s) => t + s.maxScore, 0)),
    subjects: scored,
  };
}
