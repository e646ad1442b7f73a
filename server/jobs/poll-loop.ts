/**
 * The loop a queue runner turns (the invitation messages, the webhook deliveries): `runOnce` takes and handles one
 * batch; a full batch looks again at once, a short one (or a failure, logged) waits `pollMs`. `kick` looks now (work
 * was queued in this process); `stop` waits for the batch in hand. Timers are unref'd: an idle loop keeps no
 * process alive.
 */
export interface PollLoop {
  start(): void;
  stop(): Promise<void>;
  kick(): void;
}

export function pollLoop(options: { runOnce: () => Promise<number>; batch: number; pollMs: number; onError: (error: unknown) => void }): PollLoop {
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let running: Promise<number> | null = null;

  function schedule(ms: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function tick() {
    timer = null;
    if (running || !started) return;
    running = options.runOnce();
    running
      .then(
        (n) => (n >= options.batch ? 0 : options.pollMs),
        (error: unknown) => {
          options.onError(error);
          return options.pollMs;
        },
      )
      .then((ms) => {
        running = null;
        schedule(ms);
      });
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => 0);
    },
    kick() {
      if (started && !running) schedule(0);
    },
  };
}
