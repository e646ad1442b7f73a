// Layout block: no answer, not numbered.
import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

export const ZParagraphSubject = z.extend(ZSubjectBase, { subjectType: z.literal(15) });
export const paragraph = defineSubjectType(ZParagraphSubject)({
  subjectType: 15,
  create: (init) => ({ ...baseDefaults(init, '段落说明', false), subjectType: 15, description: '<p>请在此输入说明文字</p>' }),
});
