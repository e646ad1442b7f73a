import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';
import { msg } from '../messages';
import { hasText } from '../grid';

const PARTS = ['province', 'city', 'district'] as const;
const PART_NAMES = { province: '省份', city: '城市', district: '区县' } as const;

export const ZRegionSubject = z.extend(ZSubjectBase, {
  subjectType: z.literal(4),
  /** The deepest part the respondent picks. */
  level: z.enum(PARTS),
  detail: z.enum(['none', 'optional', 'required']),
});
export type TRegionSubject = z.infer<typeof ZRegionSubject>;

export const ZRegionAnswer = z.object({
  province: z.optional(z.string().check(z.maxLength(50))),
  city: z.optional(z.string().check(z.maxLength(50))),
  district: z.optional(z.string().check(z.maxLength(50))),
  detail: z.optional(z.string().check(z.maxLength(200))),
});
export type TRegionAnswer = z.infer<typeof ZRegionAnswer>;

export const region = defineSubjectType(
  ZRegionSubject,
  ZRegionAnswer,
)({
  subjectType: 4,
  cascade: true,
  create: (init) => ({ ...baseDefaults(init, '地区'), subjectType: 4, level: 'district', detail: 'optional' }),
  rules: (s, a) => {
    for (const part of PARTS.slice(0, PARTS.indexOf(s.level) + 1)) {
      if (!hasText(a[part])) return [msg.regionPart(PART_NAMES[part])];
    }
    if (s.detail === 'required' && !hasText(a.detail)) return [msg.regionPart('详细地址')];
    return [];
  },
  // Joined with two spaces (spec §9).
  format: (_s, a) =>
    [a.province, a.city, a.district, a.detail]
      .filter(hasText)
      .map((p) => p!.trim())
      .join('  '),
});
