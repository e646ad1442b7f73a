import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defaultOptions, defineSubjectType } from '../base';
import {
  ZChoiceAnswer,
  ZOptionList,
  ZPickLimits,
  choiceFacts,
  choiceRules,
  formatChoice,
  isChoiceEmpty,
  quickChoiceAnswer,
  pickLimitsSatisfiable,
} from '../choice';

/** Exam scoring of a multiple choice: all-or-nothing, or part of the points for a correct subset. */
export const ZMultipleScoring = {
  scoring: z.optional(z.enum(['all', 'partial'])),
  /** Points for a correct but incomplete pick; default: the share of correct options picked. */
  partialScore: z.optional(z.number().check(z.gte(0), z.lte(10_000))),
};

export const ZMultipleChoiceSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(2),
    options: ZOptionList,
    ...ZPickLimits,
    ...ZMultipleScoring,
  })
  .check(z.refine(pickLimitsSatisfiable, { message: '最少/最多选择数与选项不符', path: ['minPicks'] }));
export type TMultipleChoiceSubject = z.infer<typeof ZMultipleChoiceSubject>;

export const multipleChoice = defineSubjectType(
  ZMultipleChoiceSubject,
  ZChoiceAnswer,
)({
  subjectType: 2,
  hasOptions: true,
  multiple: true,
  reportKind: 'choice',
  create: (init) => ({
    ...baseDefaults(init, '多选题'),
    subjectType: 2,
    options: defaultOptions(init, ['选项1', '选项2', '选项3']),
  }),
  isEmpty: isChoiceEmpty,
  quick: quickChoiceAnswer,
  rules: (s, a) => choiceRules(s.options, a, { single: false, minPicks: s.minPicks, maxPicks: s.maxPicks }),
  format: (s, a) => formatChoice(s.options, a),
  facts: (_s, a) => choiceFacts(a),
  logic: (s) => ({ choices: s.options.map((o) => o.uuid), single: false }),
});
