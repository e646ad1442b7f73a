import { z } from 'zod/mini';
import { ZSubjectBase, baseDefaults, defineSubjectType } from '../base';

export const ZLocationSubject = z.extend(ZSubjectBase, { subjectType: z.literal(29) });
export type TLocationSubject = z.infer<typeof ZLocationSubject>;

export const ZLocationAnswer = z.object({
  address: z.string().check(z.minLength(1), z.maxLength(500)),
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
});

export const location = defineSubjectType(
  ZLocationSubject,
  ZLocationAnswer,
)({
  subjectType: 29,
  create: (init) => ({ ...baseDefaults(init, '地图定位'), subjectType: 29 }),
  // Coordinates without an address are a map that was opened, not an answer.
  normalize: (_s, raw) =>
    raw && typeof raw === 'object' && 'address' in raw && (typeof raw.address !== 'string' || raw.address.trim() === '') ? undefined : raw,
  format: (_s, a) => a.address,
});
