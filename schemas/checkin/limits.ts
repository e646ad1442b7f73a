/** A check-in's limits, zod-free so the respondent's check-in page reads them without the request schemas. */
export const CHECKIN_LIMITS = { nameLength: 20, textLength: 500, photos: 9, amountMax: 1_000_000, labelLength: 10, unitLength: 6, makeupDays: 30 } as const;
