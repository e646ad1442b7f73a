/**
 * Preloaded into the soak's server process (`node --import tsx --import ./bench/soak/probe.ts server/start.ts`):
 * answers the soak's IPC message 'memory' with process.memoryUsage() (the heap cannot be read from /proc) and the
 * event loop's delay since the last answer — high when the machine starves the process of CPU, low when the server
 * only waits on its database.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.on('message', (message) => {
  if (message !== 'memory') return;
  process.send?.({ memory: process.memoryUsage(), loopP99Ms: delay.percentile(99) / 1e6 });
  delay.reset();
});
// The IPC channel must not keep the server alive once start.ts has stopped it.
process.channel?.unref();
