import type { Query } from '../../db/client';
import { consumeQuota, refundQuota } from '../money/quota.service';

/** Takes SMS counts for one send's messages, inside the send's transaction. */
export interface SmsQuotaTaker {
  /** Take `units` for one message; false (nothing taken) when the counts left do not cover it. */
  take(q: Query, units: number, now: Date): Promise<boolean>;
}

/**
 * How a send takes the user's SMS counts (issue 50 item 2). exactSmsQuota takes each message by consumeQuota's one
 * conditional UPDATE (remaining >= units), so two parallel sends of 60 against 100 counts queue exactly 100 and refuse
 * 20. `prepare` runs before the send's transaction: the exact one reads nothing there; the concurrency test injects a
 * naive one (tests/helpers/naive-strategies.ts) that reads the counts there and writes what it read minus its use.
 */
export interface SmsQuotaStrategy {
  prepare(query: Query, userId: number): Promise<SmsQuotaTaker>;
}

export const exactSmsQuota: SmsQuotaStrategy = {
  async prepare(_query, userId) {
    return { take: async (q, units, now) => (await consumeQuota(q, userId, 'sms', units, now)) !== null };
  },
};

/** Give back the counts of messages never sent (a cancelled send, a provider's refusal). */
export async function refundSms(q: Query, userId: number, units: number, now: Date): Promise<void> {
  if (units > 0) await refundQuota(q, userId, 'sms', units, now);
}
