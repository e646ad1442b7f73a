import type { Deps } from '../services/deps';
import { sweepWebAuthUses } from '../services/wechat/web-auth.service';

/** Every ten minutes (a state's lifetime): the rows of wechat_web_auth_uses that guard nothing any more go. */
export const WEB_AUTH_CLEANUP_EVERY_MS = 10 * 60_000;

export interface WebAuthCleanup {
  start(): void;
  stop(): void;
  runOnce(): Promise<number>;
}

/** The sweep on a timer; any process may run it (a row deleted twice is deleted once). */
export function createWebAuthCleanup(
  deps: Pick<Deps, 'database' | 'now'>,
  log: (message: string, error: unknown) => void,
  everyMs = WEB_AUTH_CLEANUP_EVERY_MS,
): WebAuthCleanup {
  let timer: NodeJS.Timeout | null = null;
  const runOnce = () => sweepWebAuthUses(deps);
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void runOnce().catch((error) => log('deleting used WeChat authorisation codes failed', error)), everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    runOnce,
  };
}
