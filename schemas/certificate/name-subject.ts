/**
 * 考试证书 (issue 49): which subject of the exam gives the name on a certificate. Pure and shared: the editor's card
 * shows the same choice the server applies. Zod-free.
 */
import { plainTitle, type TKeySubject } from '../result-query';
import { SUBJECT_TYPE } from '../subjects/subject-types';

const fits = (s: TKeySubject) => s.subjectType === SUBJECT_TYPE.textInput;

/**
 * The chosen single-line text subject, else the first whose title says 姓名; null when there is none (the
 * respondent then types the name when taking the certificate). Never just any text subject: an exam's blanks
 * are answers, not names.
 */
export function certificateNameSubjectOf<T extends TKeySubject>(subjects: readonly T[], chosen: string): T | null {
  return subjects.find((s) => s.uuid === chosen && fits(s)) ?? subjects.find((s) => fits(s) && plainTitle(s.title).includes('姓名')) ?? null;
}

/** The name a sheet answered in that subject (trimmed, at most 20 characters as a typed one), or null when empty. */
export function certificateNameOf(answers: Record<string, unknown> | null, subject: TKeySubject | null): string | null {
  const value = subject && answers ? answers[subject.uuid] : undefined;
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, 20) : '';
  return text || null;
}
