import { z } from 'zod/mini';
import { ZOption, ZParts, ZSubjectBase, baseDefaults, defaultOptions, defineSubjectType } from '../base';
import {
  ZChoiceAnswer,
  ZPickLimits,
  choiceFacts,
  choiceRules,
  formatChoice,
  isChoiceEmpty,
  quickChoiceAnswer,
  pickLimitsSatisfiable,
  visibleOptions,
} from '../choice';
import { ZMultipleScoring } from './multiple-choice';

export const ZImageOption = z.extend(ZOption, { image: z.string().check(z.maxLength(2_000)) });

export const ZImageChoiceSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(5),
    options: ZParts(ZImageOption).check(z.refine((o) => visibleOptions(o).length > 0, { message: '至少需要一个可见选项' })),
    multiple: z.boolean(),
    ...ZPickLimits,
    ...ZMultipleScoring,
  })
  .check(z.refine(pickLimitsSatisfiable, { message: '最少/最多选择数与选项不符', path: ['minPicks'] }));
export type TImageChoiceSubject = z.infer<typeof ZImageChoiceSubject>;

export const imageChoice = defineSubjectType(
  ZImageChoiceSubject,
  ZChoiceAnswer,
)({
  subjectType: 5,
  hasOptions: true,
  multiple: 'bySubject',
  reportKind: 'choice',
  create: (init) => ({
    ...baseDefaults(init, '图片选择题'),
    subjectType: 5,
    multiple: false,
    // The image is uploaded in the editor; an empty one shows the placeholder.
    options: defaultOptions(init, ['图片1', '图片2']).map((o) => ({ ...o, image: '' })),
  }),
  isEmpty: isChoiceEmpty,
  quick: quickChoiceAnswer,
  rules: (s, a) =>
    s.multiple ? choiceRules(s.options, a, { single: false, minPicks: s.minPicks, maxPicks: s.maxPicks }) : choiceRules(s.options, a, { single: true }),
  format: (s, a) => formatChoice(s.options, a),
  facts: (_s, a) => choiceFacts(a),
  logic: (s) => ({ choices: s.options.map((o) => o.uuid), single: !s.multiple }),
});
