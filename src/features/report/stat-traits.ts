import type { TSubjectStat } from '../../../schemas/api/report';
import { subjectRegistry } from '../../../schemas/subjects/registry';

// What a card needs to know of its subject's type beyond the stat's kind, read from the type's traits
// (schemas/subjects/traits.ts).

const traitsOf = (s: TSubjectStat) => subjectRegistry.get(s.subjectType);

/** On a small integer scale (scale, NPS, stars, matrix scale, the evaluation's score): a pie of the points, a row's average point. */
export const onPoints = (s: TSubjectStat): boolean => traitsOf(s)?.points !== undefined;

/** Several picks per answer whatever the subject says (matrix multiple). */
export const alwaysMultiple = (s: TSubjectStat): boolean => traitsOf(s)?.multiple === true;

/** A choice card (the labels picked) whose chart is a score distribution: the evaluation. */
export const scoredChoice = (s: TSubjectStat): boolean => s.kind === 'choice' && onPoints(s);
