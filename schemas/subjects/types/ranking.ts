import { z } from 'zod/mini';
import { ZId, ZSubjectBase, baseDefaults, defaultOptions, defineSubjectType } from '../base';
import { ZOptionList, isChoiceEmpty, visibleOptions } from '../choice';
import { msg, type SubjectMessage } from '../messages';

export const ZRankingSubject = z
  .extend(ZSubjectBase, {
    subjectType: z.literal(9),
    options: ZOptionList,
    /** Every visible option must be placed; otherwise at least `minRank`. */
    rankAll: z.boolean(),
    minRank: z.optional(z.number().check(z.int(), z.gte(1), z.lte(500))),
    /** Exam: the correct order (schemas/scoring). */
    correctOrder: z.optional(z.array(ZId).check(z.maxLength(500))),
    scoring: z.optional(z.enum(['all', 'perPosition'])),
  })
  .check(
    z.refine((c) => c.minRank === undefined || c.minRank <= visibleOptions(c.options).length, {
      message: '最少排序数不能多于选项数',
      path: ['minRank'],
    }),
  );
export type TRankingSubject = z.infer<typeof ZRankingSubject>;

export const ZRankingAnswer = z.object({ optionIds: z.array(ZId).check(z.maxLength(500)) });
export type TRankingAnswer = z.infer<typeof ZRankingAnswer>;

export const ranking = defineSubjectType(
  ZRankingSubject,
  ZRankingAnswer,
)({
  subjectType: 9,
  hasOptions: true,
  multiple: true,
  reportKind: 'ranking',
  create: (init) => ({
    ...baseDefaults(init, '排序题'),
    subjectType: 9,
    rankAll: true,
    options: defaultOptions(init, ['选项1', '选项2', '选项3']),
  }),
  isEmpty: isChoiceEmpty,
  rules: (s, a) => {
    const ids = a.optionIds;
    if (new Set(ids).size !== ids.length) return [msg.duplicateOption()];
    const byId = new Map(s.options.map((o) => [o.uuid, o]));
    const wrong: SubjectMessage[] = [];
    for (const id of ids) {
      const option = byId.get(id);
      if (!option) wrong.push(msg.unknownOption(id));
      else if (option.hidden) wrong.push(msg.hiddenOption(option.title, id));
    }
    if (wrong.length) return wrong;
    if (s.rankAll && ids.length < visibleOptions(s.options).length) return [msg.rankAll()];
    if (s.minRank !== undefined && ids.length < s.minRank) return [msg.rankMin(s.minRank)];
    return [];
  },
  // In the respondent's order, joined with ", ".
  format: (s, a) => {
    const byId = new Map(s.options.map((o) => [o.uuid, o.title]));
    return a.optionIds.map((id) => byId.get(id) ?? '').join(', ');
  },
  facts: (_s, a) => ({ chosen: a.optionIds }),
  logic: (s) => ({ choices: s.options.map((o) => o.uuid), single: false }),
});
