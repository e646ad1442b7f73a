import { z } from 'zod';

/**
 * What an import or export between formats did (issue 53 item 2), shown before anything is saved: every piece that
 * was carried over (by kind, with counts) and every piece that could not be, with where it was and why. Nothing is
 * dropped silently: a piece absent from `mapped` is in `unmapped`.
 */
export const ZTransferReport = z.object({
  mapped: z.array(z.object({ from: z.string(), to: z.string(), count: z.number() })),
  unmapped: z.array(z.object({ where: z.string(), what: z.string(), reason: z.string() })),
});
export type TTransferReport = z.infer<typeof ZTransferReport>;

export const emptyReport = (): TTransferReport => ({ mapped: [], unmapped: [] });
