import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defaultOptions, defineSubjectType } from '../base';
import { ZChoiceAnswer, ZOptionList, choiceFacts, choiceRules, formatChoice, isChoiceEmpty, quickChoiceAnswer } from '../choice';

export const ZSingleChoiceSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(1),
  options: ZOptionList,
});
export type TSingleChoiceSubject = z.infer<typeof ZSingleChoiceSubject>;

export const singleChoice = defineSubjectType(
  ZSingleChoiceSubject,
  ZChoiceAnswer,
)({
  subjectType: 1,
  hasOptions: true,
  reportKind: 'choice',
  create: (init) => ({ ...baseDefaults(init, '单选题'), subjectType: 1, options: defaultOptions(init, ['选项1', '选项2']) }),
  isEmpty: isChoiceEmpty,
  quick: quickChoiceAnswer,
  rules: (s, a) => choiceRules(s.options, a, { single: true }),
  format: (s, a) => formatChoice(s.options, a),
  facts: (_s, a) => choiceFacts(a),
  logic: (s) => ({ choices: s.options.map((o) => o.uuid), single: true }),
});
