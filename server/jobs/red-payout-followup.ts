import type { Deps } from '../services/deps';
import { followUpPayouts } from '../services/red-envelope/red-followup.service';

/** Every minute: red envelope payouts still 发放中 are asked about again (server/services/red-envelope/red-followup.service.ts). */
export const RED_PAYOUT_FOLLOW_EVERY_MS = 60_000;

export interface RedPayoutFollowup {
  start(): void;
  stop(): void;
  runOnce(): Promise<number>;
}

/** The follow-up on a timer; any process may run it (each payout moves once, by a conditional UPDATE). */
export function createRedPayoutFollowup(
  deps: Pick<Deps, 'database' | 'pay' | 'now'>,
  log: (message: string, error: unknown) => void,
  everyMs = RED_PAYOUT_FOLLOW_EVERY_MS,
): RedPayoutFollowup {
  let timer: NodeJS.Timeout | null = null;
  const runOnce = () => followUpPayouts(deps);
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void runOnce().catch((error) => log('following up red envelope payouts failed', error)), everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    runOnce,
  };
}
