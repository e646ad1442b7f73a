// Layout block: no answer, not numbered.
import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

export const ZPageBreakSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(16),
  /** Exam: seconds allowed on the page that starts here. */
  timerSeconds: z.optional(z.number().check(z.int(), z.gte(1), z.lte(86_400))),
});
export const pageBreak = defineSubjectType(ZPageBreakSubject)({
  subjectType: 16,
  create: (init) => ({ ...baseDefaults(init, '分页', false), subjectType: 16 }),
});
