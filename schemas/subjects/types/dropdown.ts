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
import { ZMultipleScoring } from './multiple-choice';

export const ZDropdownSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(3),
    options: ZOptionList,
    multiple: z.boolean(),
    ...ZPickLimits,
    ...ZMultipleScoring,
  })
  .check(z.refine(pickLimitsSatisfiable, { message: '最少/最多选择数与选项不符', path: ['minPicks'] }));
export type TDropdownSubject = z.infer<typeof ZDropdownSubject>;

export const dropdown = defineSubjectType(
  ZDropdownSubject,
  ZChoiceAnswer,
)({
  subjectType: 3,
  hasOptions: true,
  multiple: 'bySubject',
  reportKind: 'choice',
  create: (init) => ({
    ...baseDefaults(init, '下拉题'),
    subjectType: 3,
    multiple: false,
    options: defaultOptions(init, ['选项1', '选项2', '选项3']),
  }),
  isEmpty: isChoiceEmpty,
  quick: quickChoiceAnswer,
  rules: (s, a) =>
    s.multiple ? choiceRules(s.options, a, { single: false, minPicks: s.minPicks, maxPicks: s.maxPicks }) : choiceRules(s.options, a, { single: true }),
  format: (s, a) => formatChoice(s.options, a),
  facts: (_s, a) => choiceFacts(a),
  logic: (s) => ({ choices: s.options.map((o) => o.uuid), single: !s.multiple }),
});
