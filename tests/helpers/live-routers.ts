/**
 * Routers rendered by a UI test. A navigation still loading its lazy screen when the test ends would settle
 * after jsdom is torn down ("window is not defined"); the UI setup waits for each to go idle first.
 */
type TSettling = { state: { status: string }; latestLoadPromise?: Promise<void> | undefined };

const live = new Set<TSettling>();

export function trackRouter(router: TSettling): void {
  live.add(router);
}

export async function settleRouters(timeoutMs = 4_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const router of live) {
    while (Date.now() < deadline) {
      await router.latestLoadPromise?.catch(() => {});
      if (router.state.status === 'idle') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  live.clear();
}
