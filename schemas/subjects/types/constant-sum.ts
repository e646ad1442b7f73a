import { z } from 'zod/mini';
import { ZId, ZLabelled, ZParts, ZSubjectBase, baseDefaults, defaultLabelled, defineSubjectType, own } from '../base';
import { unknownKeys } from '../grid';
import { msg } from '../messages';
import { normalizeNumber } from '../number';

export const ZConstantSumSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(20),
  items: ZParts(ZLabelled, 1, 100),
  total: z.number().check(z.int(), z.gte(1), z.lte(1_000_000)),
});
export type TConstantSumSubject = z.infer<typeof ZConstantSumSubject>;

/** Share per item uuid; items left out count as 0. */
export const ZConstantSumAnswer = z.record(ZId, z.number());

export const constantSum = defineSubjectType(
  ZConstantSumSubject,
  ZConstantSumAnswer,
)({
  subjectType: 20,
  reportKind: 'sum',
  create: (init) => ({
    ...baseDefaults(init, '比重题'),
    subjectType: 20,
    total: 100,
    items: defaultLabelled(init, ['项目1', '项目2', '项目3']),
  }),
  normalize: (_s, raw) =>
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.fromEntries(
          Object.entries(raw)
            .map(([k, v]) => [k, normalizeNumber(v)])
            .filter(([, v]) => v !== undefined),
        )
      : raw,
  rules: (s, a) => {
    const unknown = unknownKeys(a, s.items);
    if (unknown.length) return unknown;
    const bad = s.items.filter((i) => {
      const v = own(a, i.uuid);
      return v !== undefined && !(Number.isInteger(v) && v >= 0 && v <= s.total);
    });
    if (bad.length) return bad.map((i) => msg.sumValue(i.title, s.total, i.uuid));
    const sum = Object.values(a).reduce((x, y) => x + y, 0);
    return sum === s.total ? [] : [msg.sumTotal(s.total, sum)];
  },
  // "item:value" joined with ", " (spec §9: 20 with a colon).
  format: (s, a) =>
    s.items
      .filter((i) => own(a, i.uuid) !== undefined)
      .map((i) => `${i.title}:${own(a, i.uuid)}`)
      .join(', '),
});
