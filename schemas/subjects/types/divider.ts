// Layout block: no answer, not numbered.
import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

export const ZDividerSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(30),
  lineStyle: z.enum(['solid', 'dashed', 'dotted']),
});
export const divider = defineSubjectType(ZDividerSubject)({
  subjectType: 30,
  create: (init) => ({ ...baseDefaults(init, '', false), subjectType: 30, lineStyle: 'solid' }),
});
