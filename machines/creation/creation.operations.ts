import type { TCreateResult, TQuestionCount } from '../../schemas/api/question';
import { UNNUMBERED_SUBJECT_TYPES } from '../../schemas/subjects/subject-types';
import type { TCreationRequest } from './creation.types';

/** Questions that count against the subject limit: layout blocks do not (as the server counts them). */
export function questionsIn(request: TCreationRequest): number {
  if (request.via !== 'blank' || !request.subjects) return 0;
  return request.subjects.filter((subject) => !UNNUMBERED_SUBJECT_TYPES.has(subject.subjectType)).length;
}

/** Spec §4/§5: today's creations have reached the level's maxNumber. */
export const dailyLimitReached = (limits: TQuestionCount): boolean => limits.questionCount >= limits.maxNumber;

/** Spec §5: the project would hold more questions than the level allows. */
export const subjectLimitExceeded = (limits: TQuestionCount, request: TCreationRequest): boolean => questionsIn(request) > limits.subjectLimit;

/** Spec §3 create result: isCreate 1 ok, 0 daily limit hit, 2 question limit hit. */
export const isCreated = (result: TCreateResult): result is { isCreate: 1; questionId: string } => result.isCreate === 1 && Boolean(result.questionId);
