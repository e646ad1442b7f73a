import type { TSubjectStat } from '../../../schemas/api/report';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';

// What a card needs to know of its subject's type beyond the stat's kind. Until the schema traits land
// (schemas/subjects/traits.ts: points, multiple) these name the types.

/** On a small integer scale (scale, NPS, stars, matrix scale, the evaluation's score): a pie of the points, a row's average point. */
export const onPoints = (s: TSubjectStat): boolean =>
  s.subjectType === SUBJECT_TYPE.scale ||
  s.subjectType === SUBJECT_TYPE.nps ||
  s.subjectType === SUBJECT_TYPE.rating ||
  s.subjectType === SUBJECT_TYPE.matrixScale ||
  s.subjectType === SUBJECT_TYPE.evaluation;

/** Several picks per answer whatever the subject says (matrix multiple). */
export const alwaysMultiple = (s: TSubjectStat): boolean => s.subjectType === SUBJECT_TYPE.matrixMultiple;

/** A choice card (the labels picked) whose chart is a score distribution: the evaluation. */
export const scoredChoice = (s: TSubjectStat): boolean => s.kind === 'choice' && onPoints(s);
