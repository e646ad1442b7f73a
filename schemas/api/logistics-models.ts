import { z } from 'zod';

/** An order's shipping (物流) as the buyer and the creator see it: null until the order is shipped. */
export const ZShipping = z.object({
  carrier: z.string(),
  carrierName: z.string(),
  trackingNo: z.string(),
  shippedAt: z.string(),
});
export type TShipping = z.infer<typeof ZShipping>;
