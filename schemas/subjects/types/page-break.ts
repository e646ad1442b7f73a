// Layout block: no answer, not numbered.
import { z } from 'zod';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

export const ZPageBreakSubject = ZSubjectBase.extend({
  subjectType: z.literal(16),
  /** Exam: seconds allowed on the page that starts here. */
  timerSeconds: z.number().int().min(1).max(86_400).optional(),
});
export const pageBreak = defineSubjectType(ZPageBreakSubject)({
  subjectType: 16,
  create: (init) => ({ ...baseDefaults(init, '分页', false), subjectType: 16 }),
});
