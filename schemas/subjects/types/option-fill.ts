import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defaultOptions, defineSubjectType } from '../base';
import { ZChoiceAnswer, ZOptionList, choiceFacts, choiceRules, formatChoice, isChoiceEmpty, quickChoiceAnswer } from '../choice';

/** A single choice where every option carries its own text box; `fillInRequired` per option. */
export const ZOptionFillSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(8),
  options: ZOptionList,
});
export type TOptionFillSubject = z.infer<typeof ZOptionFillSubject>;

export const optionFill = defineSubjectType(
  ZOptionFillSubject,
  ZChoiceAnswer,
)({
  subjectType: 8,
  hasOptions: true,
  reportKind: 'choice',
  create: (init) => ({
    ...baseDefaults(init, '选项填空题'),
    subjectType: 8,
    options: defaultOptions(init, ['选项1', '选项2']).map((o) => ({ ...o, fillIn: true, fillInRequired: true })),
  }),
  isEmpty: isChoiceEmpty,
  quick: quickChoiceAnswer,
  rules: (s, a) => choiceRules(s.options, a, { single: true, everyOptionFillIn: true }),
  // "option title plus answer": 其他（自行车）
  format: (s, a) => formatChoice(s.options, a, true),
  facts: (_s, a) => choiceFacts(a),
  logic: (s) => ({ choices: s.options.map((o) => o.uuid), single: true }),
});
